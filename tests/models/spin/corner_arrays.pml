/* corner: arrays: initializers for all elements, local arrays, index
 * expressions, arrays of bit/bool/short, an array indexed by another
 * array's element. The last assertion fails when Q interleaves. */
byte a[4] = 7;
bit f[3];
short s[2] = -2;

active proctype P()
{
	byte i, loc[3] = 1;
	for (i : 0 .. 2) {
		loc[i] = loc[i] + i;
		f[i] = loc[i] % 2
	}
	assert(loc[0] == 1 && loc[1] == 2 && loc[2] == 3);
	assert(f[0] == 1 && f[1] == 0 && f[2] == 1);
	a[loc[1]] = a[loc[0]] * 2;	/* a[2] = 14 */
	s[f[1]] = s[1] * 3;		/* s[0] = -6 */
	assert(a[2] == 14 && a[3] == 7 && s[0] == -6 && s[1] == -2)
}

active proctype Q()
{
	byte j;
	do
	:: j < 4 -> a[j] = a[j] + 1; j++
	:: j == 4 -> break
	od
}
