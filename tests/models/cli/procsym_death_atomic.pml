/* tests/gen seed 110 (2026-11-28): O's q!1 hands over to S's receive at
 * the start of S's atomic sequence and finishes O.  Process symmetry
 * removed O in that same step, and the trail wrote O's death there, inside
 * S's sequence, where the unreduced run cannot take it: -t failed at
 * "proc 1 terminates".  Now O goes once S's sequence is over. */
byte y;
chan q = [0] of { byte };
active proctype S() {
	byte v;
	atomic {
		q?v;
		y = 0
	}
	q!0
}
active proctype O() {
	q!1
}
