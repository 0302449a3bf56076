/* A hand-written claim that pan's run satisfies: y is 1 only inside the
 * atomic sequence, which the claim does not see, so the claim never
 * reaches its end (an error) and stutters at the terminated system.
 * Until 2026-11-28 dspin's claim moved inside the sequence and reported
 * "never claim violated". */
byte y;
active proctype A() { atomic { y = 1; y = 0 }; atomic { y = 2; y = 0 } }
never { do :: y == 1 -> break :: y == 2 -> break :: else od }
