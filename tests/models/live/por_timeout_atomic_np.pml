/* As por_timeout_atomic.pml, for -l (found by review, 2026-11-27): every
 * non-progress cycle passes a state where A holds atomic control blocked
 * and B and C wait for timeout; C's move is progress, B's is not.  Taking
 * C's timeout alone there hides the cycle A, B, A, B, ...  pan -l: error
 * (non-progress cycle). */
byte y;
active proctype A() { do :: atomic { skip; y == 1 -> y = 0 } od }
active proctype B() { do :: timeout -> y = 1 od }
active proctype C() { do :: timeout -> progress: skip od }
