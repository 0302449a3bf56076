/* a safety claim: reaching its end is a violation (x becomes 3) */
byte x;
active proctype A() { x = 1; x = 2; x = 3 }
never { do :: x == 3 -> break :: else od }
