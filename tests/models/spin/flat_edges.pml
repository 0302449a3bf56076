/* The flat code's edges (vm/guard.c, compiled to C by vm/native.c):
 * every comparison at its boundary, every operator the flat code has
 * (/ and % too),
 * stores that truncate (bool, bit, unsigned bit-field, byte, short) and
 * wrap (int).  Each counter stops exactly at a boundary; a comparison or a
 * store compiled wrongly changes the states reached or fails an assertion
 * (tests/native_tests.sh), and spin_agree.sh holds the counts to pan's.
 * An index one past the end is tests/models/dyn/flat_index_edge.dpml (pan
 * goes on after it: no count to agree on). */
bool b;
bit t;
byte x, y, z;
short s;
unsigned u : 3;
int w;

active proctype cmp() {
	do
	:: x <= 2 -> x++
	:: x >= 3 && y < 2 -> y++
	:: y == 2 && z != 3 -> z = z + 1
	:: z > 2 && (x ^ 3) == 0 -> break
	od;
	b = x + 2;          /* 5: low bit 1 */
	assert(b == 1);
	t = y * 2;          /* 4: low bit 0 */
	assert(t == 0);
	u = x + 6;          /* 9 mod 8 */
	assert(u == 1);
	y = 250 + x * 3;    /* 259 mod 256 */
	assert(y == 3);
	s = 32767 + x;      /* wraps to -32766 */
	assert(s < 0);
	w = (x << 29) + (x << 29);   /* wraps */
	/* guards (flat code), not assertions (the tree): one computed
	 * wrongly blocks, an invalid end state */
	w != 0 && (-w >> 30) == 1;
	(~x & 7) == 4 && (x | 4) == 7 && (x & 1) == 1 && (x >> 1) == 1;
	x * 3 - 10 == -1 && !(x < 3) && s < -32765;
	/* / and % truncate toward zero, as C's (and pan's) */
	x / 2 == 1 && x % 2 == 1 && (-x) % 2 == -1 && (-x) / 2 == -1;
	z = (z + x) % 4;    /* 6 % 4 */
	assert(z == 2)
}
