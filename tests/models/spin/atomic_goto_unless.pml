/* a goto that ends an atomic sequence inside an unless body: SPIN keeps
 * it as a state of its own (a jump from inside an atomic sequence to a
 * target outside one is not threaded), so the escapes are tried there,
 * after the atomic's last statement and before the jump */
byte x, y, z;
active proctype p0()
{ do
  :: y = 0;
     atomic { { x = (x + 1) % 3; { z = 2; goto done } unless { atomic { z > 1 -> y = 2 } } }
              unless { y == 1 -> z = (z + 1) % 3 } }
  od;
done: skip
}
active proctype p1()
{ L: if
     :: { atomic { skip; y = (y + 1) % 3; goto L } } unless { y > 1 -> y = (y + 1) % 3 }
     fi
}
