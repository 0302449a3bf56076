/* Found by tests/gen (chan programs, seed 102): on a rendezvous channel
 * a send is executable exactly while the partner stands at a matching
 * receive, so S's else is enabled while R has not reached q?x yet.  R's
 * step x = 1 is private, but it brings R to the receive and so disables
 * S's else: the two are dependent.  Static POR took R's step alone
 * (S's location, a rendezvous send, is not safe), S could then only
 * send 1, and the violation after the else (SPIN finds it, with and
 * without its reduction) was missed (reduce/por_chan.c,
 * chan_enables_observed). */
chan q = [0] of { byte };
active proctype R() { byte x; x = 1; q?x; assert(x != 2) }
active proctype S() { if :: q!1 :: else -> q!2 fi }
