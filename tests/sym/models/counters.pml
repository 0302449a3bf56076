/* two counters that stop, each with its own loop (tests/sym) */
byte x, y;
active proctype A() { do :: x < 5 -> x++ :: x == 5 -> break od }
active proctype B() { do :: y < 4 -> y++ :: y == 4 -> break od }
