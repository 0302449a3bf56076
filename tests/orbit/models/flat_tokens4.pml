/* orbit oracle: 4 identical processes, flat state.  Each takes tokens from
 * a shared pool and gives them back; the local count makes instances with
 * the same pc differ, so pc-sorting has ties to break. */
byte pool = 3;
active [4] proctype T() {
  byte held;
  do
  :: atomic { pool > 0 && held < 2 -> pool--; held++ }
  :: atomic { held > 0 -> pool++; held-- }
  :: held == 2 -> skip
  od
}
