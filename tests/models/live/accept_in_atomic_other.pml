/* Another process's accept label does not count either while a process
 * holds atomic control and goes on: the state right after A's run B() is
 * inside A's sequence, B at its label (helper-40's review: pan -a no
 * error, dspin an acceptance cycle seeded there) */
chan c = [0] of { byte };
proctype B() { byte v; accept: c?v }
active proctype A() { do :: atomic { _nr_pr == 1 -> run B(); c!1 } od }
