/* d_step opening with a do (guards and else) inside an if, followed by a
 * goto back to the statement before it (SPIN rejects a goto to a label on
 * the d_step itself: "jump into d_step sequence"), and a d_step opening
 * with a do followed by a goto forward */
byte x, y;
active proctype p()
{ byte i;
L: i = 0;
  d_step { do :: i < 2 -> i++ :: i == 1 -> i = 3 :: else -> break od; x++ };
  if :: x < 3 -> goto L :: else fi;
  d_step { do :: y < x -> y++ :: else -> break od }; goto M;
  y = 9;
M: assert(y == 3)
}
active proctype q()
{ x < 2 -> x = x + 1 }
