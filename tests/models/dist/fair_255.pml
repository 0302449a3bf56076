/* Weak fairness (-f) keeps a one-byte counter: copy 0..N+1 for N
 * processes, or in follow mode a position + 1 and FULL = 255.  With 255
 * processes copy N+1 = 256 does not fit, and the fair acceptance cycle
 * below (254 processes blocked for ever, the last one looping) was missed:
 * `dspin -a -f` said "errors: 0", by one process or by OWCTY.  Now a move
 * from a state with 255 processes under -f is a resource bound (exit 3),
 * as a move that needs a 256th process is; 254 processes find the cycle
 * (exit 1). */
#ifndef N
#define N 255
#endif
byte x;
active [N] proctype p() { (_pid == N - 1); do :: x = 1; x = 0 od }
never { do :: x == 1 -> break :: else od; accept: do :: true od }
