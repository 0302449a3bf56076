/* d_step ending in a loop, inside a loop, with a break right after it */
byte x, y;
active proctype p()
{ do
  :: x < 4 -> d_step { x++; do :: y < x -> y++ :: y >= x -> break od }
  :: x >= 2 -> d_step { y = 0; do :: y < 2 -> y++ :: else -> break od }; break
  od;
  x = 0
}
active proctype q()
{ do :: y > 0 -> y-- :: y == 0 -> break od }
