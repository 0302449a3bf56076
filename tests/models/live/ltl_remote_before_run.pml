/* a claim reads P[1] before init has run it (pan: a process that is not
 * running reads as zeros) */
proctype P() { byte x; x = 1; L: x = 2 }
init { run P() }
ltl p1 { [] (P[1]:x != 2) }
ltl p2 { [] !(P[1]@L) }
ltl p3 { [] (P[1]:x < 3) }
