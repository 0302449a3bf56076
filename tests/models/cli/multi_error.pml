/* several assertion violations (one per interleaving that reaches it).
 * SPIN 6.5.2 -o1 -o2 -o3, NOREDUCE, pan -c0: 24 states, 5 errors */
proctype P() { skip }
proctype Q() { skip }
init { run P(); run Q(); _nr_pr <= 2 -> assert(false) }
