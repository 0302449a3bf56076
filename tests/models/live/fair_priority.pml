/* fair_priority.pml: weak fairness and priorities.  H (priority 2) is
 * always enabled, so L is always outranked and cannot move (pan's
 * highest_priority): the cycle of H alone is weakly fair and passes no
 * progress label.  pan -l -f reports it (with H declared first; declared
 * after L, pan's counter misses it, the order effect docs/liveness.md
 * describes for provided clauses).  dspin counted an outranked process
 * as able to move and reported nothing (helper-43's review, 2026-11-28;
 * vm/exec.c vm_proc_enabled). */
byte x, z;
active proctype H() priority 2 {
	do
	:: x = 1 - x
	od
}
active proctype L() {
	do
	:: z = 1 -> progress: z = 0
	od
}
