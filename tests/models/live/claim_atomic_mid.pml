/* The never claim does not move inside an atomic sequence (pan gives the
 * system the next step while it keeps atomic control), so it never sees y
 * == 1 here: <>(y == 1) fails on the only run, an acceptance cycle.
 * Until 2026-11-28 dspin's claim moved at every step, saw y == 1 and
 * reported no error (found by review, helper-35). */
byte y;
active proctype A() { do :: atomic { y = 1; y = 0 } od }
ltl { <> (y == 1) }
