/* atomic sequences opening with if/do, followed by goto: back to the
 * start of the same atomic, forward to a plain statement, into the middle
 * of another atomic */
byte x, y;
active proctype p()
{ byte n;
S: atomic { if :: x < 2 -> x++ :: else -> x = 0 fi; n++ }; if :: n < 3 -> goto S :: else fi;
T: atomic { do :: y < x -> y++ :: else -> break od; n++ }; goto U;
   n = 9;
U: if :: n < 5 -> goto T :: else fi;
   atomic { n > 0 -> n = 0; goto V };
   atomic { x = 2; V: y > 0 -> y-- }
}
active proctype q()
{ do :: atomic { x > 0 -> x-- } :: atomic { y > 1 -> y = 0 } :: x == 0 && y == 0 -> break od }
