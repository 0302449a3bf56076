/* printm's argument is evaluated in a verification run too: m[5] of a
 * 2-element array is a run-time error (pan: "invalid array index") */
mtype = { red, green };
mtype m[2]; byte k = 5;
active proctype P() { printm(m[k]) }
