/* atomic_rv_receive.dpml hand-inlined (the rule: atomic_lost_update.pml) */
chan c = [0] of { byte };
byte x;
active proctype r() {
	byte got; byte v;
	atomic { skip; c?v; x = v; x = 0; d_step { got = v; v = 0 }; assert(got == 7) }
}
active proctype s() { c!7 }
active proctype w() { assert(x != 7) }
