/* unless opening an option of a do/if (SPIN warns "saw 'unless' on a
 * guard" and verifies): the option's escapes are transitions of the do's
 * state, listed first (a later option's before an earlier one's, and
 * before the escapes of an unless around the do); once one escape moves,
 * no other transition is tried. Bodies: atomic, d_step, a guard; escapes
 * opening with if (with else) */
byte x, y;
active proctype p()
{ do
  :: atomic { x < 3 -> x++; y = 0 } unless { y > 1 -> y = 0 }
  :: d_step { x == 1 -> x = 2 } unless { y > 0 -> x = 0 }
  :: x == 3 -> break
  od;
  x = 0;
  { do
    :: { x < 3 -> x++ } unless { if :: y > 1 -> y = 0 :: else -> skip fi }
    :: { x == 3 -> break } unless { y == 1 -> x = 1 }
    od } unless { x == 2 && y == 2 -> x = 0 };
  atomic { if :: { x < 3 -> x++ } unless { y > 1 -> y = 0 } :: x == 3 -> x = 0 fi; x++ }
}
active proctype q()
{ do :: y < 2 -> y++ :: x > 1 -> break :: y == 2 -> y = 0 od }
