/* typedef field initialisers in arrays: every element of an array of
 * records, every element of an array field (`byte a[3] = 5` gives three
 * fives, as in pan), arrays of records inside records.  Each process
 * counts its own record down and writes into its own element, so every
 * assertion holds (pan: 0 errors). */
typedef R { byte a[3] = 5; bit f = 1 };
typedef S { R e[2]; byte k[2] = 2; byte w };
R rs[3];
S ss[2];
active [2] proctype p() {
	byte i;
	assert(rs[_pid].a[0] == 5 && rs[_pid].a[1] == 5 && rs[2].a[2] == 5 && rs[2].f && rs[_pid].f);
	assert(ss[_pid].e[1].a[2] == 5 && ss[_pid].e[0].f && ss[_pid].k[1] == 2 && ss[_pid].w == 0);
	do
	:: atomic { ss[_pid].k[0] > 0 -> ss[_pid].k[0]--; rs[_pid].a[i] = ss[_pid].k[0] }; i = (i + 1) % 3
	:: ss[_pid].k[0] == 0 -> break
	od;
	assert(ss[_pid].k[1] == 2 && ss[1 - _pid].e[1].a[0] == 5 && rs[_pid].a[0] == 1 && rs[_pid].a[2] == 5)
}
