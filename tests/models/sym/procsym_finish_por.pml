/* The step that finishes a W is safe for partial-order reduction (it
 * writes only W's local), but with process symmetry W's instances are
 * removed in the step that finishes them (docs/symmetry.md), so the step
 * also changes _nr_pr, which init reads.  Taken as an ample set on its own
 * it hid init's x++ (proc/static found no error; found by review).  The
 * POR table now counts such a step as unsafe (reduce/por.c). */
byte x;
proctype W() { byte l; l = 1 }
init {
  run W();
  do
  :: _nr_pr > 1 -> x++
  :: else -> break
  od;
  assert(x == 0)
}
