/* loops in a d_step in loops: every break outside the d_step keeps its
 * own target (a do before, after and around the d_step) */
byte a, b, c;
active proctype p()
{ byte i, j;
  do
  :: i < 2 ->
     do
     :: j < 2 -> d_step { do :: a < j -> a++ :: else -> break od;
                          do :: b < a -> b++ :: else -> break od }; j++
     :: j == 2 -> break
     od;
     i++; j = 0
  :: i == 2 -> d_step { do :: c < 3 -> c++ :: c == 3 -> break od }; break
  od;
  do
  :: c > 0 -> c--
  :: c == 0 -> break
  od
}
active proctype q()
{ do :: a > 0 -> a-- :: b > 1 -> break od }
