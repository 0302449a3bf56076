/* A guard that tests a channel's length is safe only while the test
 * cannot change: nempty(q) and empty(q) while q is not empty and no other
 * process can still receive from q (reduce/por_chan.c, guard_holds; SPIN's
 * statement type 5 asks for exclusive receive access).  Here Q can still
 * empty q, so when P stands at its two guards with q full, P's moves must
 * not stand for the whole expansion: only Q's receive first leads P to
 * the assertion.  Without the other-receiver check static POR takes P's
 * nempty(q) branch alone and misses the violation. */
chan q = [1] of { byte };
chan r = [1] of { byte };
active proctype S() { q!1; r!1 }
active proctype Q() { byte x; q?x }
active proctype P() { byte y; r?y; if :: nempty(q) -> skip :: empty(q) -> assert(false) fi }
