/* corner: end labels: a process blocked at an end-labelled statement is
 * in a valid end state; labels are prefix matched ("end", "end0",
 * "endwait"). Messages left in channels are fine. No errors expected. */
chan req = [2] of { byte };

active [2] proctype Server()
{
	byte v;
end:	do
	:: req?v -> assert(v > 0)
	od
}

active proctype Client()
{
	req!1;
	req!2;
	req!3;
endwait:
	false	/* blocks forever, valid */
}

active proctype Idle()
{
	byte x;
end0:	if
	:: x > 0 -> skip
	fi
}
