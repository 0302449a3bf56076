/* A process's death (its move at its closing brace, when it is the last
 * process) commutes with the others' moves only if none of them can
 * still create a process: a run gives the new process the pid _nr_pr, and
 * once it runs, the dying process is no longer the last one.  Here Q's
 * run comes before P's death in some interleavings and R then has pid 2.
 * Static POR may not take P's death alone while Q can still run a
 * process (reduce/por_chan.c, chan_death_holds); if it did, R would
 * always get pid 1 and the violation would be missed. */
proctype R() { assert(_pid == 1) }
active proctype Q() { run R() }
active proctype P() { skip }
