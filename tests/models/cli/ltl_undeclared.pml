/* A formula naming an undeclared variable is an error in every mode,
 * pointing at the name in the formula (line 11, column 9), even when the
 * formula is not the one that runs (spin -a: "undeclared variable: z");
 * and so is one whose name the automaton loses (`w > 0 || true` is true:
 * line 13, column 28). */
byte x;
active proctype p() { x = 1 }
ltl ok { [] (x <= 1) }
ltl bad {
    [] (x <= 1 &&
        z > 0)
}
ltl lost { [] (x <= 1) || (w > 0 || true) }
