/* a single path of depth 6: -m 3 cannot finish it */
byte x;
active proctype p() { x = 1; x = 2; x = 3; x = 4; x = 5 }
