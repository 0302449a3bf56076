/* outside_lost_update.dpml hand-inlined (the rule: atomic_lost_update.pml) */
byte cnt;
active [2] proctype p() {
	byte v; byte t;
	skip; t = cnt; cnt = t + 1; d_step { v = cnt; t = 0 }
}
active proctype w() { timeout -> assert(cnt == 2) }
