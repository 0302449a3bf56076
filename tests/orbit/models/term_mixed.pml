/* orbit oracle, two terminating proctypes interleaved by creation: W V W V.
 * A finished W below a live V is one SPIN keeps (only the last-created
 * process may die); the reduced search drops it at once. */
byte x;
bool lock;
proctype W() {
  atomic { !lock -> lock = true };
  x++;
  lock = false
}
proctype V() {
  byte t;
  t = x;
  atomic { !lock -> lock = true };
  x = (x + t) % 8;
  lock = false
}
init {
  run W(); run V(); run W(); run V();
  (_nr_pr == 1)
}
