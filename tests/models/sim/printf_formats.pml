/* printf conversions SPIN 6.5.2 supports: %d %u %x %o %c %e %%, the
 * escapes \n \t \\, and values of every integer type (checked against
 * `spin -T` by tests/simulate_examples.sh). SPIN rejects field widths,
 * flags, %i, %X, %s and %ld ("bad print cmd"), so they are not used. */
typedef pair { byte a; short b };
pair pp;
byte arr[3] = 7;
bool flag = true;
bit onebit = 1;
int big = 2147483647;

init {
	int neg = -5;
	unsigned u : 3 = 5;
	byte b = 255;
	short sh = -32768;
	printf("d: %d %d %d %d\n", 0, 42, -42, big);
	printf("u: %u %u\n", 42, neg);
	printf("x: %x %x %x\n", 255, neg, 0);
	printf("o: %o %o\n", 8, neg);
	printf("c: %c%c%c\n", 'o', 'k', 33);
	printf("types: %d %d %d %d %d %d\n", u, b, sh, flag, onebit, arr[1]);
	b = b + 1; sh = sh - 1;
	printf("wrapped: %d %d\n", b, sh);
	pp.a = 3; pp.b = -1;
	printf("record: %d %d\n", pp.a, pp.b);
	printf("pid %d nr_pr %d\n", _pid, _nr_pr);
	printf("percent: 100%%\n");
	printf("adjacent: %d%d%d\n", 1, 2, 3);
	printf("tab:\tend\n");
	printf("backslash: \\\n");
	printf("cond: %d %d\n", (3 > 2 -> 10 : 20), (3 < 2 -> 10 : 20));
	printf("div: %d %d %d %d\n", 7 / 2, -7 / 2, -7 % 3, 7 % -3);
	printf("shift: %d %d %d\n", 1 << 4, -16 >> 2, ~5);
	printf("bits: %d %d %d\n", 5 & 3, 5 | 3, 5 ^ 3);
	printf("logic: %d %d %d\n", 1 && 0, 1 || 0, !7);
	printf("no args\n");
	printf("split ");
	printf("line\n")
}
