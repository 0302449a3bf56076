/* corner: skip, conditional expressions (c -> a : b), nested and with
 * side-effect-free operands, used in assignments, guards and sends. */
chan c = [1] of { byte };
byte x, y, z;

active proctype P()
{
	skip;
	do
	:: x < 4 -> x = (x % 2 == 0 -> x + 1 : x + 2)
	:: x >= 4 -> break
	od;
	y = (x > 4 -> (x > 5 -> 3 : 2) : 1);
	c!(y == 2 -> 10 : 20);
	skip
}

active proctype Q()
{
	byte v;
	c?v;
	z = (v == 10 -> x : 0);
	assert(z == 5 && y == 2);
	((z > 3 -> true : false));
	skip
}
