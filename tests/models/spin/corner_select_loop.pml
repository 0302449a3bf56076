/* corner: select as SPIN 6.5 expands it. Two number literals spanning at
 * most 33 values: one step per choice (d : 1 .. 33). Otherwise a loop,
 * x = lo; do :: break :: x < hi -> x = x + 1 od: more values (0 .. 34),
 * an expression bound (0 .. (N-1), SPIN's salesman1.pml), a negative
 * literal (-1 is an expression), and bounds read at run time. */
#define N 4
byte d, e, k;
int t;
init {
	select (d : 1 .. 33);
	do
	:: select (e : 0 .. (N-1)) -> t = t + e; if :: t > 6 -> break :: else fi
	od;
	select (k : 0 .. 34);
	select (t : -1 .. 1);
	select (e : k .. k + 2);
	assert(e >= k && e != 36)
}
