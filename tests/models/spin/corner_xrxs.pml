/* corner: xr / xs exclusive access declarations (no effect on the
 * unreduced state space). */
chan c = [2] of { byte };
chan d = [2] of { byte };

active proctype P()
{
	xs c;
	xr d;
	byte v;
	c!1; c!2;
	d?v;
	assert(v == 3)
}

active proctype Q()
{
	xr c;
	xs d;
	byte v;
	c?v; c?v;
	d!v+1
}
