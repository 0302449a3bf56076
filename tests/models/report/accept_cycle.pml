/* an acceptance cycle: the claim accepts while x == 1 forever */
byte x;
active proctype A() { do :: x = 1 :: x = 0 od }
never { do :: true :: x == 1 -> goto acc od; acc: accept: do :: x == 1 od }
