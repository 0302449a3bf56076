/* labels on atomic sequences (SPIN rejects a label on the first statement
 * inside the braces, except on a do): a goto from inside the atomic to
 * its own label ends the sequence; a goto from outside; a goto from one
 * atomic into another's label; a label on a do opening an atomic, jumped
 * to from inside and from outside */
byte x, y;
active proctype p()
{ byte i;
  A: atomic { x < 3 -> x++; if :: y < 1 -> goto A :: else fi };
  B: atomic { y++; x > 0 -> x-- };
  if :: y < 3 -> goto B :: else fi;
  atomic { x > 0 -> x--; if :: y < 4 -> goto B :: else fi };
  atomic { L: do :: x < 2 -> x++ :: else -> break od; i++; if :: i == 1 -> goto L :: else fi };
  x = 0;
  if :: i < 3 -> goto L :: else fi
}
active proctype q()
{ do :: x > 0 -> x-- :: y > 2 -> break od }
