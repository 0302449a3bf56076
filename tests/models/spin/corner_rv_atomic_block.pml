/* corner: a rendezvous send inside an atomic that has no receiver ready
 * blocks and so loses atomicity; the receiver arrives later. Also a
 * rendezvous receive as the guard of an atomic, and a rendezvous
 * channel's len (always 0). Errors expected: O's check and assert are
 * not atomic, and O can block forever (invalid end state). */
chan c = [0] of { byte };
byte x, y;

active proctype S()
{
	atomic {
		x = 1;
		c!x;		/* may block here: others interleave */
		x = 2;
		c!x
	}
}

active proctype R()
{
	byte v;
	y = 1;
	atomic { c?v -> assert(len(c) == 0); y = v };
	c?v;
	y = v
}

active proctype O()
{
	if
	:: x == 1 -> assert(y != 2)
	:: y == 1 -> skip
	fi
}
