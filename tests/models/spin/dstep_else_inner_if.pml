/* a d_step runs the first transition that can move in pan's order; an
 * else that an option's opening if brings along stands before the
 * options after it, so it is chosen when the guards listed before it are
 * false, even if a later option's guard is true */
byte x = 1, y;
active proctype p()
{ d_step { if :: if :: x > 1 -> y = 1 :: else -> y = 2 fi :: x > 0 -> y = 3 fi };
  assert(y == 2);
  d_step { if :: x > 0 -> y = 3 :: if :: x > 1 -> y = 1 :: else -> y = 2 fi fi };
  assert(y == 3);
  /* two elses in one d_step location (pan refuses that outside a d_step,
   * "inherits 2 'else' stmnts"): the first one counts */
  d_step { if :: if :: x > 1 -> y = 1 :: else -> y = 2 fi :: x > 0 -> y = 3 :: else -> y = 4 fi };
  assert(y == 2 || x > 1);
  do
  :: d_step { if :: x > 2 -> x = 0 :: else -> x++ fi; y = 0 }
  :: atomic { y > 0 -> y-- }
  :: x == 2 -> break
  od
}
active proctype q()
{ do :: y < 2 -> y++ :: x > 1 -> break :: y == 2 -> y = 0 od }
