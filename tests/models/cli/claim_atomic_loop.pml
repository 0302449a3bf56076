/* An atomic sequence that never ends.  The never claim does not move
 * inside an atomic sequence (as in pan), so it stays where it was when A
 * entered it: at the accepting state of !<>(y == 2) (it saw y == 0 and
 * y == 1), with y == 2 for ever after, unseen.  The run's observed
 * states end there, and as at a terminated system the claim's view of
 * it is the last observed state repeated: an acceptance cycle (the
 * self-loop inside the sequence).  Until 2026-11-28 the claim moved
 * inside the sequence, saw y == 2 and had no move: no error.  pan does
 * not end on this model (its search does not store states inside
 * atomic sequences), so the expected verdict is argued, not pan's. */
byte y;
active proctype A() { y = 1; atomic { do :: y = 2 od } }
ltl { <> (y == 2) }
