/* trail check, terminating instances on both sides of init: V0 is active
 * (created before init), init runs V2 and ends.  The instance that takes
 * number 2 ends at once, the one with number 1 waits forever: an invalid
 * end state, found by every mode.  When V0 takes number 2 and ends, SPIN
 * holds it below init, and init cannot be removed while V2 lives; the
 * trail process symmetry writes must replay on the unreduced model. */
byte x;
active proctype V() {
  byte k;
  atomic { x++; k = x };
  k == 2
}
init {
  run V()
}
