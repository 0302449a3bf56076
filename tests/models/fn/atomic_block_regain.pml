/* atomic_block_regain.dpml hand-inlined (the rule: atomic_lost_update.pml) */
chan q = [1] of { byte };
byte x;
active proctype a() {
	byte r; byte v;
	atomic { skip; x = 1; q?v; x = 2; x = 0; d_step { r = v; v = 0 }; assert(r == 5) }
}
active proctype b() { x == 1 -> q!5 }
active proctype w() { assert(x != 2) }
