/* corner: active [3] proctype: three instances in the initial state
 * with pids 0..2, plus a second active proctype and init (pids after
 * the active ones). Invalid end state expected: init (highest pid)
 * waits for _nr_pr == 1, but lower pids can only be removed after all
 * higher pids are gone, so the wait never ends. */
byte seen[5];

active [3] proctype P()
{
	seen[_pid]++;
	assert(_pid < 3)
}

active proctype Q()
{
	seen[_pid]++;
	assert(_pid == 3)
}

init {
	seen[_pid]++;
	assert(_pid == 4);
	(_nr_pr == 1);
	assert(seen[0] + seen[1] + seen[2] + seen[3] + seen[4] == 5)
}
