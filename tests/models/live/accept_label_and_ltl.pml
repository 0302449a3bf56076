/* An accept label in a process counts under -a even with an ltl formula
 * (pan's acceptance states cover every proctype): A passes `accept` on a
 * cycle, so pan -a reports an acceptance cycle although the formula holds.
 * dspin used the claim's accept labels alone here and said "no errors"
 * (found by review, 2026-11-27). */
byte x;
active proctype P() { byte i; do :: i = 1 - i od }
active proctype A() { byte a; do :: a = 1; accept: a = 0 od }
ltl { [] (x == 0) }
