/* corner: atomic inside do loops, and do/if nested inside atomic */
byte a, b, c;

active proctype P()
{
	byte i;
	do
	:: atomic { a < 3 -> a++; if :: b = (b + 1) % 4 :: c < 3 -> c++ fi }
	:: atomic {
		a >= 3 ->
		i = 0;
		do
		:: i < a -> i++; b = (b + 1) % 4
		:: i >= a -> break
		od;
		a = 0
	   }
	:: b == 3 && c == 2 -> break
	od;
	assert(b == 3)
}

active proctype Q()
{
end:	do
	:: atomic { c > 0 -> c-- ; if :: c > 1 -> c = 1 :: else -> skip fi }
	od
}
