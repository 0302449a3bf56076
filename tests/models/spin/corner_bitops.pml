/* corner: bit operators & | ^ ~ << >>, modulo and division (C semantics
 * for negative operands: truncation toward zero), logical operators,
 * operator precedence. */
int a, b;
byte r;
short s;

active proctype P()
{
	a = 12; b = 10;
	assert((a & b) == 8);
	assert((a | b) == 14);
	assert((a ^ b) == 6);
	assert(~a == -13);
	assert((a << 3) == 96);
	assert((a >> 2) == 3);
	assert((-a >> 1) == -6);	/* arithmetic shift */
	assert(-7 / 2 == -3);
	assert(-7 % 2 == -1);
	assert(7 % -2 == 1);
	assert(1 + 2 * 3 << 1 == 14);	/* + binds tighter than << */
	assert((a & 4 | 1) == 5);
	r = ~0;				/* 255 */
	assert(r == 255);
	r = r << 1;			/* 510 -> 254 */
	assert(r == 254);
	s = 1 << 15;			/* 32768 -> -32768 */
	assert(s < 0);
	assert(!(a > b && b > a) && (a > b || false));
	a = a >> 1 ^ 3;			/* 6 ^ 3 = 5 */
	assert(a == 5)
}

active proctype Q()
{
	byte m;
	do
	:: m < 16 -> m = m << 1 | 1
	:: m >= 16 -> break
	od;
	assert(m == 31)
}
