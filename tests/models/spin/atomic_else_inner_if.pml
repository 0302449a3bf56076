/* an if with else opening an option of a do, other options after it: pan
 * lists the if's options (its else last among them) where the option
 * stands, and takes else when no transition listed BEFORE it can move;
 * the options after it are still tried. Plain, inside atomic, and an if
 * option opening with a do that has an else */
byte x, y;
active proctype p()
{ do
  :: if :: x > 1 -> break :: else fi; x++
  :: atomic { y > 0 -> y-- }; y = 3
  od;
  do
  :: atomic { if :: else -> x = 0 :: x > 2 -> break fi; y = 0 }
  :: atomic { y > 0 -> y-- }
  od;
  if
  :: do :: x > 1 -> break :: else -> x++ od
  :: y > 0 -> y = 0
  fi
}
active proctype q()
{ do :: y < 2 -> y++ :: x > 1 -> break :: y == 2 -> y = 0 od }
