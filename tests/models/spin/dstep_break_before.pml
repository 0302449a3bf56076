/* a break that comes before a d_step holding a do, in the same option of
 * the loop (compiled after the d_step, since a sequence is compiled from
 * its end), and in an earlier option: both leave the outer loop */
byte x, y;
active proctype p()
{ do
  :: if :: x > 1 -> break :: else fi;
     d_step { do :: y < 2 -> y++ :: else -> break od };
     x++
  :: y == 3 -> break
  :: y > 0 -> d_step { do :: y > 0 -> y-- :: else -> break od; y = 3 }
  od;
  do
  :: x > 0 -> x--
  :: x == 0 -> break
  od
}
active proctype q()
{ do :: y < 2 -> y++ :: x > 1 -> break od }
