/* every cycle passes a progress label */
byte x;
active proctype A() { do :: x < 3 -> x++ :: x == 3 -> progress: x = 0 od }
