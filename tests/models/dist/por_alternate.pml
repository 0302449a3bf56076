/* Partial-order reduction under OWCTY (-dist -a): A's safe moves form a
 * cycle of two states; B's moves are visible and every accepting cycle
 * needs B to move for ever (x alternates).  A search that never expands
 * fully (no proviso), or whose later passes expand a node otherwise than
 * the exploration did, sees only A's cycle and misses the violation.
 * pan: acceptance cycle. */
byte x;
active proctype A() { bit a; do :: a = 1; a = 0 od }
active proctype B() { do :: x = 1; x = 0 od }
ltl { <>[] (x == 0) || <>[] (x == 1) }
