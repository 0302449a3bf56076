/* copied verbatim from /usr/share/doc/spin/examples/Examples/Book_1991/p95.2.pml (SPIN 6.5.2 distribution) */
proctype A(byte state; short set)
{	(state == 1) -> state = set
}

init { run A(1, 3) }
