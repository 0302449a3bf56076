/* W reads _nr_pr, so W may not be permuted with early removal
 * (docs/symmetry.md): in SPIN a W that has finished stays in the state
 * until it dies (and pid 0 is held until pid 1 is gone), so the other W
 * can see fin == 1 while _nr_pr is still 2.  Removing a finished
 * instance in the step that finishes it makes that unreachable (the
 * procsym_self_nr mutant of tests/gen/mutants.sh). */
byte fin;
active [2] proctype W() {
  atomic {
    if
    :: _nr_pr == 1 -> skip
    :: else -> assert(fin == 0)
    fi
  };
  fin++
}
