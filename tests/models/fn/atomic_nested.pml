/* atomic_nested.dpml hand-inlined (the rule: atomic_lost_update.pml),
 * add2's local a and inc's t both the process's; inc's return zeroes t
 * and add2's zeroes a */
byte cnt;
active [2] proctype p() {
	byte v; byte a; byte t;
	atomic {
		skip;
		skip; t = cnt; cnt = t + 1; d_step { a = cnt; t = 0 };
		skip; t = cnt; cnt = t + 1; d_step { a = cnt; t = 0 };
		d_step { v = a; a = 0 }
	}
}
active proctype w() { assert(cnt % 2 == 0) }
