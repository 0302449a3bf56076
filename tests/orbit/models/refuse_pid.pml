/* process symmetry must be refused: P reads _pid, and instance 0 may do
 * what instance 1 may not. */
byte x;
active [2] proctype P() {
  do
  :: x < 3 -> x++
  :: x > 0 -> x--
  :: assert(_pid == 0 || x != 3)
  od
}
