/* fuzz_001 — found by tests/fuzz/fuzz_parser.c as a timeout (hang).
 * An inline that calls itself twice: the parser only stops a recursive
 * inline at expansion depth 50 and recovers from that error, so it expands
 * f about 2^50 times instead of reporting the cycle once.
 * SPIN 6.5.2: "Error: cyclic inline attempt on: f".
 * Expected from dspin: an error and exit status 2, quickly. */
inline f() { f(); f() }
active proctype p() { f() }
