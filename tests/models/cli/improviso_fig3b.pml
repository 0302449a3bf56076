/* Improviso's fixpoint (section 3.5), on the paper's Fig. 3-b with the
 * receiver last, so that phase 1 tries it first (highest pid first):
 * -por=improviso stores 13 states, -por=twophase 19, unreduced 30.
 *
 * Phase 1 from the initial state: the receiver cannot move (q is empty),
 * the sender sends, another1 and another2 write x (not safe).  Twophase
 * ends phase 1 there and expands that state fully: the receive, x = 1 and
 * x = 2 each begin a phase 1, and the receive runs once before and once
 * after each write (3 states each time: received, receiver gone, sender
 * gone).  Improviso begins another round, since the receiver can now move
 * to a new state: receive, receiver's death, sender's death, and phase 2
 * only at the state where just the two writers are left (5 states).
 * From there both searches store the same 8: x = 2 then x = 1 and the
 * deaths (4), x = 1 then x = 2 and the deaths (4).  5 + 8 = 13;
 * Twophase: 2 + 3 + 8 + 3 + 3 = 19. */
chan q = [1] of { int };
int x;
active proctype another2() { x = 2 }
active proctype another1() { x = 1 }
active proctype sender() { q ! 1 }
active proctype receiver() { int a; q ? a }
