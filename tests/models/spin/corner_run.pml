/* corner: run with parameters (values copied at creation), _pid of the
 * new processes, _nr_pr, run used as an expression (returns the pid),
 * parameters of several types. Errors expected: when Worker(1,..) dies
 * before the second run, the second worker also gets pid 1, so both
 * "id == _pid" and "p2 == 2" fail on those paths. */
byte total;

proctype Worker(byte id; short delta; bit twice)
{
	total = total + delta;
	if
	:: twice -> total = total + delta
	:: else
	fi;
	assert(id == _pid)
}

init {
	byte p1, p2;
	assert(_nr_pr == 1 && _pid == 0);
	p1 = run Worker(1, 3, 0);
	p2 = run Worker(2, 4, 1);
	assert(p1 == 1 && p2 == 2);	/* fails: worker 1 may already have died, its pid 1 is reused */
	(_nr_pr == 1);
	assert(total == 11);
	run Worker(1, 1, 1);	/* pid 1 is reused after both workers died */
	(_nr_pr == 1);
	assert(total == 13)
}
