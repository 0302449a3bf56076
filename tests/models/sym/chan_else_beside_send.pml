/* An else beside a send is enabled exactly while the channel is full, so
 * it observes the length: a receive by another process that empties the
 * channel disables it.  Here P's receive is "conditionally safe" (q is
 * buffered and not empty, nobody else receives from q), but Q's send at
 * the location with the else counts as a test of q (reduce/por_chan.c:
 * the enabledness of a transition beside an else is observed).  Without
 * that, static POR takes P's receive alone when q is full, Q's else is
 * never enabled in the reduced graph, and the assertion violation that
 * the unreduced search finds is missed (it was, before the rule: the
 * relaxed receive/send conflict of issue 13 made it matter for sends too,
 * chan_else_beside_recv.pml). */
chan q = [1] of { byte };
active proctype Q() { q!0; if :: q!1 :: else -> assert(false) fi }
active proctype P() { byte x; q?x; q?x }
