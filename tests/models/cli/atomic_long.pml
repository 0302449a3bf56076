/* An atomic sequence of 5,002 moves that never repeats a state: SPIN and
 * the depth-first search follow it to its end (2 states, no error); the
 * level-by-level searches stop at their chain limit of 4,000 moves
 * (search/expand.h), which is their bound, not the model's error: exit 3
 * (incomplete), never exit 1 (they reported "atomic sequence too long" as
 * an error before; tests/model_tests.sh) */
int x;
active proctype A() {
	do
	:: atomic { x = 0; do :: x < 5000 -> x++ :: else -> break od }
	od
}
