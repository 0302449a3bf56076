/* corner: printf / printm have no effect on the state (and print
 * nothing during verification); two processes printing interleave. */
mtype = { hello };
byte x;

active [2] proctype P()
{
	printf("pid %d starts, x=%d\n", _pid, x);
	x++;
	printm(hello);
	printf("\n");
	printf("done %d\n", x)
}
