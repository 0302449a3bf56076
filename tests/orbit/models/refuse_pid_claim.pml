/* refused: the never claim reads flag[0], the element of one instance */
bool flag[2];
active [2] proctype P() {
  flag[_pid] = 1;
  do :: skip od
}
never {
  do
  :: flag[0] -> break
  :: else -> skip
  od
}
