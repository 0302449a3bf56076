/* corner: remote references: proc[pid]@label (is process at label) and
 * proc[pid]:var (value of a local variable of another process).
 * Invalid end state expected when P passes L1 before Obs looks. */
byte g;

active proctype P()
{
	byte loc = 1;
L0:	loc = 2;
L1:	loc = 3;
	g++
}

active proctype Obs()
{
	atomic { P[0]@L1 -> assert(P[0]:loc == 2) };
	(g == 1);
	assert(P[0]:loc == 3)
}
