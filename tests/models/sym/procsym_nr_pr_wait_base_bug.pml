/* issue 37: procsym_nr_pr_wait_base.pml with the update not atomic: a lost update, an assertion violation in every mode */
byte cnt;
proctype U() { byte t; t = cnt; cnt = t + 1 }
active proctype M() { end: do :: cnt > 2 -> assert(false) od }
init { run U(); run U(); (_nr_pr == 2); assert(cnt == 2) }
