/* atomic inside d_step (only grouping there): a d_step opening with an
 * atomic that opens with an if or a do, inside a do */
byte x, y;
active proctype p()
{ do
  :: x < 3 -> d_step { atomic { if :: y > 0 -> y-- :: else -> y = 2 fi }; x++ }
  :: d_step { atomic { do :: y < x -> y++ :: else -> break od }; atomic { if :: x > 2 -> x = 0 :: else fi } }
  :: y == 3 -> break
  od
}
active proctype q()
{ do :: y < 3 -> y++ :: y == 3 -> break od }
