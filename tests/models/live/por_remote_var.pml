/* The claim reads P[0]:y: P's writes of y are visible, its other local
 * moves are not.  The violation needs Q's write while y is 1; an ample
 * set of P's moves that sets y and clears it again before Q moves misses
 * it (SPIN's reduction ignores P[i]:x and misses it: pan without
 * -DNOREDUCE says no error).  pan -DNOREDUCE: error. */
byte x;
active proctype P() { byte y, z; z = 1; y = 1; z = 2; y = 0; z = 3 }
active proctype Q() { x = 1 }
ltl { [] (P[0]:y == 0 || x == 0) }
