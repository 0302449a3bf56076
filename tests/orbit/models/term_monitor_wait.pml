/* orbit oracle, the monitor + init idiom (issue 37): three updaters U
 * end, a monitor M never does and is created before them, and init waits
 * for (_nr_pr == 2), the base (M) and itself, then checks the count.
 * The wait holds in N(s) only when every U is finished. */
byte cnt;
proctype U() { byte t; atomic { t = cnt; cnt = t + 1 } }
active proctype M() { end: do :: cnt > 3 -> assert(false) od }
init { atomic { run U(); run U(); run U() }; (_nr_pr == 2); assert(cnt == 3) }
