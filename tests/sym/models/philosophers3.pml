/* three philosophers, left fork then right: a deadlock (tests/sym) */
#define N 3
bool fork[N];
proctype phil(byte i) {
  do
  :: atomic { !fork[i] -> fork[i] = 1 };
     atomic { !fork[(i+1)%N] -> fork[(i+1)%N] = 1 };
     fork[i] = 0; fork[(i+1)%N] = 0
  od
}
init { atomic { run phil(0); run phil(1); run phil(2) } }
