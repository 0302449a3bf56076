/* copied verbatim from /usr/share/doc/spin/examples/Examples/Book_1991/p96.1.pml (SPIN 6.5.2 distribution) */
byte state = 1;

proctype A() { (state == 1) -> state = state + 1 }

proctype B() { (state == 1) -> state = state - 1 }

init { run A(); run B() }
