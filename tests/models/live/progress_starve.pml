/* B can loop forever without progress while A never gets to its label */
byte x;
active proctype A() { do :: x == 0 -> progress: x = 1; x = 0 od }
active proctype B() { do :: x == 0 -> skip od }
