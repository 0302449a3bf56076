/* Pids held in variables: `me = _pid` (a local) and `turn = me` (a
 * global, 255 when free), compared for equality only; want[me] is indexed
 * by a pid-holding local.  turn's value and me's are mapped through the
 * permutation, want's elements moved. */
byte turn = 255;
bool want[3];
byte ncrit;
active [3] proctype P() {
  byte me = _pid;
  do
  :: want[me] = 1;
     atomic { turn == 255 -> turn = me };
     ncrit++;
     assert(ncrit == 1 && turn == _pid && want[turn]);
     ncrit--;
     atomic { turn = 255; want[me] = 0 }
  :: turn != 255 && turn != me -> want[me] = 0
  od
}
