/* -deadvars: writing one element of an array does not define the array:
 * a[0] stays live across a[1] = 2.  An analysis that took an element write
 * as a definition would reset a after a[0] = 1.  SPIN: no errors (and the
 * violation below is found: a[1] == 2 holds). */
active proctype P() {
	byte a[2];
	a[0] = 1;
	a[1] = 2;
	assert(a[0] == 1);
	assert(a[1] != 2)
}
