/* atomic_call_last.dpml hand-inlined (the rule: atomic_lost_update.pml) */
byte cnt, phase;
active proctype p() {
	byte v; byte t;
	atomic { phase = 1; skip; t = cnt; cnt = t + 1; d_step { v = cnt; t = 0 } };
	phase = 2; phase = 0
}
active proctype w() { assert(!(phase == 1 && cnt == 1)) }
