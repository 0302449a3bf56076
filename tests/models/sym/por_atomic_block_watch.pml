/* Found by helper-38's generator (atomblock programs with a watcher,
 * 2026-11-28): A's sequence blocks on q?v while q is empty, and only there
 * can C see y == 1.  B's q!0 (q's only sender, q not full: a safe send)
 * decides whether A blocks, so in a safety search too it may not stand
 * alone as the ample set (reduce/por_chan.c, find_inside): the reduced
 * search found no error, the unreduced one and pan the assertion. */
byte y; chan q = [1] of { byte };
active proctype A() { byte v; atomic { y = 1; q?v; y = 0 } }
active proctype B() { q!0 }
active proctype C() { end: y == 1 -> assert(false) }
