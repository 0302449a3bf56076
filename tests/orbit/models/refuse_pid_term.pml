/* refused: the instances read _pid and can end (a finished instance is
 * removed at once, so the pids above it would shift under flag[]) */
bool flag[2];
active [2] proctype P() {
  flag[_pid] = 1;
  assert(!flag[0] || !flag[1] || _pid == 0)
}
