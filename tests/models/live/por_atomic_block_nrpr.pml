/* As por_atomic_block_recv.pml, waiting on _nr_pr: B's death (safe
 * otherwise: it only enables a guard waiting for a process to be alone)
 * decides whether A blocks inside its sequence, where the claim sees
 * y == 1 (reduce/por.c, claim_waits_nr; without it the reduced search
 * finds no violation). */
byte y;
active proctype A() { atomic { y = 1; _nr_pr == 1; y = 0 } }
active proctype B() { byte z; z = 1 }
ltl { [] (y == 0) }
