/* Runs by different processes do not commute: the process created first
 * gets the lower pid.  The violation needs B's run before A's and X's
 * before Y's, so a reduction that takes one run alone as an ample set
 * misses it whichever process it prefers.  SPIN 6.5.2 counts a run as
 * safe when the new process's initialisers are local (pangen's
 * proc_is_safe): pan with its reduction reports no error here, pan
 * -DNOREDUCE one.  That rule is mobile1.pml's gap to pan under -a
 * (docs/liveness.md).  dspin counts process creation as a global move
 * (lang/access.c, access_private); the mutant run_safe in
 * tests/gen/mutants.sh makes it private, and this model then passes
 * under every reduction. */
byte p[5];
proctype C(byte who) { p[who] = _pid }
active proctype A() { run C(1) }
active proctype B() { run C(2) }
active proctype X() { run C(3) }
active proctype Y() { run C(4) }
active proctype M() {
	(p[1] && p[2] && p[3] && p[4]) -> assert(!(p[2] < p[1] && p[3] < p[4]))
}
