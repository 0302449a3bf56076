/* The flag[_pid] idiom with a bug only one pid can trigger in the
 * unreduced model's terms: an instance that finds every other flag down
 * enters, but the check of the others is done through last, a pid taken
 * from a shared variable that may be stale.  -sym=proc must find the
 * error and its trail must replay without symmetry
 * (docs/symmetry.md, "Instances that read _pid"). */
bool flag[3];
byte last = 255;
byte ncrit;
active [3] proctype P() {
  do
  :: flag[_pid] = 1;
     last = _pid;
     (last == _pid || !flag[last]);
     ncrit++;
     assert(ncrit == 1);
     ncrit--;
     flag[_pid] = 0
  od
}
