/* fair_rv_recv.pml: the other half of fair_rv_send.pml.  R waits at
 * q?x while S, which could send, toggles s forever.  In pan a
 * rendezvous receive runs only as the second half of the sender's
 * handshake, so R counts as blocked, and S moves: the cycle is weakly
 * fair, and pan -l -f reports a non-progress cycle; so does dspin. */
chan q = [0] of { byte };
active proctype S() {
	byte s;
	do
	:: q!1
	:: s = 1 - s
	od
}
active proctype R() {
	byte x;
	do
	:: q?x -> progress: x = 0
	od
}
