/* escapes that open with a jump: SPIN threads the goto/break away, the
 * escape's first step is its target's statement (or the options of an if
 * there); around an atomic, inside a loop, and into the middle of an
 * atomic sequence */
byte x, y;
active proctype p()
{ do
  :: { x < 3 -> x++; y == 1 } unless { break }
  :: x == 3 -> break
  od;
  atomic { x > 0 -> x--; y == 0 } unless { goto L };
  x = 4;
L: if :: x > 1 -> x = 7 :: else -> x = 6 fi;
  atomic { x = 0; M: y > 0 -> y-- };
  { x < 2 -> x++; x++ } unless { goto M }
}
active proctype q()
{ y = 1; y = 0; y = 1 }
