/* Instances that terminate may be permuted only where the order of deaths
 * cannot be observed (docs/symmetry.md, "Processes that terminate").  Here
 * it can: Q compares _nr_pr with 2.  Only the last process may die
 * (SPIN's rule): P's instances are pids 1 and 2, and if pid 2 ends first it
 * dies, so Q sees two processes while n is 1.  P (and Q) must be left out,
 * and the verdict is SPIN's: the assertion fails.
 * (tests/gen/mutants.sh: procsym_terminate.) */
byte n;
active proctype Q() { assert(!(_nr_pr == 2 && n == 1)) }
active [2] proctype P() { n++ }
