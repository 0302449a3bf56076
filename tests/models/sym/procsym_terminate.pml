/* Instances that can terminate are not interchangeable: only the last
 * process may die (SPIN's rule), so which instance ended first decides
 * whether it can die yet.  P's two instances are pids 1 and 2: if pid 2
 * ends first it dies, and Q sees two processes while n is still 1.
 * Sorting P's instances would put an ended one (end location 0) first,
 * where it cannot die, and Q's assertion would never fail.
 * (tests/gen/mutants.sh: procsym_terminate.) */
byte n;
active proctype Q() { assert(!(_nr_pr == 2 && n == 1)) }
active [2] proctype P() { n++ }
