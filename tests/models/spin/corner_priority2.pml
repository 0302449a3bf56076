/* corner: priorities with a never claim-free safety search: equal
 * priorities interleave freely, and a high-priority process that
 * becomes enabled through timeout or an else decides the order; an
 * assertion that fails only under some interleavings (errors counted). */
byte n;
active [2] proctype low() priority 1
{
	n++;
	n++;
	assert(n != 3)
}
active proctype mid() priority 3
{
	if
	:: n >= 2 -> n = 10
	:: else -> skip
	fi;
	timeout -> n = 0
}
active proctype high() priority 9
{
	(n == 10 || n == 0) -> _priority = 2;
	n = n + 1
}
