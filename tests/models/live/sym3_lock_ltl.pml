/* Three identical processes share a lock.  [] <> (incs > 0) fails only
 * unfairly: a holder that never moves while the others spin on the lock.
 * -a finds the cycle, -a -f does not (weak fairness makes the holder go
 * on). */
byte lock, incs;
active [3] proctype P() {
	do
	:: atomic { lock == 0 -> lock = 1 }; incs++; incs--; lock = 0
	:: lock == 1 -> skip
	od
}
ltl live { [] <> (incs > 0) }
