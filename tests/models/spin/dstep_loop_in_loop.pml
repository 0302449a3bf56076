/* d_step opening with a loop, inside a loop (issue 15 item 2): the break
 * of the outer do must leave the outer loop. SPIN 6 states. */
byte x;
active proctype p()
{ byte n;
  do
  :: n < 1 ->
     d_step { do :: else -> break od; x = 1 };
     n++
  :: else -> break
  od
}
