/* frozen_index.pml: global arrays indexed by what never changes in a
 * process (its parameter i, _pid) and by what does (j).  dspin -symbolic
 * gives a group the elements a frozen index names (search/sym/sym.c,
 * "frozen indices"), keyed by the parameter's value, and the whole array
 * where the index can change: taking j as frozen too gives W's d_step
 * the element a[j] of j's value before the step, while it reads a[j]
 * after changing j, and the relation learned from one witness then says
 * nothing true of the element read (tests/sym/sym_tests.sh: the count
 * and the verdict against the explicit search).  Violated (pan, and the
 * unreduced search): W sees a[1] and a[2] set, moving j between them. */
#define N 3
byte a[N];
byte b[N];
byte seen;

proctype P(byte i)
{
	a[i] = 1;
	a[(i + 1) % N] == 0 || a[(i + 1) % N] == 1;
	a[i] = 0;
	b[_pid % N]++
}

active proctype W()
{
	byte j;
	do
	:: d_step { j = (j + 1) % N; if :: a[j] == 1 -> seen = seen | (1 << j) :: else -> skip fi }
	:: seen == 6 -> assert(false)
	od
}

init
{
	atomic { run P(1); run P(2) }
}
