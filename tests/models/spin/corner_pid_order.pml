/* corner: initial pids follow the declaration order of active proctypes
 * and init (init is not always last, nor always 0): here A=0, init=1,
 * B=2,3. A process run later gets pid _nr_pr at that moment (4 while
 * the B's are alive, 3 or 2 once they were removed). */
byte order[4], newpid;

active proctype A()
{
	order[_pid] = 1;
	assert(_pid == 0)
}

init {
	order[_pid] = 2;
	assert(_pid == 1);
	newpid = run C();
	assert(newpid >= 2 && newpid <= 4)
}

active [2] proctype B()
{
	order[_pid] = 3;
	assert(_pid == 2 || _pid == 3)
}

proctype C()
{
	assert(_pid == newpid || newpid == 0)
}
