/* A select over 65537 values: SPIN 6.5 expands a range of more than 33
 * values (or with bounds that are not number literals) into a loop, i = 0;
 * do :: break :: i < 65536 -> i = i + 1 od, a step per value, so there is
 * no limit on its size; pan stores 196612 states, as dspin. */
init {
	int i;
	select (i : 0 .. 65536)
}
