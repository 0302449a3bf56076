/* %e and printm with mtype values: several `mtype = {...}` declarations
 * (SPIN numbers each declaration's names from the last one backwards and
 * continues the numbering across declarations), mtype variables, arrays,
 * record fields and mtypes carried through a channel. */
mtype = { req, ack, nak };
mtype = { data, eof };

typedef msg { mtype kind; byte val };
msg last;
mtype hist[3];
chan c = [4] of { mtype, byte };

init {
	mtype m = nak;
	byte v;
	int i;
	printf("values: %d %d %d %d %d\n", req, ack, nak, data, eof);
	printf("names: %e %e %e %e %e\n", req, ack, nak, data, eof);
	printf("zero: %e\n", 0);
	printm(m); printf(" "); printm(eof); printf(" "); printm(req); printf("\n");
	c!req,1; c!data,2; c!eof,3;
	i = 0;
	do
	:: c?m,v ->
		hist[i] = m; i++;
		printf("got %e(%d) %d\n", m, m, v)
	:: empty(c) -> break
	od;
	last.kind = hist[1]; last.val = 9;
	printf("last %e %d\n", last.kind, last.val);
	printf("hist %e %e %e\n", hist[0], hist[1], hist[2]);
	printf("cmp %d %d\n", req > ack, m == eof)
}
