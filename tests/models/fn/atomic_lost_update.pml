/* atomic_lost_update.dpml with inc() hand-inlined, for pan.  The rule all
 * of tests/models/fn follows (fn_inline_tests.sh): the call step is a
 * `skip` (a call is a step: it pushes the frame), the body follows with
 * the function's locals as the process's, and the return is a d_step
 * that assigns the value and zeroes those locals (the return pops the
 * frame in one step, and a popped frame leaves nothing behind).  So each
 * state of one model is one state of the other, the frame's presence
 * standing for the pc inside the inlined body: the counts agree. */
byte cnt;
active [2] proctype p() {
	byte v; byte t;
	atomic { skip; t = cnt; cnt = t + 1; d_step { v = cnt; t = 0 } }
}
active proctype w() { timeout -> assert(cnt == 2) }
