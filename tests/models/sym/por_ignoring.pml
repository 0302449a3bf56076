/* The ignoring problem: S's loop is all safe steps, so without the
 * in-stack proviso (Holzmann & Peled's cycle condition) the reduction
 * would expand only S in every state of its cycle, close the cycle, and
 * never let Q move: Q's assertion would never be checked.
 * (tests/gen/mutants.sh: proviso.) */
byte g;
active proctype Q() { g = 1; assert(g == 0) }
active proctype S() { byte t; do :: t = (t + 1) % 3 od }
