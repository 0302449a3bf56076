/* refused: the pid is passed to run as data */
bool flag[2];
proctype Q(byte who) { assert(who != 1) }
active [2] proctype P() {
  flag[_pid] = 1;
  run Q(_pid);
  do :: skip od
}
