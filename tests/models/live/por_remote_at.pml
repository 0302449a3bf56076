/* The claim names P[0]@L: P's moves into and out of L are visible, its
 * other local moves are not.  The violation needs Q's write between P's
 * arrival at L and its departure; an ample set of P's moves that carries
 * P through L before Q moves misses it.  pan -DNOREDUCE: error. */
byte x;
active proctype P() { byte i; i = 1; i = 2; L: i = 3; i = 4 }
active proctype Q() { x = 1 }
ltl { [] (P[0]@L -> x == 0) }
