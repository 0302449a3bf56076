/* the claim "eventually always x == 2" cannot accept: x keeps changing */
byte x;
active proctype A() { do :: x = 1 :: x = 2; x = 3 od }
never { do :: true :: x == 2 -> goto acc od; acc: accept: do :: x == 2 od }
