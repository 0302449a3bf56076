/* orbit oracle, terminating instances below processes that create
 * channels: W ends after one send, C never ends and declares a channel.
 * Removing a finished W moves the C above it down, and the creator byte of
 * C's channel with it. */
chan q = [1] of { byte };
proctype W() {
  q!1
}
proctype C() {
  chan mine = [1] of { byte };
  byte v;
end:
  do
  :: q?v -> mine!v; mine?v
  od
}
init {
  run W(); run C(); run W(); run C()
}
