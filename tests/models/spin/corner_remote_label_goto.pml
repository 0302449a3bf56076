/* corner: a goto whose label a remote reference P@L names is a step of
 * its own in SPIN (pan.t: a "(1)" at L), also when the reference is in an
 * ltl formula or never claim that -N or -DNOCLAIM leaves out: the LIST
 * runs it with and without -noclaim (SPIN's Book_1991/p123.pml has this
 * shape: `P1: goto again` and a claim reading Receiver[2]@P1). */
byte x;
active proctype P() { L: x++; M: goto L }
active proctype Q() { do :: P@L -> x = 0 :: x > 200 -> break od }
ltl f { [] (P@M -> x > 0) }
