/* -a on accept labels in the processes, without a claim: pan checks no
 * invalid end states (only where a_cycles is off), so A blocking at c?x
 * after its accepting loop is no error for pan -a; dspin -a reported an
 * invalid end state until 2026-11-28 (vm/next.c, layer_noends). */
byte x;
chan c = [0] of { byte };
active proctype A() {
accept:	do
	:: x < 3 -> x++
	:: x == 3 -> break
	od;
	c?x
}
