/* many_ends.pml: 3^3 = 27 invalid end states (each process picks one of
 * three values and blocks, not at an end label), more than the 20 that
 * dspin -symbolic -e reports one by one (the rest are counted as a set:
 * search/sym/sym.c check_ends).  sym_tests.sh holds -e's error count to
 * the hand count and to the explicit -e search's. */
active [3] proctype P()
{
	byte b;
	if
	:: b = 1
	:: b = 2
	:: b = 3
	fi;
	false
}
