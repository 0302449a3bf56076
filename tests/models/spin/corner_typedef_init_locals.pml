/* typedef field initialisers in proctype locals: every process gets them
 * when it starts, active ones in the initial state and run ones at the
 * run; a process that dies and is run again starts afresh, whatever the
 * last one left in its record (pan: 0 errors). */
typedef R { byte x = 3; bool b = true; byte a[2] = 1 };
byte total;
proctype worker(byte k) {
	R r;
	R rr[2];
	assert(r.x == 3 && r.b && r.a[1] == 1 && rr[1].x == 3 && rr[0].a[0] == 1);
	r.x = r.x + k;
	rr[1].x = 0;
	total = total + r.x
}
active proctype main() {
	R mine;
	assert(mine.x == 3 && mine.b);
	run worker(1);
	(_nr_pr == 1);
	run worker(2);
	run worker(3);
	(_nr_pr == 1);
	mine.x = 0;
	run worker(4);
	(_nr_pr == 1);
	assert(total == 4 + 5 + 6 + 7)
}
