/* A timeout inside an atomic sequence needs no rule of the reduction's
 * (reduce/por.c, claim_waits_nr): it never runs in the pass that gives the
 * sequence's process control, so the claim sees y == 1 there whether B,
 * whose private steps are safe, has moved or not. */
byte y;
active proctype A() { atomic { y = 1; timeout; y = 0 } }
active proctype B() { byte z; z = 1; z = 2 }
ltl { [] (y == 0) }
