/* An assertion that fails in one state of a grid, under -a: with
 * -dist -cache=backedge that state may be one the exploration does not
 * store (the edge into it climbs), and the trail then runs from the
 * nearest stored ancestor through states found again on rank 0
 * (search/dist_owcty_trail.c).  K picks the failing state; tests/dist_tests.sh
 * runs several, stored and not. */
#ifndef K
#define K 5
#endif
byte x, y;
active proctype p() {
	do
	:: x < 12 -> x++
	:: y < 12 -> y++
	:: x > 0 && y > 0 -> x--; y--
	:: x == K && y == 7 -> assert(false)
	od
}
never { do :: true od }
