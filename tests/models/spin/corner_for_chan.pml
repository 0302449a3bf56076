/* corner: records (nested, with arrays and mtype fields) as channel
 * message fields, sent and received whole; for (x in c) over a channel's
 * contents (SPIN 6.5: receive and send back each message, a hidden byte
 * counter), concurrently with a sender and a receiver. */
mtype = { red, green };
typedef In { byte v[2]; mtype col };
typedef Msg { bit ok; In in; short s };

chan q = [3] of { Msg };
chan r = [2] of { byte, In };
byte sum;

active proctype sender()
{
	Msg m;
	m.ok = 1; m.in.v[0] = 2; m.in.v[1] = 3; m.in.col = green; m.s = -4;
	q!m;
	m.in.v[1] = 5; m.s = 7;
	q!m;
	r!1, m.in
}

active proctype walker()
{
	Msg x;
	byte n;
	for (x in q) {
		sum = sum + x.in.v[0] + x.in.v[1];
		n++
	}
	assert(n <= 2 && len(q) <= 2)
}

active proctype taker()
{
	Msg y;
	In i;
	byte k;
	q?y;
	assert(y.ok && y.in.col == green && y.s == -4);
	r?k, i;
	assert(i.v[1] == 5);
	skip
}
