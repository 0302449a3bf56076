/* -deadvars: x is read only by the unless escape's guard, at every
 * location of the body.  An analysis that ignored escape transitions would
 * take x as dead after x = 1, reset it, and the escape (and its assertion
 * violation) would never run.  SPIN: assertion violated. */
active proctype P() {
	byte x, y;
	{ x = 1; y = 1; y = 2; y = 3 } unless { x == 1 -> assert(false) }
}
