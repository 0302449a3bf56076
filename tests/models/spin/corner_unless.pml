/* corner: unless (escape sequences), including nested unless: the escape
 * guard is checked before each statement of the main sequence, and
 * when both escapes are enabled the outer one has priority. */
byte x, stop1, stop2, where;

active proctype P()
{
	{
		{
			x = 1;
			x = 2;
			do
			:: x < 6 -> x++
			od
		} unless {
			stop1 == 1 -> where = 1
		}
	} unless {
		stop2 == 1 -> where = 2
	};
	assert(where != 0);
	assert(where == 2 || x < 6)
}

active proctype Q()
{
	if
	:: stop1 = 1
	:: stop2 = 1
	:: stop1 = 1; stop2 = 1
	fi
}
