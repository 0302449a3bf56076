/* Each run adds a process of 1,004 bytes; the 66th does not fit in a
 * state vector (MAXSTATE = 65535): a run-time error with a trail. */
proctype P() {
	byte b[1000];
	end: (false)
}
init {
	int i;
	do
	:: i < 100 -> run P(); i++
	:: else -> break
	od
}
