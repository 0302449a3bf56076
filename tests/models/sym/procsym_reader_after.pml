/* Process symmetry and a _nr_pr reader created after the instances
 * (mutant procsym_before).  R has the highest pid, so SPIN removes no
 * finished W while R lives, and R waits at a valid end state for ever
 * (pan: no errors).  Removing finished instances at once would let
 * _nr_pr reach 1 and R reach the assertion: R must exclude W. */
active [2] proctype W() { skip }
active proctype R() { end: _nr_pr == 1 -> assert(false) }
