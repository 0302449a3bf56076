/* corner: a goto carrying a progress label is a step of its own. SPIN 6.5.2: 10 states. */
byte x; active proctype A() { T: x++; if :: x < 3 -> progress: goto T :: else fi }
