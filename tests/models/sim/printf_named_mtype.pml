/* Named mtypes (SPIN 6): each `mtype:NAME` is numbered from 1 on its own,
 * backwards within a declaration like the plain mtype; %e and printm of a
 * variable use the variable's own mtype, also through a channel. */
mtype = { a, b };
mtype:fruit = { apple, pear };
mtype:veg = { leek };
mtype:fruit = { plum };
mtype x = b;
mtype:fruit f = pear;
mtype:veg v = leek;
chan q = [2] of { mtype:fruit, mtype:veg };

init {
	mtype:fruit g;
	mtype:veg w;
	printf("%d %d %d %d %d %d\n", a, b, apple, pear, plum, leek);
	printf("%d %d %d\n", x, f, v);
	printm(f); printf(" "); printm(v); printf(" "); printm(x); printf("\n");
	printf("%e %e %e\n", x, f, v);
	f = plum;
	q!f,v;
	q?g,w;
	printf("%e %e %d\n", g, w, g == plum)
}
