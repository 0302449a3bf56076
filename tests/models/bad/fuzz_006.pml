/* fuzz_006 — found by tests/fuzz/fuzz_parser.c (UBSan) and reduced by
 * hand.  A negative constant in a receive (or send) argument list is
 * negated in the parser, and 2147483648 lexes to INT_MIN, so the negation
 * overflows int (lang/parser.c, recv_args: `e->val = -nn->v`): undefined
 * behaviour.  Only a sanitizer build (cmake -DDSPIN_SANITIZE=ON) reports
 * it; a release build wraps to INT_MIN, which is the intended value.
 * Expected: no undefined behaviour (negate as unsigned), exit 0/1/2. */
chan c = [1] of { int };
active proctype p() { c!-2147483648; c?-2147483648 }
