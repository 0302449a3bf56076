/* A remote reference in a run argument: R reads Q's y when it runs P. */
active proctype Q() { byte y; y = 1; y = 2; end: skip }
active proctype R() { run P(Q[0]:y) }
proctype P(byte x) { assert(x != 1) }
