/* set_priority in a branch: 9 states (hand count: after set_priority(1, 9)
 * B outranks A, runs and dies before A's x = 1; after skip A runs first;
 * the states after x = 1 and the final empty state are shared). SPIN
 * 6.5.2's pan stores 6: its undo of set_priority on backtracking does not
 * restore B's priority (docs/language.md, section 3). */
byte x, y;
active proctype A() priority 5 { if :: set_priority(1, 9) :: skip fi; x = 1 }
active proctype B() priority 1 { y = 1 }
