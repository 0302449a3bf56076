/* corner: "hidden" global variables are not part of the state vector:
 * states differing only in a hidden variable are the same state (this
 * changes the number of stored states). The hidden variable is never
 * read in a way that influences control flow, so the count does not
 * depend on the search order. Also the predefined write-only _ . */
hidden byte scratch;
byte x;
chan c = [2] of { byte };

active proctype P()
{
	do
	:: x < 3 -> scratch = scratch + x + 1; x++
	:: x < 3 -> scratch = 0; x++
	:: x == 3 -> break
	od;
	c!1; c!2;
	c?_; c?_;
	_ = x	/* assignment to _ is allowed and has no effect */
}

active proctype Q()
{
	byte seen;
	do
	:: seen < 2 -> seen++
	:: x == 3 -> break
	od
}
