/* end_server.dpml hand-inlined (the rule: atomic_lost_update.pml) */
chan c = [0] of { byte };
active proctype server() { int r; skip; end: do :: c?_ od; d_step { r = 0 } }
active [2] proctype client() { c!1; c!2 }
