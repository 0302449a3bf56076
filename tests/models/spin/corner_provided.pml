/* corner: provided clauses restrict when a process may execute any
 * statement (evaluated in the current global state), including the
 * break out of a loop and process termination. One invalid end state:
 * B ends with turn == 0 and cannot execute its break. */
byte turn, a, b;

active proctype A() provided (turn == 0)
{
	do
	:: a < 3 -> a++; turn = 1
	:: a >= 3 -> break
	od
}

active proctype B() provided (turn == 1)
{
	do
	:: b < 3 -> b++; turn = 0
	:: b >= 3 -> break
	od
}

active proctype Mon()
{
	assert(a >= b && a <= b + 1)
}
