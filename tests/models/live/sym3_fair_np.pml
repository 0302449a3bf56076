/* Three identical processes with a fair non-progress cycle: all three can
 * count i for ever without passing a progress label, each taking its
 * turn (-l and -l -f find it; process symmetry keeps the verdict). */
byte x;
active [3] proctype P() {
	byte i;
	do
	:: i < 2 -> i++
	:: i == 2 -> i = 0
	:: x == 0 -> x = 1; progress: x = 0
	od
}
