/* Found by review (2026-11-27): a safety error missed by the default
 * reduction.  A blocks inside its atomic sequence, keeping atomic
 * control; B and C can move only by timeout.  The reduction took C's
 * timeout alone (reduce/layer_por.c, reduce_full), after which C loops
 * for ever and B's timeout, which lets A reach the assertion, is never
 * enabled again.  Timeouts of different processes are no ample set.
 * pan and -por=none: assertion violated. */
byte g, y;
active proctype A() {
	atomic { g = 1; y == 1 -> g = 0 };
	assert(false)
}
active proctype B() { timeout -> y = 1 }
active proctype C() { bit c; timeout; do :: c = 1 - c od }
