/* process symmetry must be refused (issue 37): init waits for 3
 * processes, more than the base (M) and itself, so the wait holds while
 * one U still runs, and a held U makes it hold earlier in SPIN's run. */
byte cnt;
proctype U() { byte t; t = cnt; cnt = t + 1 }
active proctype M() { end: do :: cnt > 2 -> assert(false) od }
init { run U(); run U(); (_nr_pr == 3); assert(cnt == 2) }
