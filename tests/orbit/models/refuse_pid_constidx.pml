/* refused: flag is indexed by pid, but also by the constant 0 */
bool flag[2];
active [2] proctype P() {
  flag[_pid] = 1;
  assert(!flag[0] || !flag[1]);
  do :: skip od
}
