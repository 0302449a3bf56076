/* corner: run inside atomic (the new processes start only after the
 * atomic sequence ends or blocks), and an atomic chain that passes
 * through several statements with a violated assertion inside it
 * (counted once per path into the atomic). */
byte started, x;

proctype Child(byte id)
{
	started++;
	x = x + id
}

init {
	atomic {
		run Child(1);
		assert(started == 0);	/* children cannot run yet */
		run Child(2);
		x = 10
	};
	atomic {
		x > 10 ->
		x = x * 2;
		assert(x != 26)		/* fails on some interleavings */
	};
	(_nr_pr == 1)
}
