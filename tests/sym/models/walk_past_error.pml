/* the random walks that guess the symbolic search's first bits
 * (search/sym/sym_probe.c) go past the first error, where init runs 250
 * processes; the layout must be what the search needs, 2 process cells
 * at its first error (tests/sym/sym_tests.sh; a review found the walks
 * had made it 252 cells, and the run then ended on -M 10 without the
 * error) */
byte n;
proctype P() { byte a, b; do :: a < 3 -> a++ :: b < 3 -> b++ :: else -> break od }
init {
	byte i;
	do
	:: n < 3 -> n++
	:: n == 3 -> atomic { i = 0; do :: i < 250 -> run P(); i++ :: else -> break od }; break
	od
}
active proctype Q() { assert(n < 2) }
