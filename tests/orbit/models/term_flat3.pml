/* orbit oracle, terminating instances: init runs 3 identical workers at
 * once; each increments a shared counter twice under a lock and ends.
 * init waits until it is alone (_nr_pr == 1: a test for 1, so W stays
 * interchangeable). */
byte cnt;
bool lock;
proctype W() {
  byte i;
  do
  :: i < 2 -> atomic { !lock -> lock = true }; cnt++; lock = false; i++
  :: else -> break
  od
}
init {
  atomic { run W(); run W(); run W() };
  (_nr_pr == 1);
  assert(cnt == 6)
}
