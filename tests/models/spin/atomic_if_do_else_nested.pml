/* nested atomic sequences opening with if/do with else, inside nested loops,
 * with a blocking guard in the middle (atomicity lost and regained) */
byte x, y, z;
active proctype p()
{ byte i, j;
  do
  :: i < 2 ->
     do
     :: j < 2 -> atomic { if :: x > y -> y++ :: else -> x++ fi;
                          atomic { do :: z < x -> z++ :: else -> break od };
                          z > 0; z-- }; j++
     :: else -> break
     od;
     j = 0; i++
  :: else -> break
  od
}
active proctype q()
{ do :: z < 2 -> z++ :: x > 2 -> break od }
