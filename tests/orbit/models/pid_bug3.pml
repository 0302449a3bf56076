/* A broken lock (docs/symmetry.md, "Instances that read _pid"): testing
 * turn == 255 and taking it are two steps, so all three instances can
 * pass and the assertion fails.  The reduced search finds the error in a
 * representative whose positions are not the unreduced run's pids; the
 * trail names creation pids and must replay with dspin -t, where in[]
 * and turn hold the unreduced run's pids. */
byte turn = 255;
bool in[3];
byte ncrit;
active [3] proctype P() {
  do
  :: turn == 255 ->
     turn = _pid;
     turn == _pid;
     in[_pid] = 1;
     ncrit++;
     assert(ncrit < 3 && in[_pid]);
     ncrit--;
     in[_pid] = 0;
     turn = 255
  :: turn != 255 && turn != _pid && in[turn] -> skip
  od
}
