/* unless with atomic and d_step: `atomic {...} unless {...}` (no braces),
 * unless inside an atomic that opens with a do, a d_step as the escape,
 * an atomic opening with a guard as the escape, inside loops */
byte x, y;
active proctype p()
{ byte n;
  do
  :: n < 2 -> atomic { do :: x < 2 -> x++ :: else -> break od; y++ } unless { y > 2 -> y = 0 }; n++
  :: n < 3 -> atomic { { x > 0 -> x--; y++ } unless { x == 2 -> x = 0 }; n++ }
  :: n < 4 -> { y < 3 -> y++; x++ } unless { d_step { do :: x > 1 -> x-- :: else -> break od } }; n++
  :: n < 4 -> { x < 2 -> x++; y++ } unless { atomic { y > 1 -> y = 0; x = 0 } }; n++
  :: n >= 4 -> break
  od
}
active proctype q()
{ do :: y > 0 -> y-- :: y == 0 -> break od }
