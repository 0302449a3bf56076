/* Locals that name other instances: seen holds the pid of the instance
 * that had turn when this one looked.  Instances with equal keys (same
 * pc, seen "another") differ in which other they name, so the sort
 * leaves ties that only the smallest vector over their orders breaks
 * (reduce/procsym_canon.c, pid_refs and tie_perm). */
byte turn = 255;
active [3] proctype P() {
  byte seen = 255;
  do
  :: atomic { turn == 255 -> turn = _pid }
  :: atomic { turn == _pid -> turn = 255 }
  :: atomic { turn != 255 && turn != _pid -> seen = turn }
  :: seen != 255 -> seen = 255
  od
}
