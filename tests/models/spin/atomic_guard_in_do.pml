/* an atomic whose first statement is a guard, as the options of a do;
 * the guard blocks in some states, and one atomic blocks in its middle */
byte x, y;
active proctype p()
{ do
  :: atomic { x > 0 -> x--; y++ }
  :: atomic { x == 0 -> x = 2; y > 1 -> y = 0 }
  :: atomic { y >= 3 -> break }
  od
}
active proctype q()
{ do :: y < 2 -> y++ :: y == 2 -> break od }
