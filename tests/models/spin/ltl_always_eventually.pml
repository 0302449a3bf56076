/* copied verbatim from /usr/share/doc/spin/examples/Examples/LTL/ltl_always_eventually.pml (SPIN 6.5.2 distribution) */
int p;

init {
	printf("hello world\n")
}

ltl name {
	always eventually (p > 5)
}
