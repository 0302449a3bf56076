/* Two billion states that never repeat: a search that runs until a
 * limit stops it (tests/model_tests.sh: `ulimit -S -t 1` must end it
 * with SIGXCPU, as it ends pan; Boehm GC had caught that signal).  In a
 * folder of its own, which no suite that runs every model of the corpus
 * walks: among the others it ran to their timeouts (native_vs_interpreter
 * 119 s -> 175 s, the sanitizer tier 81 s -> 98 s) */
int x;
active proctype p() { do :: x < 2000000000 -> x++ od }
