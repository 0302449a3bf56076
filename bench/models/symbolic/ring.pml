/* bench/models/symbolic/ring.pml: a token ring of N processes.  A single
 * token travels around the ring through one-place channels; each process
 * may ask for the critical section at any time (its local bit want), and
 * enters it only while it holds the token, then passes the token on.  A
 * process without a request passes the token on at once.  The assertion
 * checks mutual exclusion through a global counter.  Written for this
 * benchmark (dspin's own), not from a paper: the requests are free, so
 * the state space grows as N * 2^N (the token's place times every set of
 * requests), the kind of growth where a BDD stays small.
 *
 * Unreduced: SPIN 6.5.2 (spin -o1 -o2 -o3 -a, cc -DNOREDUCE -DSAFETY) and
 * dspin -sym=none -por=none agree at every N measured (bench/RESULTS.md,
 * "Symbolic search", gives the counts).
 */
#ifndef N
#define N 4
#endif

chan link[N] = [1] of { bit };
byte incs;	/* processes in the critical section */

proctype node(byte i)
{
	bool want;
	do
	:: !want -> want = true
	:: link[i]?1 ->
		if
		:: want ->
			incs++;
			assert(incs == 1);
			incs--;
			want = false
		:: else
		fi;
		link[(i + 1) % N]!1
	od
}

init {
	byte i;
	atomic {
		do
		:: i < N -> run node(i); i++
		:: else -> break
		od;
		link[0]!1
	}
}
