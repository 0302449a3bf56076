/* A global's initialiser that names a global declared after it: SPIN
 * 6.5.2 rejects it ("Error: undeclared variable: x"), and so does dspin
 * (tests/model_tests.sh) */
byte y = x;
byte x = 3;
active proctype p() { assert(y == 0) }
