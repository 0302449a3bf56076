/* A rendezvous into a d_step that opens with the receive: the handshake
 * and the rest of the d_step are one move (pan); dspin never paired a
 * send with such a d_step until 2026-11-28 (helper-39's review) */
byte y;
chan r = [0] of { byte };
active proctype A() {
	byte v;
	do
	:: d_step { r?v; y = y + v }
	:: y >= 3 -> break
	od
}
active proctype B() { r!1; r!2 }
