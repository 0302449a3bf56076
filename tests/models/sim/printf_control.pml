/* Control flow around printf: for loops (range and array), inline
 * expansion, goto, nested do/if with break, unless, and printf as a guard. */
int a[4];
byte cnt;

inline display(x, tag) {
	printf("%c=%d ", tag, x)
}

init {
	int i, j, sum;
	for (i : 1 .. 4) {
		a[i - 1] = i * i;
		display(i, 'i')
	}
	printf("\n");
	for (i in a) {
		printf("a[%d]=%d ", i, a[i])
	}
	printf("\n");
	i = 0;
	do
	:: i >= 3 -> break
	:: else ->
		j = 0;
		do
		:: j > i -> break
		:: else -> sum = sum + j; j++
		od;
		i++
	od;
	printf("sum %d\n", sum);
	goto there;
	printf("never printed\n");
there:
	printf("after goto\n");
	{
		do
		:: cnt < 5 -> printf("tick %d\n", cnt); cnt++
		:: cnt >= 5 -> break
		od
	} unless { cnt == 3 -> printf("escaped at %d\n", cnt) };
	if
	:: printf("guard printf\n") -> skip
	fi;
	printf("end\n")
}
