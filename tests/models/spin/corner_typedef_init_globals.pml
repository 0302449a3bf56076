/* typedef field initialisers on global variables: every field of every
 * global instance starts with its initialiser (pan: 0 errors). The loop
 * runs r.n times, so the state count depends on the initial value too. */
mtype = { idle, busy, done };
typedef R { byte n = 3; bool b = true; mtype m = busy; short s = -2; unsigned u : 3 = 9; int big = 100000; byte z };
R r;
R q;
active proctype p() {
	assert(r.b && r.m == busy && r.s == -2 && r.u == 1 && r.big == 100000 && r.z == 0);
	assert(q.n == 3 && q.b && q.m == busy);
	do
	:: r.n > 0 -> r.n--; q.s++
	:: else -> break
	od;
	assert(q.s == 1)
}
