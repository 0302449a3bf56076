/* Found by review: np_ read by a process (SPIN allows it only in a claim)
 * observes every move into or out of a progress location; static POR
 * missed the assertion. */
/* B observes np_ in a statement; W's moves into and out of its progress
 * location are local-only, so the static reduction takes them as safe
 * (SPIN rejects np_ outside a never claim; dspin accepts it) */
active proctype W() { byte x; x = 1; progress: x = 2; x = 3 }
active proctype B() { end: !np_ -> assert(false) }
