/* -N names neither a never claim nor an ltl formula */
byte x;
active proctype p() { x++ }
ltl f { [] (x <= 1) }
