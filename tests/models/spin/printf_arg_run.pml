/* a `run` inside printf's arguments creates its process in a
 * verification run, as in pan: the assertion fails (pan -c0: 8 states,
 * 2 errors); dspin used to skip printf in verification, storing 4 states
 * with no error */
proctype Q() { skip }
active proctype P() {
  printf("%d\n", run Q());
  assert(_nr_pr == 1)
}
