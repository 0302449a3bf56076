/* corner: buffered channel, plain ! and ?, blocking on full and empty,
 * FIFO order, multiple fields, messages left in a channel at the end
 * (valid: no -q strictness) */
chan q = [2] of { byte, short };

active proctype Prod()
{
	byte i = 1;
	do
	:: i <= 4 -> q!i,-i; i++
	:: i > 4 -> break
	od;
	q!9,9	/* may stay in the channel */
}

active proctype Cons()
{
	byte a, last; short b;
	do
	:: q?a,b ->
		assert(a == last + 1 && b == -a);
		last = a;
		if :: last == 4 -> break :: else fi
	od
}
