/* A reduction that runs a safe process alone must explore all of its
 * moves, not only the first: P chooses a local value with two options,
 * both safe, and the second one fails P's assertion.  Improviso's phase 1
 * takes such a process with both moves (section 3.4); a phase 1 that
 * took only the first option (no backtracking inside phase 1) would miss
 * the violation, and so would a static ample set with one move of P.
 * The random programs of tests/gen rarely have a local choice followed by
 * a local assertion: with that bug, 0 of 358 programs failed. */
byte g;
active proctype P() { byte a; if :: a = 1 :: a = 2 fi; assert(a != 2) }
active proctype Q() { g = 1; g = 2 }
