/* As por_selfloop.pml, but A's safe moves form a cycle of two states: the
 * second state's ample set leads back to the first, which was reduced
 * before; the proviso must expand it fully so that B can move.  pan: error. */
byte x;
active proctype A() { bit a; do :: a = 1; a = 0 od }
active proctype B() { x = 1 }
ltl { [] (x == 0) }
