/* A guard with a false conjunct over its process's own variables stays
 * disabled while the process stands still, whatever its channel tests
 * (reduce/por_chan.c, guard_holds).  That holds only for private
 * conjuncts: P's first guard also reads the global g, which Q sets, so P
 * may not be expanded alone while g == 0 (the guard is not a channel
 * guard at all, and P's location is unsafe).  Taking g == 1 as private
 * would let static POR run P's skip alone first and miss the violation. */
chan q = [1] of { byte };
byte g;
active proctype Q() { g = 1 }
active proctype S() { q!1 }
active proctype P() { if :: g == 1 && nempty(q) -> assert(false) :: skip fi }
