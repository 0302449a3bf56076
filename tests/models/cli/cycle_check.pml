/* -t checks a replayed cycle: it returns to where it started, passes an
 * accepting state and, for a trail of -f, is weakly fair.  Without -f the
 * search's cycle here is B's loop alone (A, always enabled, never moves):
 * model_tests replays it as it is (accepting), with the claim's accept
 * label renamed (the same moves, no accepting state), and with -f added
 * to its options line (not weakly fair). */
byte x;
active proctype A() { do :: skip od }
active proctype B() { do :: x = 2 od }
never { T0: do :: true -> goto accept_S1 od; accept_S1: do :: true od }
