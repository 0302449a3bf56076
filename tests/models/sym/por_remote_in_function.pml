/* A remote reference in a function body, reached through a call. */
active proctype Q() { byte y; y = 1; y = 2; end: skip }
byte f() { return Q[0]:y }
active proctype P() { byte x; x = f(); assert(x != 1) }
