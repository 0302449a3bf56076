/* atomic opening with a do (with else) inside a do: the loop head is the
 * atomic's entry and is also jumped back to from inside */
byte x, y;
active proctype p()
{ byte n;
  do
  :: n < 2 -> atomic { do :: x < 2 -> x++ :: y > 0 -> y-- :: else -> break od; n++ }
  :: else -> break
  od
}
active proctype q()
{ do :: y < 2 -> y++; x = 0 :: y == 2 -> break od }
