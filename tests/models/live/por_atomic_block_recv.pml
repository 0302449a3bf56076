/* Under a never claim the claim sees a state inside an atomic sequence
 * only where the sequence's process blocks (pan's rule): here A's q?v with
 * q empty.  B's q!0 (q's only sender, q not full: a safe send) decides
 * whether A blocks there, so it may not stand alone as the ample set
 * (reduce/por_chan.c, "Under a never claim"; without that the reduced
 * search finds no violation, the unreduced one and pan find it). */
byte y; chan q = [1] of { byte };
active proctype A() { byte v; atomic { y = 1; q?v; y = 0 } }
active proctype B() { q!0 }
ltl { [] (y == 0) }
