/* The compact stack's deltas (search/dfs.c) on a vector of more than
 * 255 words whose steps change words far apart (the escaped gap), whose
 * length changes as processes start and end, with aux bytes (process
 * symmetry), an atomic sequence that repeats a state, and errors deep in
 * the search: tests/compress_tests.sh runs it with every frame's
 * successors dropped and with the whole stack. */
byte a[1100];
byte n;

proctype worker(byte i)
{
	do
	:: a[i] < 3 -> a[i]++; a[1099 - i]++
	:: atomic { a[i] == 3 -> a[i] = 0; a[1099 - i] = 0 }
	:: atomic { do :: n = 1 :: n = 0 :: break od }
	:: break
	od
}

init {
	byte k;
	do
	:: k < 3 -> run worker(k); k++
	:: k == 3 -> break
	od;
	assert(a[0] + a[1] + a[2] < 8)
}
