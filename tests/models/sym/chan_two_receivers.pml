/* Two processes receive from one channel: who gets the first message
 * matters, so neither receive is safe. */
chan q = [2] of { byte };
active proctype S() { q!1; q!2 }
active proctype A() { byte x; q?x; assert(x == 2) }
active proctype B() { byte y; q?y }
