/* A global used before its declaration: SPIN 6.5.2 rejects this model
 * ("Error: undeclared variable: x"), and so does dspin, which used to
 * accept it (tests/model_tests.sh).  DPML's functions and methods may
 * still use a global declared after them (global_after_fn.dpml). */
active proctype p() { x = 1; assert(x == 1) }
byte x;
