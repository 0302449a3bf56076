/* process symmetry must be refused (issue 37): init reads _nr_pr in an
 * assertion, which does not wait, so it sees W between its last
 * statement and its death (SPIN: assertion violated, 8 states). */
byte done; proctype W() { done = 1 } init { run W(); (done == 1); assert(_nr_pr == 1) }
