/* issue 37: the monitor + init idiom: U ends, M never does and is created before every U, init waits for (_nr_pr == 2) = M and itself. Process symmetry keeps U (no error in any mode) */
byte cnt;
proctype U() { byte t; atomic { t = cnt; cnt = t + 1 } }
active proctype M() { end: do :: cnt > 2 -> assert(false) od }
init { run U(); run U(); (_nr_pr == 2); assert(cnt == 2) }
