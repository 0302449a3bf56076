/* corner: ?[..] polls (no side effect, usable in expressions), ?<..>
 * copy-receive (message stays), ??[..] random poll, and a poll used as
 * a guard combined with other conditions. */
mtype = { a, b, c };
chan q = [3] of { mtype, byte };
byte n;

active proctype W()
{
	q!a,1; q!b,2;
	(n == 1);
	q!c,3
}

active proctype R()
{
	mtype m; byte v;
	(q?[a,1] && len(q) == 2);
	q?<m,v>;		/* copy: message stays in q */
	assert(m == a && v == 1 && len(q) == 2);
	assert(q??[b,2] && !q?[b,2]);
	n = 1;
	if
	:: q?[a,_] -> q?m,v
	:: q??[c,3] -> q??c,v; assert(v == 3)
	fi;
	q?<m,v>;
	assert(m != a)	/* violated after the second if-branch: a,1 is still at the head */
}
