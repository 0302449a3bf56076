byte cnt;
bool lock; bool x_dummy;
active [3] proctype P() {
  byte mine;
  do
  :: atomic { !lock -> lock = true };
     cnt++;
     mine++; if :: mine == 1 -> skip :: else fi;
     assert(mine != 2 || cnt != 1 || x_dummy);
     cnt--;
     lock = false;
     if :: mine > 2 -> mine = 0 :: else fi
  od
}
