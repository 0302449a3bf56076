/* syntax error on line 5, column 10 (the second '*'; the tab is one column) */
byte x;
active proctype p() {
	x = 1;
	x = x * * 2
}
