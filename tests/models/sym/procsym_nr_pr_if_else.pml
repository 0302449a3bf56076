/* found by helper-6's generator (issue 37): an if option's _nr_pr test beside else stands at two locations (the if's, with the else, and the option's own); it is no wait. SPIN and -sym=none: assertion violated */
byte done; proctype W(){done++} init { run W(); run W(); (done==2); if :: _nr_pr == 1 -> skip :: else -> assert(false) fi }
