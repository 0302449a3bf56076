/* a d_step inside an atomic: at the start, in the middle, at the end, and
 * an atomic whose only statement is a d_step; inside a do */
byte x, y;
active proctype p()
{ byte n;
  do
  :: n < 2 -> atomic { d_step { do :: x < n -> x++ :: else -> break od }; y++; n++ }
  :: n < 3 -> atomic { y > 0 -> d_step { y--; x++ }; n++ }
  :: atomic { x > 1 -> x--; d_step { if :: y > 0 -> y-- :: else fi } }
  :: atomic { d_step { x == 3 -> x = 0 } }
  :: n >= 3 -> break
  od
}
active proctype q()
{ do :: y < 2 -> y++ :: y == 2 -> break od }
