/* W reads _nr_pr, so W may not be permuted (docs/symmetry.md): W's instances
 * are pids 0 and 1; if pid 0 finishes first, SPIN holds it until pid 1 is
 * gone, so pid 1 never sees itself alone with x == 1.  Removing the
 * finished instance at once would (found by review). */
byte x;
active [2] proctype W() {
  x++;
  if
  :: _nr_pr == 1 -> assert(x != 1)
  :: else -> skip
  fi
}
