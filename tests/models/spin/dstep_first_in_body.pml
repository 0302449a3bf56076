/* a d_step opening with a do as the first statement of a proctype (the
 * process starts at it), of an inline, and of a do's first option that is
 * itself the body's first statement */
byte x, y;
inline fill(v) { d_step { do :: v < 2 -> v++ :: else -> break od; y++ } }
active proctype p()
{ d_step { do :: x < 2 -> x++ :: x == 2 -> break od; y = x };
  fill(x);
  x = 0
}
active proctype q()
{ do
  :: d_step { do :: y > 0 -> y-- :: else -> break od }
  :: x == 2 -> fill(y); break
  od
}
