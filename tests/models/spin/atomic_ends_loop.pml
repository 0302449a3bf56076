/* atomic ending in a loop, followed by a goto to the loop that contains it */
byte x, y;
active proctype p()
{ byte n;
L: if
   :: n < 2 -> atomic { n++; do :: x < n -> x++ :: x >= n -> break od }; goto L
   :: else
   fi;
   atomic { y = 1; do :: y < x -> y++ :: y == x -> break od }
}
active proctype q()
{ do :: x > 0 -> x-- :: x == 0 -> break od }
