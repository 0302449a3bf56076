/* atomic opening with an if (with else) inside a do, against another process */
byte x, y;
active proctype p()
{ byte n;
  do
  :: n < 3 -> atomic { if :: x > 1 -> x = 0 :: else -> x++ fi; y = y + x }; n++
  :: else -> break
  od
}
active proctype q()
{ do :: x < 2 -> x++ :: x == 2 -> break od }
