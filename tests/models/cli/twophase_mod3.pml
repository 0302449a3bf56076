/* Twophase hand count (-por=twophase -cache=all): 5 states of 9.
 * P and Q each cycle a local counter through 0,1,2 with one safe
 * transition, so both are always deterministic.  Phase 1 from (x,y)=(0,0)
 * runs Q (the higher pid) through (0,1),(0,2) back to (0,0), which is in
 * the list, then P through (1,0),(2,0) back to (0,0).  Phase 2 at (0,0)
 * stores the list {(0,0),(0,1),(0,2),(1,0),(2,0)}; both successors,
 * (1,0) and (0,1), are already stored.  Unreduced: 3 x 3 = 9. */
active proctype P() { byte x; do :: x = (x + 1) % 3 od }
active proctype Q() { byte y; do :: y = (y + 1) % 3 od }
