/* the loop head is visited with x = 0..N, the state after the guard with
 * x = 0..N-1, then the end and the state after death: 2N+3 states.
 * N=2: 7, N=3: 9 (SPIN 6.5.2 agrees: spin -DN=3 ...) */
#ifndef N
#define N 2
#endif
byte x;
active proctype p() { do :: x < N -> x++ :: else -> break od }
