/* tests/gen seed 15004169 without its objects.  Under -sym=proc the last
 * rendezvous finishes one P0 while the other, the receiver, keeps atomic
 * control, so the finished instance is kept (reduce/layer_procsym.c:
 * "not while another process keeps atomic control"); the receiver then
 * blocks, and in the canonical order the finished instance is not the
 * last process, so the VM does not let it die.  The reduced search
 * reported that state as the invalid end; the unreduced run has one move
 * more there, the death, and the trail (dspin -t exit 5) stopped one death
 * short.  The layer now gives such a state the death as its one move
 * (late_death).  SPIN: 7 states, an invalid end state at depth 8. */
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
