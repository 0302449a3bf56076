/* Partial-order reduction in the nested DFS: A's only move is a local
 * self-loop, always safe, so an ample set of A's move alone closes a cycle
 * on the state being expanded; the cycle proviso must refuse it, or B
 * never moves and the violation (x becomes 1) is missed.  pan: error. */
byte x;
active proctype A() { bit a; do :: a == 0 od }
active proctype B() { x = 1 }
ltl { [] (x == 0) }
