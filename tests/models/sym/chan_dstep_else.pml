/* A d_step runs to completion in one step, so what it does can depend on
 * the length of a channel at that moment: Q's d_step takes the else when
 * q is empty.  Its receive therefore observes q's length and conflicts
 * with P's send (reduce/por_chan.c: every channel access inside a d_step
 * is a test).  Without that, static POR takes P's send alone first, Q's
 * d_step always receives, and the assertion violation is missed. */
chan q = [1] of { byte };
active proctype Q() { byte x; bit f; d_step { if :: q?x :: else -> f = 1 fi }; assert(!f) }
active proctype P() { q!1 }
