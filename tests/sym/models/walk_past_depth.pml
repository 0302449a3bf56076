/* the random walks that guess the symbolic search's first bits
 * (search/sym/sym_probe.c) go deeper than -m; the unreached-code report
 * must be the search's own (tests/sym/sym_tests.sh): under -m 5 the code
 * after the loop is unreached, as -bfs -m 5 says (a review found the
 * walks' marks had made it reached) */
byte x;
active proctype A() {
	do
	:: x < 20 -> x++
	:: x == 20 -> break
	od;
	x = 100;
	assert(x == 100)
}
