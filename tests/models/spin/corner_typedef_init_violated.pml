/* A typedef field initialiser the assertion catches: `turn` starts at 2,
 * so a process that finds it at 2 violates the assertion; pan counts the
 * violations with -c0.  Ignoring the initialiser gives 0 errors and fewer
 * states. */
typedef Ctl { byte turn = 2; byte seen };
Ctl c;
active [2] proctype p() {
	c.seen++;
	assert(c.turn != 2 || c.seen < 2);
	c.turn = _pid
}
