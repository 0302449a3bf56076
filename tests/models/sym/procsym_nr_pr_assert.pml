/* issue 37: _nr_pr read by an assertion after a wait on done: SPIN and -sym=none: assertion violated (8 states); process symmetry must refuse W, which it used to take, missing the error */
byte done; proctype W() { done = 1 } init { run W(); (done == 1); assert(_nr_pr == 1) }
