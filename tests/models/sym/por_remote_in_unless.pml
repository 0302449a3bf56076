/* A remote label reference in an unless escape: P leaves its loop when Q
 * is at M, and then fails. */
active proctype Q() { byte y; y = 1; M: y = 2; end: skip }
active proctype P() {
	byte n;
	do
	:: n < 2 -> n++
	:: else -> break
	od unless { Q[0]@M -> assert(false) };
end:	skip
}
