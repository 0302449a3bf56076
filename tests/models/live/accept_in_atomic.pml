/* An accept label in the middle of an atomic sequence that never blocks
 * there: the state is inside one indivisible step, which pan's nested
 * search does not count (pan -a: no error) and which a claim does not
 * see either (vm/layer_claim.c).  dspin counted it until 2026-11-28 and
 * reported an acceptance cycle (helper-37's finding 5). */
byte x;
active proctype A() {
	do
	:: atomic { x = 1; accept: x = 2; x = 0 }
	od
}
