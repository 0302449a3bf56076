/* corner: truncation of values on assignment to byte, short, bit, bool
 * (C semantics of the stored type: byte is unsigned 8 bit, short signed
 * 16 bit), while expressions are evaluated in int. */
byte b;
short s;
bit t;
bool f;
int i;

active proctype P()
{
	b = 250;
	b = b + 10;		/* 260 -> 4 */
	assert(b == 4);
	b = -1;			/* -> 255 */
	assert(b == 255);
	assert(b + 1 == 256);	/* expression is not truncated */
	s = 32767;
	s = s + 1;		/* -> -32768 */
	assert(s == -32768);
	s = 70000;		/* -> 4464 */
	assert(s == 4464);
	t = 3;			/* -> 1 */
	assert(t == 1);
	f = 2;			/* -> 0 (bool is a bit) */
	i = 300;
	b = i;			/* -> 44 */
	assert(b == 44);
	assert(f == 0)		/* spin: bool stores the low bit */
}
