/* copied verbatim from /usr/share/doc/spin/examples/Examples/Book_1991/p94.pml (SPIN 6.5.2 distribution) */
byte state = 2;

proctype A() { (state == 1) -> state = 3 }

proctype B() { state = state - 1 }

/* added: */
init { run A(); run B() }
