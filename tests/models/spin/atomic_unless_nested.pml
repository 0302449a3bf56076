/* an unless opening an option of an if that is the body of another
 * unless whose escape has an else: pan lists the inner escape's state
 * (numbered before the if) with the outer escapes already in front, and
 * copies all of them into the if's state under the inner escape's tag,
 * so after the inner escape moves the outer ones are still tried, in
 * source order (the else last) */
byte x, y, z;
active proctype p0()
{ { if
    :: { y = 2 } unless { y == 2 -> x = 1 }; x = 2
    fi } unless { if :: y == 0 -> z = 1 :: else -> y = 2 fi };
  atomic { { if
             :: { y = 2 } unless { atomic { y == 2 -> x = 1 } }; x = 2
             :: y = z
             fi } unless { if :: y == 0 -> z = 1 :: else -> y = 2 fi } }
}
active proctype p1()
{ z = 2; y = 0; y = 1 }
