/* A select range of 65537 values: each value is a successor of its own
 * (at most MAXSELECT = 65536). */
init {
	int i;
	select (i : 0 .. 65536)
}
