/* A depth cut (-m 8) inside the atomic chain of the first level, a
 * resource limit (the state vector's size) on a later level: the search
 * reports the first reason it met, "depth bound", on one core and on two
 * (tests/cores_tests.sh). */
proctype Big() { byte a[30000]; a[0] = 1 }
byte x;
active proctype A() { atomic { x = 1; x = 2; x = 3; x = 4; x = 5; x = 6; x = 7; x = 8; x = 9; x = 10; x = 11; x = 12 } }
active proctype B() { run Big(); run Big(); run Big() }
