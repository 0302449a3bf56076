/* Several processes whose printf output does not depend on the schedule:
 * a token passed twice around a ring of rendezvous channels, run's return
 * value, _pid, _nr_pr, and output from inside atomic / d_step blocks. */
#define N 3
chan ring[N] = [0] of { byte };
chan back = [0] of { byte };
chan done = [N] of { byte };

proctype node(byte me)
{
	byte tok, k;
	for (k : 1 .. 2) {
		ring[me]?tok;
		printf("node %d (pid %d) has token %d in round %d\n", me, _pid, tok, k);
		if
		:: me == N - 1 && k == 2 -> back!tok + 1
		:: else -> ring[(me + 1) % N]!tok + 1
		fi
	}
	done!me
}

init {
	byte i, p, who, sum;
	atomic {
		i = 0;
		do
		:: i < N ->
			p = run node(i);
			printf("started node %d as pid %d\n", i, p);
			i++
		:: else -> break
		od
	}
	ring[0]!0;
	back?p;
	printf("token back with %d\n", p);
	for (i : 1 .. N) { done?who; sum = sum + who }
	(_nr_pr == 1);
	d_step { printf("d_step: sum %d, %d process left\n", sum, _nr_pr) }
}
