/* Two billion states that never repeat: a search that runs until a
 * limit stops it (tests/model_tests.sh: `ulimit -S -t 1` must end it
 * with SIGXCPU, as it ends pan; Boehm GC had caught that signal) */
int x;
active proctype p() { do :: x < 2000000000 -> x++ od }
