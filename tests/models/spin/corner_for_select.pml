/* corner: for loops over ranges and arrays, select (non-deterministic
 * choice of a value in a range), nested for. */
byte a[4], sum;

active proctype P()
{
	byte i, j, k;
	select (k : 1 .. 3);
	for (i : 0 .. 3) {
		a[i] = i * k
	}
	for (i in a) {
		for (j : 1 .. 2) {
			sum = sum + a[i]
		}
	}
	assert(sum == 12 * k);
	select (i : 2 .. 4);
	assert(i != 4)	/* fails for one choice */
}
