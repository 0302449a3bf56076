/* corner: invalid end states: two processes acquiring two locks in
 * opposite order can deadlock; each deadlock state is reported. */
bit l1, l2;

active proctype A()
{
	atomic { l1 == 0 -> l1 = 1 };
	atomic { l2 == 0 -> l2 = 1 };
	l2 = 0;
	l1 = 0
}

active proctype B()
{
	atomic { l2 == 0 -> l2 = 1 };
	atomic { l1 == 0 -> l1 = 1 };
	l1 = 0;
	l2 = 0
}

active proctype C()
{
	(l1 == 1 && l2 == 1);	/* may never become true: also an invalid end */
	skip
}
