/* A remote label reference observes the other process's pc: Q's assertion
 * fails when Q runs while P is at L (between its local steps).  Every move
 * of P is visible to Q, so none of P's locations may be safe for the
 * partial-order reduction. */
active proctype P() { byte x; x = 1; L: x = 2; x = 3 }
active proctype Q() { assert(!P[0]@L) }
