/* corner: declarations after the first statement that are not scalars
 * (corner_midbody_decl.pml has the scalar `w = 0` step). SPIN 6.5.2 -o3
 * makes each one a step: `byte a[2] = 3` is the step `a[0] = 3` (the
 * other element is never given 3, and the process starts with the array
 * zero), `chan c` the step `c = 0`, a record (or array of records) an
 * empty step that does not initialise it again, so `l.x` keeps its
 * typedef initialiser only from the process's start.  Errors with -c0:
 * a[1] == 3 fails on both rounds, l.x == 3 on the second: 3 (pan: 27 states). */
typedef R { byte x = 3 };
active proctype p() {
	byte i;
	do
	:: i < 2 ->
		byte a[2] = 3;
		chan c;
		R l, m;
		R ra[2];
		assert(a[0] == 3 && a[1] == 3 && c == 0);
		assert(l.x == 3 && m.x == 3 && ra[1].x == 3);
		a[0] = 1; a[1] = 1; l.x = 9;
		i++
	:: else -> break
	od
}
