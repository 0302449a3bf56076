/* typedef field initialisers in records nested in records, three deep:
 * the inner record's initialisers apply inside the outer one, beside the
 * outer one's own (pan: 0 errors). */
typedef In { byte v = 4; bool on = true };
typedef Mid { In in; byte c = 2; In two[2] };
typedef Out { Mid mid; byte d = 9; In last };
Out o;
Mid m;
active proctype p() {
	assert(o.mid.in.v == 4 && o.mid.in.on && o.mid.c == 2 && o.mid.two[1].v == 4);
	assert(o.d == 9 && o.last.on && m.two[0].on && m.in.v == 4);
	do
	:: o.mid.in.v > o.mid.c -> o.mid.in.v--; m.two[1].v++
	:: else -> break
	od;
	assert(m.two[1].v == 6)
}
