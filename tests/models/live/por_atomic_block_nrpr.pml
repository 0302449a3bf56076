/* A waits inside its sequence for _nr_pr == 1.  Under a claim that never
 * holds: pan counts the claim in _nr_pr (as dspin does since 2026-11-28),
 * so A blocks there in every order and the claim sees y == 1.  (Before,
 * dspin did not count the claim, and B's death, a safe move, decided
 * whether A blocked: the reduction needed a rule for it, por.c's
 * claim_waits_nr, now gone: a wait for being alone is seen by no one
 * else.) */
byte y;
active proctype A() { atomic { y = 1; _nr_pr == 1; y = 0 } }
active proctype B() { byte z; z = 1 }
ltl { [] (y == 0) }
