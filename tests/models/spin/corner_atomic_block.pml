/* corner: an atomic sequence that blocks in the middle loses atomicity;
 * the other process may then run, and the atomic resumes later (with
 * atomicity regained once the blocked statement becomes executable).
 * The assertion fails in the interleavings where Q slipped in. */
byte flag, x;

active proctype P()
{
	atomic {
		x = 1;
		flag == 1;	/* blocks until Q sets flag: atomicity is lost here */
		x = 2;
		x = 3
	};
	assert(x == 3)
}

active proctype Q()
{
	do
	:: flag == 0 -> flag = 1
	:: x == 2 -> x = 7	/* only possible if P's atomic were broken after x=2: never */
	:: x == 1 -> x = 5; break	/* possible while P is blocked in its atomic */
	od
}
