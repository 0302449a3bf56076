/* issue 37: _nr_pr > 1 as an if option, which can be taken between W's last statement and its death (SPIN: assertion violated); process symmetry must refuse W */
byte done; proctype W() { done = 1 } init { run W(); (done == 1); if :: _nr_pr > 1 -> assert(false) :: _nr_pr == 1 fi }
