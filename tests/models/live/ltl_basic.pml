/* ltl formulas translated to never claims: p1 and p3 fail, p2 holds */
byte x;
active proctype A() { do :: x = 1 :: x = 0 od }
ltl p1 { []<> (x == 1) }
ltl p2 { [] (x == 0 || x == 1) }
ltl p3 { <>[] (x == 1) }
