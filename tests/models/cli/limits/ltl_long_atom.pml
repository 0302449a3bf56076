/* An ltl proposition of about 8,000 characters (x*0 repeated): the
 * formula's text used to be cut at 200 characters and the never claim's
 * guards at 4,096, which made the claim a syntax error.  With BOUND 3 the
 * property holds (-a: no cycle); with -DBOUND=2 it does not. */
#ifndef BOUND
#define BOUND 3
#endif
#define T1 x*0 +
#define T4 T1 T1 T1 T1
#define T16 T4 T4 T4 T4
#define T64 T16 T16 T16 T16
#define T256 T64 T64 T64 T64
#define T1K T256 T256 T256 T256
byte x;
active proctype p() {
	do
	:: x = (x + 1) % 3
	od
}
ltl small { [] (T1K x < BOUND) }
