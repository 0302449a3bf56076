/* Channel operations feeding printf: FIFO order, sorted send (!!),
 * random receive (??), polling (?[ ]), copy receive (?< >), eval() and
 * constant matching, len, empty/nempty/full/nfull as guards (SPIN does not
 * allow them as values), and a remote variable reference. */
mtype = { put, get };
chan q = [5] of { byte, mtype };
chan s = [5] of { byte };

active proctype watcher()
{
	byte seen = 7;
end:	(false)
}

init {
	byte x, n;
	mtype m;
	q!3,put; q!1,get; q!2,put;
	printf("len %d\n", len(q));
	full(s) || nempty(q) -> printf("nempty\n");
	q?x,m;
	printf("fifo head %d %e\n", x, m);
	printf("poll 1,get: %d  poll 2,get: %d\n", q?[1,get], q?[2,get]);
	q??2,m;
	printf("random receive of 2 gave %e, %d left\n", m, len(q));
	q?<x,m>;
	printf("copy receive %d %e, still %d\n", x, m, len(q));
	n = 1;
	q?eval(n),m;
	printf("eval receive %e, len %d\n", m, len(q));
	s!!5; s!!2; s!!9; s!!2; s!!7;
	printf("sorted:");
	do
	:: s?x -> printf(" %d", x)
	:: empty(s) -> break
	od;
	printf("\n");
	printf("remote %d\n", watcher:seen);
	empty(s) && nfull(s) -> printf("empty, nfull\n")
}
