/* accept_fn.dpml hand-inlined (the rule: atomic_lost_update.pml) */
byte x;
active proctype p() { int r; skip; accept: do :: x = 1 - x od; d_step { r = 0 } }
