/* reduce/por_inside.c takes a receive inside an atomic sequence as
 * unable to block where its channel is known not to be empty.  Here p
 * and q name one channel: the guard knows both not empty, q?v takes the
 * one message, and p?v blocks, where C sees y == 1 unless B's second
 * send (B the only sender) came first.  A receive must forget what it
 * knew of every channel expression, not only its own (a hostile reading
 * of por_inside.c, 2026-11-28). */
byte y; chan q = [2] of { byte };
proctype A(chan p) { byte v; atomic { nempty(p) && nempty(q) -> y = 1; q?v; p?v; y = 0 } }
active proctype B() { q!0; q!1 }
active proctype C() { end: y == 1 -> assert(false) }
init { run A(q) }
