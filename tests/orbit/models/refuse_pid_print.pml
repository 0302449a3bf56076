/* refused: printf shows the pid (what the run prints tells instances apart) */
bool flag[2];
active [2] proctype P() {
  flag[_pid] = 1;
  printf("%d\n", _pid);
  assert(!flag[0] || !flag[1]);
  do :: skip od
}
