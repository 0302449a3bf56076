/* An atomic sequence that loops back to one of its own states: the
 * depth-first search stops at the repeated state (one match), and so do
 * -bfs and -cores=N (search/bfs.c, search/par.c), which before reported
 * "atomic sequence too long" after 4,000 steps.  No error. */
byte x;
active proctype P() {
	atomic { do :: x = (x + 1) % 3 :: x == 2 -> break od };
	x = 5
}
active proctype Q() { x == 5 }
