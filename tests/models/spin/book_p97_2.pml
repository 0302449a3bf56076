/* copied verbatim from /usr/share/doc/spin/examples/Examples/Book_1991/p97.2.pml (SPIN 6.5.2 distribution) */
proctype nr(short id, a, b)
{	int res;

atomic	{	res = (a*a+b)/2*a;
		printf("result %d: %d\n", id, res)
	}
}
init { run nr(1,1,1); run nr(1,2,2); run nr(1,3,2) }
