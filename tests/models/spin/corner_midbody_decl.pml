/* corner: a declaration without initializer after the first statement is a step (w = 0), re-run each time control passes it. SPIN 6.5.2: 18 states. */
active proctype A() { byte i; do :: i < 3 -> byte w; w++; i++; assert(w == 1) :: else -> break od }
