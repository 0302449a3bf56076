/* issue 37, review: a _nr_pr guard as an unless escape does not wait: the body moves on while it is false, and takes priority once it holds. SPIN and -sym=none: assertion violated (W alive at its closing brace lets x = 1 run); process symmetry must refuse W */
bit done;
byte x;
proctype W() { done = 1 }
init {
  run W();
  { done; x = 1 } unless { (_nr_pr == 1) -> skip };
  assert(x == 0)
}
