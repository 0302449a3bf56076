/* One declaration, two globals, the first's initialiser naming the
 * second: SPIN 6.5.2 rejects it ("Error: undeclared variable: b"), and so
 * does dspin (tests/model_tests.sh); `int a = 1, b = a` is fine */
int a = b, b = 2;
active proctype p() { assert(a == 0) }
