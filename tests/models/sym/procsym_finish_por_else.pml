/* Like procsym_finish_por.pml, with the count read as `_nr_pr == 1` and an
 * else: while W lives, init's else is enabled, and the step that finishes
 * (and, under process symmetry, removes) W disables it.  POR may take
 * that step alone only when every read of _nr_pr is a plain alone-guard
 * without else or escape (reduce/por.c, nr_disabled); here it is not, so
 * x++ must still be explored before W finishes. */
byte x;
proctype W() { byte l; l = 1 }
init {
  run W();
  if
  :: _nr_pr == 1 -> skip
  :: else -> x++
  fi;
  (_nr_pr == 1);
  assert(x == 0)
}
