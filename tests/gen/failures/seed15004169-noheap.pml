/* tests/gen seed 15004169 without its objects (open: docs/testing-history.md,
 * "Soak record").  Under -sym=proc the trail to "invalid end state" does
 * not reproduce (dspin -t exits 5): the last rendezvous finishes P0's
 * sender while the receiver keeps atomic control, so the finished instance
 * is kept (reduce/layer_procsym.c: "not while another process keeps atomic
 * control"); the receiver then blocks, and in the canonical order the
 * finished instance is not the last process, so it cannot die: the
 * reduced search reports the state as an invalid end, the unreduced one
 * reports the state after that death.  Same verdict, a trail one death
 * short. */
byte g0;
chan c0 = [0] of { byte };
active [2] proctype P0() {
  skip;
  atomic {
    c0?g0;
    c0!g0 + 1;
  };
}
active proctype P1() {
  c0!3;
}
