/* corner: typedef records, nested records, arrays inside records,
 * arrays of records, whole-record send/receive over a channel. */
typedef Pt { byte x; byte y };
typedef Seg { Pt a; Pt b; bit used[2] };

Seg segs[2];
chan c = [1] of { Pt };

active proctype P()
{
	Pt p;
	p.x = 3; p.y = 4;
	segs[1].a.x = p.x;
	segs[1].b.y = p.y;
	segs[1].used[1] = 1;
	c!p;
	p.x = 9;
	c!p
}

active proctype Q()
{
	Pt r;
	c?r;
	assert(r.x == 3 && r.y == 4);
	c?r;
	assert(r.x == 9 && segs[1].used[1] == 1 && segs[0].used[1] == 0);
	segs[0].b.x = segs[1].a.x + r.y	/* (whole-record assignment is not Promela) */
}
