/* A remote reference as an array index. */
active proctype Q() { byte y; y = 1; y = 2; end: skip }
active proctype P() { byte a[3]; a[Q[0]:y] = 1; assert(a[1] == 0) }
