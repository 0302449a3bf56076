/* typedef field initialisers of mtype and bool (bit) type: mtype names
 * resolve to their values, a named mtype's in its own numbering; a bool
 * initialised with 2 holds 0, as pan's one-bit field does; an unsigned
 * field takes its low bits (pan: 0 errors). */
mtype = { red, green, blue };
mtype:fruit = { apple, pear };
typedef Light { mtype col = green; bool on = true; bool off = false; bit two = 2; unsigned u : 2 = 7; mtype:fruit f = pear };
Light l;
active proctype p() {
	Light k;
	assert(l.col == green && l.on && !l.off && l.two == 0 && l.u == 3);
	assert(k.col == green && k.on && k.f == pear && l.f != apple);
	do
	:: l.col == green -> l.col = blue
	:: l.col == blue -> l.col = red; k.col = red
	:: l.col == red -> break
	od;
	assert(k.col == red && k.on)
}
