/* accept_fn_atomic_block.dpml hand-inlined (the rule: atomic_lost_update.pml) */
chan c = [0] of { byte };
byte x;
active proctype p() { int r; do :: atomic { skip; x = 1; accept: c?_; x = 0; d_step { r = 0 } } od }
active proctype s() { do :: c!1 od }
