/* improviso_atomic.pml: a safe first step that goes into an atomic
 * sequence whose next step writes a global.  Taken as a phase-1 move
 * (the sequence is one move of A, and A looks safe at its location), A
 * runs before B can look at g and the assertion violation (B first: g is
 * still 0) is never reached.  Phase 1 must not take a move into an
 * atomic sequence (search/sym/sym_improviso.c; the explicit Improviso
 * and Twophase the same).  Violated, by hand: B's assertion in the
 * initial state. */
byte g;
active proctype A()
{
	byte l;
	atomic { l = 1; g = 1 }
}
active proctype B()
{
	assert(g == 1)
}
