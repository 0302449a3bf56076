/* corner: inline with parameters (textual substitution, including a
 * channel parameter and a variable declared in the caller), nested
 * inline calls. */
chan q = [3] of { byte };
byte total;

inline add(dst, k) {
	dst = dst + k
}

inline send_twice(ch, m) {
	ch!m;
	add(total, m);
	ch!m
}

active proctype P()
{
	byte loc;
	send_twice(q, 4);
	add(loc, 7);
	add(loc, loc);
	assert(loc == 14);
	q!loc
}

active proctype C()
{
	byte s, v;
	do
	:: q?v -> add(s, v)
	:: s == 22 -> break
	od;
	assert(total == 4)
}
