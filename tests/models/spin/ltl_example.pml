/* copied verbatim from /usr/share/doc/spin/examples/Examples/LTL/ltl_example.pml (SPIN 6.5.2 distribution) */
chan q; int a;

ltl c6	{ [] ( (len(q) < 2) -> (len(q) > 0) ) }

init { printf("hello world\n") }
