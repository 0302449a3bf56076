/* no atomic sequences: DFS and BFS store the same states.
 * SPIN 6.5.2 -o1 -o2 -o3, NOREDUCE: 18 states, 0 errors */
byte x;
active proctype A() { if :: x > 0 -> x = 5 :: else -> x = 7 fi }
active proctype B() { x = 1 }
