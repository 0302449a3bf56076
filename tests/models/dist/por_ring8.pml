/* As por_alternate.pml, with A's safe moves a cycle of eight states, so
 * that under -dist the proviso's question about the state closing it is
 * often another rank's (answered after the pass over the level, the
 * expansion made again).  pan: acceptance cycle. */
byte x;
active proctype A() { byte a; do :: a = (a + 1) % 8 od }
active proctype B() { do :: x = 1; x = 0 od }
ltl { <>[] (x == 0) || <>[] (x == 1) }
