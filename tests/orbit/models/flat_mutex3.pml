/* orbit oracle: 3 identical processes, flat state (a test-and-set lock,
 * a shared counter, a local round counter). */
byte cnt;
bool lock;
active [3] proctype P() {
  byte mine;
  do
  :: atomic { !lock -> lock = true };
     cnt++;
     mine++;
     assert(cnt == 1);
     cnt--;
     lock = false;
     if :: mine > 2 -> mine = 0 :: else fi
  od
}
