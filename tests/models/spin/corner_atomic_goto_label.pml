/* A goto to a label placed outside an atomic sequence ends the sequence,
 * also when the label is one of two, or stands on a block or an unless
 * whose first statement is the sequence: pan lets Q run after P's jump
 * and finds the assertion.  dspin looked only at a label directly on the
 * atomic, so P kept control for ever and Q never ran (found by review,
 * 2026-11-28). */
bool g, h, k;
active proctype P() { L7: L6: atomic { g = true; goto L7 } }
active proctype R() { M: { atomic { h = true; goto M } } }
active proctype S() { N: { atomic { k = true; goto N } } unless { false } }
active proctype Q() { g && h && k; assert(false) }
