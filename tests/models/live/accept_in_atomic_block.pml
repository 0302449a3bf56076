/* As accept_in_atomic.pml, but A can block at the label, on c?v with c
 * empty: there it gives up control and the state is seen, so the cycle
 * through it is an acceptance cycle (pan -a reports it, and so does
 * dspin). */
byte x;
chan c = [1] of { byte };
active proctype A() {
	byte v;
	do
	:: atomic { x = 1; accept: c?v; x = 0 }
	od
}
active proctype B() { do :: c!1 od }
