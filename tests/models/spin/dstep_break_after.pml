/* d_steps holding loops in the options of a do, one followed by break:
 * the break leaves the outer loop, not the d_step's (SPIN rejects a break
 * whose target is a d_step: "jump into d_step sequence"; hence the
 * statement after each od) */
byte x, y;
active proctype p()
{ do
  :: x < 2 -> d_step { do :: y < 3 -> y++ :: else -> break od; x++ }
  :: x >= 1 -> d_step { do :: y > 0 -> y-- :: else -> break od }; break
  :: x == 2 -> break
  od;
  x++;
  do
  :: y < 2 -> y++; d_step { do :: x > 0 -> x-- :: else -> break od; y++ }
  :: else -> break
  od;
  y = 0
}
active proctype q()
{ do :: x < 3 -> x++ :: x == 3 -> break od }
