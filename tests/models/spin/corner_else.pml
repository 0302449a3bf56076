/* corner: else in if and do: else is executable exactly when no other
 * option of the same if/do is executable (including receives). */
chan c = [1] of { byte };
byte x, n;

active proctype P()
{
	byte v;
	do
	:: x == 1 && n < 12 -> n++
	:: c?v -> n = n + v
	:: else -> break
	od;
	if
	:: n > 3 -> assert(n < 10)	/* fails when P looped often enough */
	:: n == 0 -> skip
	:: else -> n = 100
	fi
}

active proctype Q()
{
	if
	:: x = 1; x = 2
	:: c!5
	:: c!2
	fi
}
