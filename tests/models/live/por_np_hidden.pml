/* por_np_hidden.pml: a non-progress cycle that only Q's moves make.
 * P passes its progress label on every round; Q's loop is private.  The
 * unreduced search and pan -l find Q's cycle (P never moving); under
 * -l -f it is unfair to P, and every fair cycle passes the label.  A
 * reduction that took P's moves as invisible to the np_ claim (mutant
 * claim_np in tests/gen/mutants.sh: moves into and out of progress
 * labels not observed) picks P's moves as the ample set and misses the
 * cycle; dspin's takes them as visible (vm/layer_claim.c). */
byte x;
active proctype P() { byte a; do :: a = 1 - a; progress: a = a od }
active proctype Q() { byte t; do :: t = 1 - t od }
