/* corner: mtype values (numbered from 1 in reverse declaration order in
 * SPIN, but only equality matters here), mtype in channels and as
 * receive constants, split mtype declarations, printm. */
mtype = { idle, busy };
mtype = { req, rsp };
chan c = [2] of { mtype, mtype };
mtype st = idle;

active proctype A()
{
	c!req,idle;
	c!rsp,busy;
	st = busy
}

active proctype B()
{
	mtype m, s;
	c?req,s;
	assert(s == idle);
	c?m,s;
	printm(m);
	assert(m == rsp && s == busy);
	assert(st == busy)	/* may fail: A may not have updated st yet */
}
