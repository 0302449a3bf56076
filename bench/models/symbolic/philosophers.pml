/* bench/models/symbolic/philosophers.pml: N dining philosophers and N
 * forks; philosopher i takes fork i, then fork (i+1)%N, each in an
 * atomic test-and-set guard, and puts both back; as
 * tests/sym/models/philosophers3.pml (N=3 there) with N a parameter and
 * the processes started by a loop in init.
 *
 * Every philosopher holding its left fork is a deadlock.  By default the
 * wait for the right fork is an end label, so that state is a valid end
 * state and every search (SPIN's, dspin's explicit and symbolic ones)
 * counts the whole state space instead of stopping at its first error
 * (the symbolic search stops at the first level with one); -DDEADLOCK
 * drops the label, and the deadlock is reported.
 *
 * Unreduced: 3^N states (27, 81, 243 for N = 3, 4, 5), SPIN 6.5.2 (spin
 * -o1 -o2 -o3 -a, cc -DNOREDUCE -DSAFETY) and dspin -sym=none -por=none
 * agree (bench/RESULTS.md, "Symbolic search"; with -DDEADLOCK the same
 * with pan -c0 and dspin -e).  ../shared/designs/symbolic.md section 3
 * quotes 3^N - 1 for its probe's version (N=14: 4,782,968); that model
 * is not in the repository, and the difference of one is not explained
 * here.  dspin's explicit -por=improviso and -por=twophase remove
 * nothing (every move touches a fork another philosopher shares).
 */
#ifndef N
#define N 5
#endif

bool fork[N];

proctype phil(byte i)
{
	do
	:: atomic { !fork[i] -> fork[i] = 1 };
#ifndef DEADLOCK
end:
#endif
	   atomic { !fork[(i + 1) % N] -> fork[(i + 1) % N] = 1 };
	   fork[i] = 0;
	   fork[(i + 1) % N] = 0
	od
}

init {
	byte i;
	atomic {
		do
		:: i < N -> run phil(i); i++
		:: else -> break
		od
	}
}
