/* Issue 11: a remote reference in a local initialiser.  P's initialiser
 * reads Q's y when R runs P; the assertion fails when that happens while
 * y is 1.  The static and Twophase reductions looked for remote references
 * in statements only, took Q's assignments as safe, ran Q to its end first
 * and missed the violation (SPIN and -por=none find it). */
active proctype Q() { byte y; y = 1; y = 2; end: skip }
active proctype R() { run P() }
proctype P() { byte x = Q[0]:y; assert(x != 1) }
