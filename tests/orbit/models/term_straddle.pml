/* orbit oracle, terminating instances on both sides of init: V0 is active
 * (created before init), init runs V2 and ends.  The instance that takes
 * number 2 ends at once, the one with number 1 waits for that.  SPIN
 * removes only the last-created process: when V0 ends first it is held
 * below init, which must stay until V2 is gone; when V2 ends first it goes,
 * and init may go before V0. */
byte x;
bool done;
active proctype V() {
  byte k;
  atomic { x++; k = x };
  if
  :: k == 2 -> done = true
  :: k == 1 -> done
  fi
}
init {
  run V()
}
