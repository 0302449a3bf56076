/* A remote reference in a provided clause: P can move only while Q's y is
 * 1, so every move of Q is visible to P. */
active proctype Q() { byte y; y = 1; y = 2; end: skip }
active proctype P() provided (Q[0]:y == 1) { assert(false) }
