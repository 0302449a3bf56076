/* end_missing.dpml hand-inlined (the rule: atomic_lost_update.pml) */
chan c = [0] of { byte };
active proctype server() { int r; end: skip; c?_; c?_; c?_; d_step { r = 0 } }
active proctype client() { c!1; c!2 }
