/* A guard with timeout as a conjunct is never enabled in a state where
 * its process has another move, so it does not keep the process's other
 * moves from standing for the whole expansion (reduce/por_chan.c,
 * guard_holds: the reduction only takes a process with a move, which
 * stays enabled while the others move).  Only a conjunct: P's guard
 * timeout || g == 1 is enabled as soon as Q sets g, so P's skip may not
 * be taken alone while g == 0.  Taking any guard that mentions timeout as
 * safe would miss the violation. */
byte g;
active proctype Q() { g = 1 }
active proctype P() { if :: timeout || g == 1 -> assert(false) :: skip fi }
