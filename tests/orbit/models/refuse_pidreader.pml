/* process symmetry must be refused: W can terminate and R, created after
 * the W instances, reads _pid.  R's pid counts the finished W instances
 * SPIN still holds below it: pid 2 with both W done is reachable (the
 * second W removed, the first finished but not yet), and the assertion
 * fails; a search that dropped finished instances at once would give R
 * pid 1 there. */
byte x, y;
proctype W() {
  x++
}
proctype R() {
  assert(_pid != 2 || y != 2)
}
init {
  run W(); run W();
  atomic { y = x; run R() }
}
