/* A remote label reference in a local initialiser: P's initialiser asks
 * whether Q is at M when R runs P.  The label must be resolved there too
 * (it was resolved in statements only, and the reference compared Q's pc
 * with location 0, Q's closing brace, which Q never reaches), and Q's
 * moves are visible to P. */
active proctype Q() { byte y; y = 1; M: y = 2; end: false }
active proctype R() { run P() }
proctype P() { bool b = Q[0]@M; assert(!b) }
