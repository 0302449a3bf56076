/* A blocks inside its atomic sequence until B sets g, with y == 1; B
 * then sets y back to 0 in the same step as g, so no later state shows y
 * == 1.  [](y == 0) is violated only on runs where A starts first, in
 * the state where A blocks: pan's claim moves there ("atomic step
 * unexecutable": it switches to the claim), and so does dspin's.  (Kept
 * from the 2026-11-28 attempt to keep the claim still inside atomic
 * sequences, docs/liveness.md: a claim that waited for A to end its
 * sequence would miss the violation.) */
byte y, g;
active proctype A() { atomic { y = 1; g == 1; y = 0 } }
active proctype B() { d_step { y = 0; g = 1 } }
ltl { [] (y == 0) }
