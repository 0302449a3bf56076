/* corner: unless whose escape is a channel receive (the escape consumes
 * the message), escape from inside an inner loop, statements of the
 * escape sequence after the guard. */
chan abort = [1] of { bit };
byte work, esc;

active proctype Worker()
{
	{
		do
		:: work < 5 -> work++
		:: work == 5 -> work = 0
		od
	} unless {
		abort?1 -> esc = work; work = 100
	};
	assert(work == 100 && esc < 6 && len(abort) == 0)
}

active proctype Boss()
{
	(work == 3 || work == 4);
	abort!1
}
