/* bench/broad: Batcher's odd-even merge sorting network for 8 inputs
 * (19 comparators), run on every input of 8 values in 0..3 chosen
 * nondeterministically; asserts the output is sorted.  Each comparator
 * is a compare-exchange in an `if` over array elements.  Written for
 * bench/broad.sh (issue 16, item 4). */
#define N 8
byte a[N];

active proctype net()
{
	byte i, t;
	for (i : 0 .. N-1) {
		if
		:: a[i] = 0
		:: a[i] = 1
		:: a[i] = 2
		:: a[i] = 3
		fi
	};
	if :: a[0] > a[1] -> t = a[0]; a[0] = a[1]; a[1] = t; t = 0 :: else fi;
	if :: a[2] > a[3] -> t = a[2]; a[2] = a[3]; a[3] = t; t = 0 :: else fi;
	if :: a[0] > a[2] -> t = a[0]; a[0] = a[2]; a[2] = t; t = 0 :: else fi;
	if :: a[1] > a[3] -> t = a[1]; a[1] = a[3]; a[3] = t; t = 0 :: else fi;
	if :: a[1] > a[2] -> t = a[1]; a[1] = a[2]; a[2] = t; t = 0 :: else fi;
	if :: a[4] > a[5] -> t = a[4]; a[4] = a[5]; a[5] = t; t = 0 :: else fi;
	if :: a[6] > a[7] -> t = a[6]; a[6] = a[7]; a[7] = t; t = 0 :: else fi;
	if :: a[4] > a[6] -> t = a[4]; a[4] = a[6]; a[6] = t; t = 0 :: else fi;
	if :: a[5] > a[7] -> t = a[5]; a[5] = a[7]; a[7] = t; t = 0 :: else fi;
	if :: a[5] > a[6] -> t = a[5]; a[5] = a[6]; a[6] = t; t = 0 :: else fi;
	if :: a[0] > a[4] -> t = a[0]; a[0] = a[4]; a[4] = t; t = 0 :: else fi;
	if :: a[2] > a[6] -> t = a[2]; a[2] = a[6]; a[6] = t; t = 0 :: else fi;
	if :: a[2] > a[4] -> t = a[2]; a[2] = a[4]; a[4] = t; t = 0 :: else fi;
	if :: a[1] > a[5] -> t = a[1]; a[1] = a[5]; a[5] = t; t = 0 :: else fi;
	if :: a[3] > a[7] -> t = a[3]; a[3] = a[7]; a[7] = t; t = 0 :: else fi;
	if :: a[3] > a[5] -> t = a[3]; a[3] = a[5]; a[5] = t; t = 0 :: else fi;
	if :: a[1] > a[2] -> t = a[1]; a[1] = a[2]; a[2] = t; t = 0 :: else fi;
	if :: a[3] > a[4] -> t = a[3]; a[3] = a[4]; a[4] = t; t = 0 :: else fi;
	if :: a[5] > a[6] -> t = a[5]; a[5] = a[6]; a[6] = t; t = 0 :: else fi;
	for (i : 1 .. N-1) { assert(a[i-1] <= a[i]) }
}
