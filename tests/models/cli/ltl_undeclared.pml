/* A formula naming an undeclared variable is an error in every mode,
 * pointing at the name in the formula (line 9, column 9), even when the
 * formula is not the one that runs (spin -a: "undeclared variable: z") */
byte x;
active proctype p() { x = 1 }
ltl ok { [] (x <= 1) }
ltl bad {
    [] (x <= 1 &&
        z > 0)
}
