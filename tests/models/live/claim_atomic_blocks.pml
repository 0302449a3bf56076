/* A blocks inside its atomic sequence until B sets g: it gives up
 * control there, and the claim moves on that state, where y == 1, as
 * pan's does ("atomic step unexecutable": it switches to the claim).  B
 * then sets y back to 0 in the same step as g, so no later state shows y
 * == 1: a claim that waited for A to end its sequence (or for any move
 * with no atomic control) would miss the violation of [](y == 0), which
 * exists only on runs where A starts first. */
byte y, g;
active proctype A() { atomic { y = 1; g == 1; y = 0 } }
active proctype B() { d_step { y = 0; g = 1 } }
ltl { [] (y == 0) }
