/* A receive is safe only while its channel is not empty (Holzmann &
 * Peled's condition for receives).  At the start R's receive is disabled
 * and its other option, skip, is enabled: taking R's moves alone would
 * commit R to skip before S's message can arrive, and the assertion
 * would never be reached.  (tests/gen/mutants.sh: chan_length.) */
chan q = [1] of { byte };
active proctype S() { q!1 }
active proctype R() { byte x; if :: q?x -> assert(x != 1) :: skip fi }
