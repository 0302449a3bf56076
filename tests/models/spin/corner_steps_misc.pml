/* corner: more step-counting cases for one sequential process (spin -o3):
 * skip, printf, assert, else, a guard and its action, break as the first
 * statement of an option, a do whose option starts with break, an
 * expression statement, an empty-effect assignment, and an if whose
 * option is just "true". */
active proctype P()
{
	byte x, y;
	x = 1;
	skip;
	printf("x=%d\n", x);
	assert(x == 1);
	if
	:: else -> skip
	:: x == 2
	fi;
	do
	:: x < 3 -> x++
	:: x == 3 -> break
	od;
	do
	:: break
	:: y < 2 -> y++
	od;
	(x > 0);
	x = x;
	if
	:: true
	fi;
	y = 9
}
