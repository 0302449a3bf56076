/* corner: len, empty, nempty, full, nfull on buffered channels
 * (tested atomically with the assertion so the other process cannot
 * change the channel in between) */
chan q = [2] of { bit };
byte phase;

active proctype P()
{
	do
	:: nfull(q) -> q!1
	:: atomic { full(q) && phase < 3 -> assert(len(q) == 2); phase++ }
	:: phase >= 3 -> break
	od
}

active proctype C()
{
end:	do
	:: nempty(q) -> q?_
	:: atomic { empty(q) && phase > 0 -> assert(len(q) == 0 && nfull(q))	/* note: SPIN rejects !full(q) */ }
	od
}
