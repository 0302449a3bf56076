/* SPIN's Examples/peterson.pml (6.5.2), verbatim but for this comment:
 * two instances, so 1 - _pid is the other one's pid (the swap commutes
 * with every permutation of two), turn = _pid holds pids, and the
 * assertion `_pid == 0 || _pid == 1` has one value for both. */
bool turn, flag[2];
byte ncrit;

active [2] proctype user()
{
	assert(_pid == 0 || _pid == 1);
again:
	flag[_pid] = 1;
	turn = _pid;
	(flag[1 - _pid] == 0 || turn == 1 - _pid);

	ncrit++;
	assert(ncrit == 1);	/* critical section */
	ncrit--;

	flag[_pid] = 0;
	goto again
}
