/* orbit oracle: 2 identical processes talking through a global channel,
 * with a non-atomic read-modify-write on a shared variable. */
chan q = [2] of { byte };
byte x;
active [2] proctype C() {
  byte v, t;
  do
  :: q!v -> v = (v + 1) % 3
  :: q?t -> t = x; x = (t + 1) % 4
  od
}
