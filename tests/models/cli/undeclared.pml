byte x;
active proctype p() {
	x = 1;
	y = 2
}
