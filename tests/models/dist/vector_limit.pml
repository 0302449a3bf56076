/* -dist -a keys a node by its state and one byte for the process in
 * atomic control, and the store keeps at most 65,535 bytes a key: this
 * initial state has 65,535 bytes (59,000 of globals, 6,525 of locals and
 * the headers), so its node has 65,536.  OWCTY crashed on it (the
 * resource bound was noted at the initial state, which has no record, and
 * the trail followed a parent link from nowhere); now the search ends
 * incomplete (exit 3) naming the limit.  Not in models/live: the nested
 * search does not stop on it either (left to its owner). */
byte a[59000];
active proctype q() { byte b[6525]; do :: b[0] = 1 - b[0] od }
never { accept: do :: true od }
