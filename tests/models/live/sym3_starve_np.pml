/* Three identical processes: one may take the token and spin for ever
 * without progress, but only while another one, always able to move,
 * never does (its move leads to a progress label): a non-progress cycle
 * without fairness, none under weak fairness (-l -f). */
byte x;
bit taken;
active [3] proctype P() {
	if
	:: atomic { !taken -> taken = 1 };
		do
		:: x == 0 -> skip
		od
	:: true ->
		do
		:: x == 0 -> progress: x = 1; x = 0
		od
	fi
}
