/* A progress label reached only inside an atomic sequence: the
 * non-progress claim of -l does not move there, so it never sees np_
 * false, and the loop is a non-progress cycle (pan -l finds it; until
 * 2026-11-28 dspin's claim moved inside the sequence and missed it). */
byte y;
active proctype A() { do :: atomic { y = 1; progress: y = 0 } od }
