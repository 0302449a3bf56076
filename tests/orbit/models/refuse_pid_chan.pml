/* refused: c[_pid] indexes an array of channels, which stay where they
 * are (their contents are not permuted with the processes) */
chan c[2] = [1] of { byte };
active [2] proctype P() {
  c[_pid]!1;
  do :: skip od
}
active proctype R() { byte x; c[1]?x; assert(false) }
