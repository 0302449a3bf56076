/* no claim: an accept label inside a process, visited infinitely often */
byte x;
active proctype A() { do :: x = 1; accept: x = 0 od }
