/* deterministic: one process, no choices */
mtype = { ping, pong };
chan c = [2] of { mtype, byte };
byte i;
mtype m;
active proctype main() {
	byte v;
	printf("start\n");
	do
	:: i < 4 -> printf("i=%d sq=%d hex=%x\n", i, i * i, i * 50); i++
	:: else -> break
	od;
	c!ping,7; c!pong,9;
	c?m,v; printf("got %e %d\n", m, v);
	c?m,v; printf("got %e %d\n", m, v);
	printf("char %c pct %% done\n", 65);
	printm(m); printf("\n")
}
