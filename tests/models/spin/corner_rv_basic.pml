/* corner: rendezvous (size 0) channel: send and receive happen as one
 * step; neither side can proceed alone. */
chan c = [0] of { byte, bit };
byte got;

active proctype Snd()
{
	byte i;
	do
	:: i < 4 -> c!i,(i%2); i++
	:: i == 4 -> c!99,1; break
	od
}

active proctype Rcv()
{
	byte v; bit b;
	do
	:: c?v,b -> got++; if :: v == 99 -> break :: else -> assert(b == v % 2) fi
	od;
	assert(got == 5)
}
