/* A proctype with an empty body is finished in the initial state.  Process
 * symmetry removes finished interchangeable instances at once; it did so
 * in every successor but not in the initial state, so the reduced search
 * stored that state with M and every other one without it: 4 states
 * against the unreduced 3 (tests/gen seed 10007327; the reduced count must
 * never exceed the unreduced one).  M is held by SPIN for ever (O, above
 * it, never ends). */
active proctype S() { do :: atomic { } od }
active proctype M() { }
active proctype O() { byte t; do :: t = (t + 1) % 3 od }
