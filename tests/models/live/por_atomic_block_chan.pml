/* Found by review (helper-37, 2026-11-28) of the first attempt at pan's
 * rule (a claim that does not move inside atomic sequences): the claim
 * sees y == 1 only where A blocks in its sequence, on q!1 with q full,
 * and B's q?v (B the only receiver), taken alone as an invisible move,
 * decides whether A blocks there: the reduced search missed the violation
 * of [](y == 0) that the unreduced search and pan find.  Channel accesses
 * inside atomic sequences now count as observed under a claim
 * (reduce/por_chan.c, "Under a never claim").  pan's own reduction misses
 * it too once B declares `xr q`. */
byte y; chan q = [1] of { byte };
active proctype A() { atomic { y = 1; q!1; y = 0 } }
active proctype B() { byte v; q!0; q?v }
ltl { [] (y == 0) }
