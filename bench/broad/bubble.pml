/* bench/broad: nondeterministic sorting of 9 distinct values, reversed
 * at first: any adjacent inversion may be swapped (d_step), every
 * permutation is reached; at the end the array must be sorted.
 * Written for bench/broad.sh (issue 16, item 4). */
#define N 9
byte a[N];

active proctype sorter()
{
	byte i, t;
	for (i : 0 .. N-1) { a[i] = N - i };
	do
	:: d_step { a[0] > a[1] -> t = a[0]; a[0] = a[1]; a[1] = t; t = 0 }
	:: d_step { a[1] > a[2] -> t = a[1]; a[1] = a[2]; a[2] = t; t = 0 }
	:: d_step { a[2] > a[3] -> t = a[2]; a[2] = a[3]; a[3] = t; t = 0 }
	:: d_step { a[3] > a[4] -> t = a[3]; a[3] = a[4]; a[4] = t; t = 0 }
	:: d_step { a[4] > a[5] -> t = a[4]; a[4] = a[5]; a[5] = t; t = 0 }
	:: d_step { a[5] > a[6] -> t = a[5]; a[5] = a[6]; a[6] = t; t = 0 }
	:: d_step { a[6] > a[7] -> t = a[6]; a[6] = a[7]; a[7] = t; t = 0 }
	:: d_step { a[7] > a[8] -> t = a[7]; a[7] = a[8]; a[8] = t; t = 0 }
	:: else -> break
	od;
	for (i : 1 .. N-1) { assert(a[i-1] < a[i]) }
}
