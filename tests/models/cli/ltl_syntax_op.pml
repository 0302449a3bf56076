/* An ltl formula with an operator missing its operand: the error points
 * into the formula (line 6, column 24, the ')' where the operand should
 * be; spin -a: "syntax error saw ')'") */
byte x;
active proctype p() { x = 1 }
ltl bad { [] (x > 0 || ) }
