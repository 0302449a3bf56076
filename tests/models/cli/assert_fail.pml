/* assertion violation: x is 2 when the assertion runs */
byte x;
active proctype A() {
	x = 1;
	x = x + 1;
	assert(x == 3)
}
