/* pan counts the never claim as a process in _nr_pr (helper-40's review:
 * dspin did not, so this assertion held for dspin and failed for pan; an
 * ltl formula's claim and -l's count too, docs/language.md) */
byte x;
active proctype A() { x = _nr_pr; assert(x == 1) }
never { do :: true od }
