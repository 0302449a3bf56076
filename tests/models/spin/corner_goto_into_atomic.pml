/* corner: a goto from inside an atomic into the middle of another atomic keeps atomicity. SPIN 6.5.2: 9 states. */
byte x, y; active proctype A() { atomic { x == 0 -> goto M }; atomic { x == 7; M: x = 2; x = 3 } } active proctype B() { y = 1; y = 2 }
