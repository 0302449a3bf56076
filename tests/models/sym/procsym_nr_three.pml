/* Process symmetry and a test of _nr_pr against 3 (mutant procsym_nr_any).
 * SPIN keeps W[1] after its last step until W[2] is gone, so a state with
 * three processes and cnt == 1 is reachable (pan: assertion violated).
 * dspin removes a finished instance of an interchangeable proctype at
 * once, which would hide that state: a test of _nr_pr against anything
 * but 1 must exclude W from process symmetry. */
byte cnt;
active proctype O() { end: atomic { _nr_pr == 3 && cnt == 1 -> assert(false) } }
active [2] proctype W() { cnt++ }
