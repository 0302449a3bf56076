/* the symbolic search's significant bits (search/sym/sym_vars.c): a
 * counter that needs 1, 2, 4 and then 8 bits (each a restart), a short
 * and an int that go negative and above 2^16, a channel whose messages
 * grow; and an assertion that fails only once the counter has grown,
 * in a state B reaches on the way, so that -e meets it after restarts
 * (its lines must be printed once each: the error lines are the final
 * run's, tests/sym/sym_tests.sh) */
byte c;
short s;
int n;
chan q = [2] of { byte, int };

active proctype A()
{
	do
	:: c < 130 -> c = c + 1
	:: c >= 130 -> break
	od
}

active proctype B()
{
	s = 1000;
	n = -1;
	q!200,n;
	q?_,n;
	s = -300;
	assert(c != 100 || s != -300);
	n = 70000
}
