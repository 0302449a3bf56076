/* Another process's test of a channel conflicts with a send only if the
 * send can make it false: nempty(q) where a guard needs it true can only
 * be made false by a receive, so a send merely enables that guard
 * (reduce/por_chan.c, test_kind).  Under a negation the test is read the
 * other way round: Q's guard !nempty(q) is disabled by P's send.  Reading
 * it as a positive test would make P's send safe in the initial state,
 * static POR would take it alone, Q would always take its second branch,
 * and its assertion would never run. */
chan q = [1] of { byte };
active proctype Q() { if :: !nempty(q) -> assert(false) :: nempty(q) -> skip fi }
active proctype P() { q!1 }
