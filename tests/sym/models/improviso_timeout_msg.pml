/* improviso_timeout_msg.pml (helper-16's review, review-models/to_msg.pml):
 * A's location offers q?1 and timeout; the layer calls a timeout guard
 * safe only while A has a move of its own (reduce/layer_por.c,
 * moves_alone), and that move hangs on q's head message.  The symbolic
 * Improviso learned safety on projections without the messages and
 * missed the assertion (B's timeout with ok == 0: P sends 2, A cannot
 * receive it); safety is now learned on every byte but the messages
 * outside the group's own (search/sym/sym.c group_new).  Violated
 * (pan and the unreduced search). */
chan q = [1] of { byte };
bit ok;
active proctype P() {
	if
	:: q!1
	:: q!2
	fi
}
active proctype B() {
	timeout -> assert(ok)
}
active proctype A() {
	bit n;
	do
	:: q?1 -> ok = 1; break
	:: timeout -> do :: n = 1 - n od
	od
}
