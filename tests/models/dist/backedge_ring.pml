/* One accepting cycle, a ring of N states: -cache=backedge stores a
 * state only when the edge into it descends (or it accepts), so about
 * half of the ring is not stored, and OWCTY under -dist must count the
 * paths through those states (the thesis's Algorithm 3, line 10) to keep
 * the cycle: dropping them loses it (a mutant that did so passed every
 * other test).  M: the value the formula waits for (another M, other
 * states stored). */
#ifndef N
#define N 12
#endif
#ifndef M
#define M 5
#endif
byte x;
active proctype p() {
	do
	:: x < N -> x++
	:: x == N -> x = 0
	od
}
ltl p0 { <>[] (x != M) }
