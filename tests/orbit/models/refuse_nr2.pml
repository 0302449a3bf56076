/* process symmetry must be refused: W can terminate and init reads _nr_pr
 * other than as a test for 1.  SPIN keeps a finished W until every
 * later-created process is gone, so _nr_pr == 2 with both W done is
 * reachable (one is finished but not yet removed) and the assertion fails;
 * a search that dropped finished instances at once would never see it. */
byte done;
proctype W() {
  done++
}
init {
  atomic { run W(); run W() };
  if
  :: atomic { _nr_pr == 2 -> assert(done != 2) }
  :: _nr_pr == 1
  fi
}
