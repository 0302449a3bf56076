/* full() of a rendezvous channel is false and nfull() true (pan's
 * q_full); dspin had them the other way round until 2026-11-28 */
chan r = [0] of { byte };
byte y;
active proctype A() {
	if
	:: full(r) -> y = 9
	:: nfull(r) -> y = 1
	fi;
	assert(y == 1)
}
active proctype B() { end: r!1 }
