/* An ltl formula in a plain run (no -a), checked as pan's default run
 * checks it (issue 36).  x goes 0, 1, 2, 3 and stays.
 *   below3 ([] x < 3): violated once x is 3; pan: "assertion violated"
 *     in its claim, errors: 1.  dspin: its claim ends, exit 1.
 *   below4 ([] x < 4): holds; exit 0.
 *   reach2 (<> x == 2): holds; its claim ([] x != 2) has no end, so a
 *     plain run cannot fail it; -a: no acceptance cycle either.
 *   never5 (<> x == 5): violated, but only by the infinite run (x stays
 *     3): no finite prefix shows it, so pan's default run and dspin's
 *     plain run report nothing, -a reports the acceptance cycle.
 *   stable (<> [] x == 3): holds (the run ends with x 3, repeated for
 *     ever); its claim ([]<> x != 3) has a state with a transition on
 *     true to itself that does not accept, which must not become the
 *     claim's end: no error in either tool.
 * The first formula in the file (below3) runs when -N does not choose. */
byte x;
active proctype p() { do :: x < 3 -> x++ :: else -> break od }
ltl below3 { [] (x < 3) }
ltl below4 { [] (x < 4) }
ltl reach2 { <> (x == 2) }
ltl never5 { <> (x == 5) }
ltl stable { <> [] (x == 3) }
