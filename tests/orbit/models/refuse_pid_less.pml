/* refused: turn < _pid orders the pids (who wins depends on the number) */
byte turn = 255;
bool flag[2];
active [2] proctype P() {
  do
  :: turn == 255 || turn < _pid -> turn = _pid; flag[_pid] = 1
  :: assert(turn != 1 || !flag[0] || !flag[1])
  od
}
