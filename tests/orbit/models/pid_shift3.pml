/* Pids plus an offset: me = _pid + 1 (1..3, 0 means none, as in SPIN's
 * Exercises/ex_3c.pml), owner = me holds pids plus 1, slot[me - 1] and
 * slot[_pid] are the same element.  owner's and me's values map through
 * the permutation with the offset carried along. */
byte owner;
byte slot[3];
active [3] proctype P() {
  byte me = _pid + 1;
  do
  :: atomic { owner == 0 -> owner = me }
  :: atomic { owner == me && slot[me - 1] < 2 -> slot[me - 1]++; owner = 0 }
  :: slot[me - 1] == 2 -> slot[_pid] = 0
  :: atomic { owner != 0 && owner != me -> slot[_pid] = 1 }
  od
}
