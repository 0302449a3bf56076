/* Found by review: a sorted send (!!) can put its message ahead of the
 * head, so another process's receive depends on it; static POR took the
 * receive as conditionally safe and missed the violation SPIN finds. */
/* R's receive is "conditionally safe": q is buffered and non-empty and no
 * other process can still receive from or test q.  But S2's sorted send
 * q!!0 inserts before the head, so it changes what R's receive gets:
 * the two are dependent. */
chan q = [2] of { byte };
bit flag;
active proctype S1() { q!1; flag = 1 }
active proctype S2() { flag == 1; q!!0 }
active proctype R() { byte v; q?v; assert(v == 1) }
