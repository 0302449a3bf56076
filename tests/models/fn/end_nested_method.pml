/* end_nested_method.dpml hand-inlined (the rule: atomic_lost_update.pml):
 * the one object, allocated by the server's first step, as a flag and
 * its fields (s != null is s_alive) */
chan s_c = [0] of { byte };
bool s_alive; byte s_served;
active proctype server() {
	int r; int r2; byte v;
	s_alive = true;
	skip;                   /* run_server() */
	skip;                   /* s.serve() */
	end: do :: s_c?v -> s_served = s_served + v od;
	d_step { r2 = 0; v = 0 };
	d_step { r = r2; r2 = 0 }
}
active proctype client() { s_alive -> s_c!1; s_c!2 }
