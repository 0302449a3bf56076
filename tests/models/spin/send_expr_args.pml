/* q!e(a) and q?e(a) with a constant or a macro as e (SPIN's send_args:
 * any_expr '(' arg_lst ')'), as Book_1991/p101.pml writes
 * `name!msgtype(124)`.  dspin used to read `c!33(124)` as `c!33`
 * followed by the statement `(124)`: one field sent, and the receive's
 * `(x)` a guard that blocked (an invalid end state SPIN does not report). */
#define msgtype 33
mtype = { m1 };
chan c = [1] of { byte, byte };
chan d = [1] of { mtype, byte };
chan e = [1] of { byte, byte, byte };
init {
	byte x, y, z;
	c!msgtype(124);
	c?msgtype(x);
	d!m1(7);
	d?m1(y);
	e!1+1(x, 5);
	e?2(y, z);
	assert(x == 124 && y == 124 && z == 5)
}
