/* Instances named by a remote reference are not interchangeable: Q reads
 * P[0]'s and P[1]'s x, so swapping them changes what Q sees.  Sorting P's
 * instances (their loop has one location, so by x) would always put the
 * smaller x in P[0], and Q's assertion would never fail.
 * (tests/gen/mutants.sh: procsym_remote.) */
active [2] proctype P() { byte x; do :: x = (x + 1) % 3 od }
active proctype Q() { assert(!(P[0]:x == 2 && P[1]:x == 0)) }
