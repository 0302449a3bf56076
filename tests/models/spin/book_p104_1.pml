/* copied verbatim from /usr/share/doc/spin/examples/Examples/Book_1991/p104.1.pml (SPIN 6.5.2 distribution) */
#define N    128
#define size  16

chan inp   = [size] of { short };
chan large = [size] of { short };
chan small = [size] of { short };

proctype split()
{	short cargo;

	do
	:: inp?cargo ->
		if
		:: (cargo >= N) -> large!cargo
		:: (cargo <  N) -> small!cargo
		fi
	od
}
init {	run split() }
