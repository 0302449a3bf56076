/* The flag[_pid] idiom (docs/symmetry.md, "Instances that read _pid"):
 * three instances, each with a flag that climbs 0..2 and a shared
 * test-and-set lock.  flag's elements move with the processes. */
byte flag[3];
bool lock;
byte ncrit;
active [3] proctype P() {
  do
  :: flag[_pid] < 2 -> flag[_pid]++
  :: atomic { flag[_pid] == 2 && !lock -> lock = 1 };
     ncrit++;
     assert(ncrit == 1);
     ncrit--;
     atomic { lock = 0; flag[_pid] = 0 }
  od
}
