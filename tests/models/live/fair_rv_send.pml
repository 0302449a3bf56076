/* fair_rv_send.pml: weak fairness and a rendezvous send whose receiver
 * is ready.  S waits at q!1, R at q?x, and L loops alone.  pan counts
 * S's send as executable (the handshake can run), so a cycle of L alone
 * is not weakly fair; every fair run makes the handshake and R passes
 * its progress label: pan -l -f reports no error.  dspin counted a
 * rendezvous send as never enabled and reported L's cycle as a fair
 * non-progress cycle (helper-42's review, 2026-11-28; vm/exec.c
 * vm_proc_enabled). */
chan q = [0] of { byte };
active proctype S() {
	do
	:: q!1
	od
}
active proctype R() {
	byte x;
	do
	:: q?x -> progress: x = 0
	od
}
active proctype L() {
	byte j;
	do
	:: j < 1 -> j++
	:: j == 1 -> j = 0
	od
}
