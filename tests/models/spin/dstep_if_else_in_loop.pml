/* d_step opening with if/else, inside a do, against a second process */
byte x, y;
active proctype p()
{ byte n;
  do
  :: n < 3 -> d_step { if :: x > 1 -> x = 0 :: else -> x++ fi; y = y + x }; n++
  :: else -> break
  od;
  assert(y < 9)
}
active proctype q()
{ do :: x < 2 -> x++ :: x == 2 -> break od }
