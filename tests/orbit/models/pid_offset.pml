/* The class at pids 1..3 (Q is pid 0): slot[_pid - 1] is indexed with an
 * offset, and Q, not interchangeable, copies the pid in turn into last
 * (a global that then holds pids too) and looks at slot[last - 1]. */
byte turn = 9, last = 9;
byte slot[3];
active proctype Q() {
  do
  :: atomic { turn != 9 && turn != last -> last = turn }
  :: atomic { last != 9 -> assert(slot[last - 1] < 3); last = 9 }
  od
}
active [3] proctype P() {
  do
  :: slot[_pid - 1] < 2 -> slot[_pid - 1]++
  :: atomic { turn == 9 -> turn = _pid }
  :: atomic { turn == _pid -> slot[_pid - 1] = 0; turn = 9 }
  od
}
