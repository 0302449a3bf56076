/* copied verbatim from /usr/share/doc/spin/examples/Examples/Book_1991/p95.1.pml (SPIN 6.5.2 distribution) */
init { printf("hello world\n") }
