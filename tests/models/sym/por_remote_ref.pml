/* Partial-order reduction must treat a process's locals as shared when a
 * remote reference reads them: Q asserts P[0]:x != 2, which fails when Q
 * runs while x is 2.  With P's assignments counted as safe, the reduction
 * runs P to the end first and Q only sees x = 3 (dspin's static and
 * Twophase reductions did; SPIN 6.5.2's reduction still does: pan without
 * -DNOREDUCE reports no error).  The unreduced search finds the violation. */
active proctype P() { byte x; x = 1; x = 2; x = 3 }
active proctype Q() { assert(P[0]:x != 2) }
