/* As por_atomic_block_recv.pml, on a rendezvous channel: A's q!0 inside
 * its sequence blocks until B stands at q?y, so B's private z = 1 (a step
 * to a rendezvous partner's location) decides whether the claim sees
 * y == 1 (reduce/por_chan.c: such steps are not safe once a rendezvous
 * access inside an atomic sequence is observed; without it the reduced
 * search finds no violation). */
byte y; chan q = [0] of { byte };
active proctype A() { atomic { y = 1; q!0 } }
active proctype B() { byte z; z = 1; q?y }
ltl { [] (y == 0) }
