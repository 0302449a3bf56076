/* -deadvars: the d_step writes x only on a branch that never runs, so it
 * does not define x: x (7 from its initialiser) is live before the d_step.
 * An analysis that took the d_step's write as a definition would reset x
 * and report a violation that SPIN does not.  SPIN: no errors. */
active proctype P() {
	byte x = 7, y;
	d_step { if :: y == 1 -> x = 0 :: else -> skip fi };
	assert(x == 7)
}
