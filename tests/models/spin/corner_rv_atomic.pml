/* corner: rendezvous send inside an atomic sequence: atomicity passes
 * to the receiver when the receiver is also in an atomic; a blocked
 * rendezvous send inside an atomic loses atomicity. */
chan c = [0] of { byte };
byte x, y;

active proctype A()
{
	atomic { x = 1; c!1; x = 2 }	/* after the handshake control goes to B */
	atomic { x = 3; c!2 }
}

active proctype B()
{
	byte m;
	atomic { c?m; y = m; assert(x == 1) }	/* A cannot run in between */
	c?m;
	y = m;
	assert(x == 3)
}

active proctype C()
{
	/* interleaves freely with A and B */
	do
	:: x == 2 -> break
	:: y == 2 -> break
	od
}
