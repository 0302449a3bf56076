/* bench/broad: dining philosophers, N processes and N forks (bits), each
 * philosopher takes its left fork, then its right (atomic test-and-set),
 * eats, and puts both back; the classic deadlock is reachable (an invalid
 * end state: pan and dspin both report it).  Many processes, a small
 * vector.  Written for bench/broad.sh (issue 16, item 4). */
#ifndef N
#define N 9
#endif
bit fork[N];
byte eating;

proctype phil(byte i)
{
	do
	:: atomic { fork[i] == 0 -> fork[i] = 1 };
	   atomic { fork[(i + 1) % N] == 0 -> fork[(i + 1) % N] = 1 };
	   eating++;
	   assert(eating <= N / 2);
	   eating--;
	   fork[(i + 1) % N] = 0;
	   fork[i] = 0
	od
}

init
{
	byte i;
	atomic {
		for (i : 0 .. N-1) { run phil(i) }
	}
}
