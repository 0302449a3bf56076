/* corner: receive with constant fields (match), eval() of a variable,
 * and _ (write-only dummy); non-matching message at the head blocks. */
chan q = [4] of { byte, byte };
byte want = 2;

active proctype S()
{
	q!1,10; q!2,20; q!2,21; q!3,30
}

active proctype R()
{
	byte v;
	q?1,v;			/* constant match */
	assert(v == 10);
	q?eval(want),v;		/* eval: match against current value */
	want = 3;
	if
	:: q?eval(want),v -> assert(false)	/* head is 2,21: cannot match */
	:: q?2,_ -> skip
	fi;
	q?eval(want),v;
	assert(v == 30)
}

active proctype Stuck()
{
	byte v;
	q?7,v	/* never matches: invalid end state */
}
