/* The unreached-code report under -dist with partial-order reduction and
 * a depth bound.  A's local steps are safe and each leads to a new
 * state, so -bfs expands every state with A's move alone, and within
 * -m 6 B's `x = 1` is never generated: B's end is unreached.  Under
 * -dist a rank that asks another about A's successor expands the state
 * first with the conservative answer, which refuses the reduction and
 * generates B's move too; that expansion is thrown away and made again
 * with the answer, and must leave no mark (search/dist.c, expand_stored).
 * A build that kept its marks listed B as fully reached on 2 and 3 ranks.
 * Without the bound A ends within the search and B then moves. */
byte x;
active proctype B() { x = 1 }
active proctype A() {
	byte i;
	do
	:: i < 9 -> i++
	:: i >= 9 -> break
	od
}
