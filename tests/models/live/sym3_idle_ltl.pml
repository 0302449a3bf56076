/* Three identical processes share a lock and may also idle: all three
 * idling for ever is a fair cycle that never enters the critical
 * section, so [] <> (incs > 0) fails under -a and -a -f. */
byte lock, incs;
active [3] proctype P() {
	bit idle;
	do
	:: atomic { lock == 0 -> lock = 1 }; incs++; incs--; lock = 0
	:: lock == 1 -> skip
	:: idle = 1 - idle
	od
}
ltl live { [] <> (incs > 0) }
