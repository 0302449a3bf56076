/* corner: which statements are steps (each step yields a new state in a
 * single sequential process, since spin runs with -o3: no statement
 * merging). A goto that follows another statement is not a step (the
 * previous statement jumps directly) and neither is a goto at the very
 * start of the body (the process starts at its target), but a goto that
 * is the first statement of an if/do option or of an atomic is a step of
 * its own. Expected: 9 states. */
active proctype P()
{
	byte x;
	goto L1;		/* first statement of the body: not a step */
L1:	x = 1;
	goto L2;		/* follows x = 1: not a step */
	x = 99;			/* unreachable */
L2:	if
	:: goto L3		/* first statement of an option: a step */
	:: x = 3
	fi;
L3:	atomic { goto L4 };	/* first statement of an atomic: a step */
L4:	x = 2;
L5:	goto L6;		/* x = 2 jumps straight to L7 */
L6:	goto L7;
L7:	x = 4
}
