/* runtime_err_end.pml (helper-16's review): A's only move fails (an
 * index out of bounds).  The state is not an end state: under -e the
 * symbolic search reported an invalid end state besides the run-time
 * error, where the explicit searches (and pan) report the error only.
 * sym_tests.sh holds -e's error count to 1. */
active proctype A()
{
	byte a[2];
	byte l = 2;
	a[l] = 1
}
