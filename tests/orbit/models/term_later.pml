/* orbit oracle, terminating instances created in two rounds: init runs 2
 * workers, waits until it is alone, runs 2 more one by one (the first may
 * finish before the second exists) and waits again. */
byte cnt;
bool lock;
proctype W() {
  atomic { !lock -> lock = true };
  cnt++;
  lock = false
}
init {
  atomic { run W(); run W() };
  (_nr_pr == 1);
  run W();
  run W();
  (_nr_pr == 1);
  assert(cnt == 4)
}
