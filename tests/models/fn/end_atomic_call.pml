/* end_atomic_call.dpml hand-inlined (the rule: atomic_lost_update.pml) */
chan c = [0] of { byte };
byte n;
active proctype server() { int r; atomic { skip; end: do :: c?_ -> n++; assert(n <= 4) od; d_step { r = 0 } } }
active [2] proctype client() { c!1; c!2 }
