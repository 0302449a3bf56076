/* deterministic: two processes that alternate through rendezvous
 * channels; at every step exactly one move is possible (apart from the
 * order in which finished processes die, which prints nothing). */
chan ping = [0] of { byte };
chan pong = [0] of { byte };

proctype Echo(byte id) {
	byte v;
	do
	:: ping?v ->
		printf("echo%d got %d\n", id, v);
		if
		:: v >= 3 -> break
		:: else -> pong!v + 1
		fi
	od;
	printf("echo%d done, pid %d\n", id, _pid)
}

init {
	byte n = 0;
	run Echo(7);
	do
	:: n < 3 -> ping!n; pong?n; printf("init got %d\n", n)
	:: else -> break
	od;
	ping!n;
	(_nr_pr == 1) -> printf("all done, %d left\n", _nr_pr)
}
