/* fuzz_003 — found with the fuzz harness (tests/fuzz/fuzz_parser.c, UBSan)
 * on a hand-written input.  Constant folding of an array length divides
 * INT_MIN by -1 (lang/check.c:113, const_eval, T_SLASH: `return a / b`):
 * the x86 idiv traps and dspin dies of SIGFPE (exit 136).  `%` has the same
 * problem (check.c:114).  The VM (vm/exec.c) already special-cases this.
 * Expected from dspin: an error for the bad length and exit status 2. */
byte a[(-2147483647 - 1) / -1];
active proctype p() { skip }
