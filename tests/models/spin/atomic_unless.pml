/* unless around atomic and d_step sequences that open with if/do */
byte x, y;
active proctype p()
{ byte n;
  do
  :: n < 3 ->
     { atomic { if :: x < 2 -> x++ :: else -> x = 0 fi; y++ } } unless { y > 3 -> y = 0 };
     n++
  :: n < 3 -> { d_step { do :: x < 1 -> x++ :: else -> break od; y++ } } unless { y == 2 };
     n++
  :: n >= 3 -> break
  od
}
active proctype q()
{ do :: y > 0 -> y-- :: y == 0 -> break od }
