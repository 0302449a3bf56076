/* Found by review (2026-11-27).  A blocks inside its atomic sequence
 * (g == 1), so the state keeps A's atomic control; B and C can move only
 * by timeout.  The reduction of such a state (reduce/layer_por.c,
 * reduce_full) took C's timeout alone: timeouts of different processes
 * are no ample set (B's enables A, whose move disables C's timeout), and a
 * replay of the choice (ns_below_next_proc, which never enables timeout)
 * found no move at all.  The violation of <>[] (g == 1) needs B's
 * timeout: then A sets g back to 0, again and again.  Taking C's alone,
 * g stays 1 for ever.  pan: error (acceptance cycle). */
byte g, y;
active proctype A() { do :: atomic { g = 1; y == 1 -> g = 0; y = 0 } od }
active proctype B() { do :: timeout -> y = 1 od }
active proctype C() { do :: timeout od }
ltl { <>[] (g == 1) }
