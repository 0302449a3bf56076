/* bench/models/symbolic/worst.pml: the "Worst" example of Nalumasu and
 * Gopalakrishnan's Twophase paper (../shared/papers/pv-twophase-selective-
 * caching.md, section 2.3, "worst.pr", whose text it prints:
 *     active [N] proctype worst()
 *     { byte b = 1; if :: b = 2; :: b = 3; fi; end: 0; }
 * "a binary fork that dead-ends"), as the Improviso paper's Tables 1 and
 * 2 use it (../shared/papers/improviso-symbolic-por.md, "Worst (3)",
 * "Worst (20)", "Worst (100)").  The process is the paper's, one
 * statement a line.
 *
 * Unreduced: 3^N states (b = 1 before the choice, 2 or 3 after it; the
 * processes stop at `end: 0` and never end, so no death convention
 * matters): N=3 27, N=7 2,187, the paper's figures (PV Fig. 4 "PV (DVR
 * off)" 2187 = 3^7; Improviso Table 1, NuSMV, Worst (3) 27), checked with
 * SPIN 6.5.2 (spin -o1 -o2 -o3 -a, cc -DNOREDUCE -DSAFETY).  Reduced:
 * 2^(N+1) - 1 with SPIN's in-stack proviso and with Improviso (Table 2:
 * 15 for N=3; 2,097,150 printed for N=20, where 2^21 - 1 = 2,097,151;
 * 2.54E+30 for N=100); PV's Twophase stores 3^N (27 for N=3), every
 * process being nondeterministic at its fork.  dspin's explicit
 * -por=improviso and -por=static store 2^(N+1) - 1 (15, 255 for N=3, 7),
 * -por=twophase 3^N.
 */
#ifndef N
#define N 3
#endif

active [N] proctype worst()
{
	byte b = 1;
	if
	:: b = 2
	:: b = 3
	fi;
end:	0
}
