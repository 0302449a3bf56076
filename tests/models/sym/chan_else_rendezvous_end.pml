/* Found by tests/gen (chan programs, seed 94), the same dependency as
 * chan_else_rendezvous.pml with an invalid end state: S takes its else
 * while R has not reached the rendezvous receive, ends, and R waits for
 * ever.  R's private step t = 1 brings R to the receive, which disables
 * S's else; static POR took it alone and found no error (SPIN finds the
 * invalid end state). */
chan q = [0] of { byte };
active proctype R() { byte t; t = 1; q?t }
active proctype S() { if :: q!0 :: else -> skip fi }
