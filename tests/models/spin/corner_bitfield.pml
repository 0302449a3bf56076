/* corner: unsigned bitfields "unsigned x : 3" wrap modulo 2^3, on
 * increment and on assignment of out-of-range constants. (Arrays of
 * unsigned bitfields are rejected by SPIN.) */
unsigned u : 3;
unsigned w : 5 = 30;

active proctype P()
{
	do
	:: u < 7 -> u++
	:: u == 7 -> u++; break	/* wraps to 0 */
	od;
	assert(u == 0);
	w = w + 3;	/* 33 -> 1 */
	assert(w == 1);
	u = 13;		/* -> 5 */
	assert(u == 5)
}
