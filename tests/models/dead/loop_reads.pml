/* -deadvars: a receive defines x, the guard after it reads it, and the
 * loop goes back to the receive: x is dead only between the test and the
 * next receive.  The sum is live around the loop.  SPIN: assertion
 * violated (sum reaches 6). */
chan c = [2] of { byte };
active proctype S() { byte i; do :: i < 3 -> i++; c!i :: else -> break od }
active proctype R() {
	byte x, sum;
	do
	:: c?x -> sum = sum + x; assert(sum < 6)
	od
}
