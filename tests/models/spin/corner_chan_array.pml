/* corner: arrays of channels, indexed by expressions, passed as
 * parameters, a ring of processes forwarding a token. */
#define NP 3
chan ring[NP] = [1] of { byte };

proctype Node(byte me; chan inp, out)
{
	byte tok;
	do
	:: inp?tok ->
		if
		:: tok < 5 -> out!tok + 1
		:: else -> break
		fi
	od;
	ring[(me + 1) % NP]!99
}

init {
	byte i;
	atomic {
		for (i : 0 .. NP - 1) {
			run Node(i, ring[i], ring[(i + 1) % NP])
		}
	};
	ring[0]!0
}
