/* fuzz_004 — found with the fuzz harness (tests/fuzz/fuzz_parser.c, UBSan)
 * on a hand-written input.  Constant folding overflows int
 * (lang/check.c:112, const_eval, T_PLUS: `return a + b`; also T_MINUS,
 * T_STAR, and unary minus at check.c:106): undefined behaviour.  A release
 * build happens to wrap and report the bad length; only a sanitizer build
 * (cmake -DDSPIN_SANITIZE=ON) shows the "runtime error:" report that
 * tests/model_tests.sh checks for.
 * Expected from dspin: an error for the bad length, exit 2, no UB. */
byte a[2147483647 + 1];
active proctype p() { skip }
