/* report test: many processes (issue 40).  N workers (the test also makes
 * copies with N = 6, 8, 9 and 29, for 7, 9, 10 and 30 processes) each put one
 * message into q, take one out and count themselves done; the checker
 * waits for all of them and then fails its assertion, whose text is long
 * (the statement checked in full in the chart).  Each worker moves 3
 * times and the checker twice, so the trail has 3 * N + 2 steps, the last
 * the error; q is empty at the end and the rendezvous channel r always.
 * The expected statement is in tests/report_tests.sh; keep the two equal. */
#define N 15
chan q = [N] of { byte, byte };
chan r = [0] of { byte };
byte done;
byte the_number_of_workers_that_have_finished_their_work;

active [N] proctype worker() {
	q ! _pid, 0;
	q ? _, _;
	done++
}

active proctype checker() {
	done == N;
	assert(the_number_of_workers_that_have_finished_their_work == done && len(r) == 0 && nempty(q))
}
