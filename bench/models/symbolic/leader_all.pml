/* bench/models/symbolic/leader_all.pml: leader election in a
 * unidirectional ring (Dolev, Klawe and Rodeh), with every assignment of
 * identifiers: the Improviso paper's Table 4, "The leader election
 * protocol with non-deterministic initial state"
 * (../shared/papers/improviso-symbolic-por.md, section 4.3: "it is
 * sufficient to consider all possible assignments of identifiers in the
 * range between 0 and n-1, where n is the number of nodes").
 *
 * The node is Holzmann and Peled's (the paper's reference [14]; the same
 * text as tests/models/spin/leader_hp.pml, from that paper's appendix),
 * with L = 2N places per channel.  Departures, both forced by the
 * assignments: init picks each node's identifier with select (0..N-1,
 * so N^N assignments, duplicates included, as the paper's words say),
 * and H&P's `assert maxi == N` is gone, since with duplicates a node can
 * see its own number come back without holding the largest one (the
 * protocol then elects more than one node, which is the point of checking
 * every assignment, but it is not what this benchmark counts).  -DPERM
 * restricts the choice to the N! permutations of 1..N, where the
 * assertion holds and is kept.
 *
 * Unreduced counts (SPIN 6.5.2, spin -o1 -o2 -o3 -a, cc -DNOREDUCE
 * -DSAFETY, and dspin -sym=none -por=none agree): bench/RESULTS.md,
 * "Symbolic search".  They do not equal the paper's (187, 5,602, 473,173
 * for N = 2, 3, 4): its Promela model is not published, and its fixed-id
 * counts (Table 3: 70, 488, 3,576) are not those of H&P's text either
 * (leader_hp.pml: 85, 612, 4,823), so the paper's model differs from
 * H&P's in ways the paper does not describe; init's choices are also
 * steps here, where the SMV translation starts from a set of initial
 * states.
 */
#ifndef N
#define N 3
#endif
#define L (2 * N)

mtype = { first, second };

chan q[N] = [L] of { byte, byte };

proctype node(chan in, out; byte id)
{
	byte number, maxi = id, neighbourR;
	bit Active = 1;

	xr in;
	xs out;

	out!first(id);
end:	do
	:: in?first(number) ->
		if
		:: Active ->
			if
			:: number != maxi ->
				out!second(number);
				neighbourR = number
			:: number == maxi ->
#ifdef PERM
				assert(maxi == N)
#else
				skip
#endif
			fi
		:: !Active -> out!first(number)
		fi
	:: in?second(number) ->
		if
		:: Active ->
			if
			:: neighbourR > number && neighbourR > maxi ->
				maxi = neighbourR;
				out!first(neighbourR)
			:: !(neighbourR > number && neighbourR > maxi) ->
				Active = 0
			fi
		:: !Active -> out!second(number)
		fi
	od
}

init {
	byte n = 1, id;
#ifdef PERM
	int used;	/* bit k: identifier k taken */
#endif
	atomic {
		do
		:: n <= N ->
#ifdef PERM
			select (id : 1 .. N);
			do
			:: used & (1 << id) -> id = id % N + 1
			:: else -> break
			od;
			used = used | (1 << id);
#else
			select (id : 0 .. N - 1);
#endif
			run node(q[n - 1], q[n % N], id);
			n++
		:: else -> break
		od;
		id = 0
	}
}
