/* A receive by another process does not conflict with a send on a
 * buffered channel that is not full: both stay enabled and commute (the
 * send appends, the receive takes the head).  Unless the receive's
 * enabledness is observed: Q's else beside its receive is enabled exactly
 * while q is empty, so P's send disables it.  Without counting that
 * receive as a test of q (reduce/por_chan.c), static POR takes P's send
 * alone from the initial state and never runs Q's else: the assertion
 * violation is missed. */
chan q = [1] of { byte };
active proctype Q() { byte x; if :: q?x :: else -> assert(false) fi }
active proctype P() { q!1 }
