/* fuzz_005 — found by tests/fuzz/fuzz_parser.c as a timeout (hang), after
 * fuzz_001 was fixed; reduced by hand.  The inline body { ( {} -> f() } has
 * a syntax error at the inner '{'.  Error recovery in the body's sequence
 * stops at the inner '}' and ends the block there, so statement() in
 * inline_call (lang/parser.c) returns with "-> f() }" still unread in the
 * inline's token stream.  in->expanding is cleared at that point, and the
 * caller then parses the rest of the body, including the recursive call
 * f(), as if no expansion were active.  The expansion repeats with no limit
 * on its total work.
 * Expected from dspin: errors and exit status 2, quickly. */
inline f() { ( {} -> f() }
proctype d() { f() }
