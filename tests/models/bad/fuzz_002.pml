/* fuzz_002 — found with the fuzz harness (tests/fuzz/fuzz_parser.c, UBSan)
 * on a hand-written input.  The size of r is 65535 * 65535 bytes: the
 * layout computation overflows int (lang/check.c:59, layout_var:
 * `*off += v->elemsize * (v->arrlen ? v->arrlen : 1)`), undefined behaviour;
 * the release binary then crashes with SIGSEGV.
 * Expected from dspin: an error (state too large) and exit status 2. */
typedef R { byte a[65535] };
R r[65535];
active proctype p() { skip }
