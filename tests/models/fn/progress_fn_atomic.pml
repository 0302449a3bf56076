/* progress_fn_atomic.dpml hand-inlined (the rule: atomic_lost_update.pml) */
byte x;
active proctype p() { int r; do :: atomic { skip; progress: x = 1 - x; d_step { r = 0 } } od }
