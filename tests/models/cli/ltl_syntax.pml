/* A proposition that does not parse: the error points at it in the
 * formula (line 5, column 19, the ')' where an expression should be) */
byte x;
active proctype p() { x = 1 }
ltl bad { [] (x < ) }
