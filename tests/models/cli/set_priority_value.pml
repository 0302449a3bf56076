/* set_priority is a statement, not a value */
byte x;
active proctype p() { x = set_priority(0, 2) }
