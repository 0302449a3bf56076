/* bench/models/symbolic/best.pml: the "Best" example of Nalumasu and
 * Gopalakrishnan's Twophase paper (../shared/papers/pv-twophase-selective-
 * caching.md, section 2.3 and Fig. 4, "best.pr"), as the Improviso paper's
 * Tables 1 and 2 use it (../shared/papers/improviso-symbolic-por.md,
 * "Best (7)", "Best (20)").  PV's best.pr is not printed; the paper
 * describes it as N automata "similar to P1 of Figure 2" running in
 * parallel: P1 leaves its initial state s0 by one of two local
 * transitions (tau1 to s1, tau3 to s2) and comes back by one more (tau2,
 * tau4).  Here each process is that automaton, the local state held in
 * the pc and in b (b == 0, 1, 2 for s0, s1, s2).
 *
 * Unreduced: 3^N states (every process in s0, s1 or s2; the processes
 * never end, so no death convention matters): N=7 2,187, the paper's
 * NuSMV and SPINunopt figure (Fig. 4 of the PV paper, Table 1 of
 * Improviso), checked with SPIN 6.5.2 (spin -o1 -o2 -o3 -a, cc
 * -DNOREDUCE -DSAFETY; pan's depth, 1,457, is the PV paper's SPINunopt
 * depth too).  Reduced: PV and NuSMV-Improviso 15 (N=7) and 41 (N=20),
 * 2N+1: the initial state and one state per first move.  dspin
 * -por=twophase stores 2N+1 (15 at N=7); dspin's explicit -por=improviso
 * stores all 3^N (bench/RESULTS.md, "Symbolic search").
 */
#ifndef N
#define N 7
#endif

active [N] proctype best()
{
	byte b;
	do
	:: b = 1; b = 0	/* tau1, tau2: s0 -> s1 -> s0 */
	:: b = 2; b = 0	/* tau3, tau4: s0 -> s2 -> s0 */
	od
}
