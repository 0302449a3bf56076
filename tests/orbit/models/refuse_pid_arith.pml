/* refused: (_pid + 1) % 3 names a neighbour, a rotation that most
 * permutations of the instances do not preserve; the instances then
 * wait on different neighbours, and instance 2's flag is the one that
 * ends the run */
bool flag[3];
active [3] proctype P() {
  flag[(_pid + 1) % 3] = 1;
  assert(!flag[0] || !flag[1] || !flag[2]);
  do :: skip od
}
