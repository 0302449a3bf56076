/* Two processes send on one channel: the order of the sends matters to the
 * receiver, so neither send is safe (reduce/por_chan.c: another process can
 * still reach a send on the same channel). */
chan q = [2] of { byte };
active proctype A() { q!1 }
active proctype B() { q!2 }
active proctype R() { byte x; q?x; assert(x == 2) }
