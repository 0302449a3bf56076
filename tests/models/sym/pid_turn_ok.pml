/* Peterson's algorithm for two (SPIN's Examples/peterson.pml, without
 * its _pid assertion) written with a pid-holding local: other = 1 - _pid
 * is the other instance, turn = me a pid; correct, so -sym=proc must
 * agree that no error exists and store fewer states
 * (docs/symmetry.md, "Instances that read _pid"). */
byte turn;
bool flag[2];
byte ncrit;
active [2] proctype user() {
  byte me = _pid, other = 1 - _pid;
again:
  flag[me] = 1;
  turn = me;
  (flag[other] == 0 || turn == other);
  ncrit++;
  assert(ncrit == 1);
  ncrit--;
  flag[me] = 0;
  goto again
}
