/* trail check: init runs 3 workers at once; each increments a counter
 * under a lock and ends; init waits until it is alone and asserts a wrong
 * total.  Workers that end below a live one are held by SPIN and removed
 * later, in reverse creation order: the trail process symmetry writes
 * spells those deaths out and must replay on the unreduced model. */
byte cnt;
bool lock;
proctype W() {
  atomic { !lock -> lock = true };
  cnt++;
  lock = false
}
init {
  atomic { run W(); run W(); run W() };
  (_nr_pr == 1);
  assert(cnt != 3)
}
