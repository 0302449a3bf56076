/* A remote reference inside a d_step body. */
active proctype Q() { byte y; y = 1; y = 2; end: skip }
active proctype P() { byte x; d_step { x = Q[0]:y; x = x * 2 }; assert(x != 2) }
