/* accept_fn_atomic.dpml hand-inlined (the rule: atomic_lost_update.pml) */
byte x, n;
active proctype p() { int r; do :: atomic { skip; x = 1 - x; accept: x = 1 - x; d_step { r = 0 }; n = 1 - n } od }
