/* no error: 4 states (s0, after x = 1, after x = 2, after death) */
byte x;
active proctype p() { x = 1; x = 2 }
