/* refused: turn holds pids (turn = _pid), then turn++ computes with one */
byte turn = 255;
bool flag[3];
active [3] proctype P() {
  atomic { turn == 255 -> turn = _pid };
  turn++;
  flag[_pid] = 1;
  assert(turn != 3);
  do :: skip od
}
