/* bench/broad: peg solitaire on a triangular board of 6 rows (21 holes,
 * 60 possible jumps), the top hole empty.  One process tries every jump
 * in one big `do`, each an atomic guard-and-move; it ends when no jump is
 * left.  Written for bench/broad.sh (issue 16, item 4). */
#define N 21
bit b[N];
byte pegs;

active proctype solve()
{
	byte i;
	for (i : 1 .. N-1) { b[i] = 1 };
	pegs = N - 1;
	do
	:: atomic { b[0] && b[1] && !b[3] -> b[0] = 0; b[1] = 0; b[3] = 1; pegs-- }
	:: atomic { b[0] && b[2] && !b[5] -> b[0] = 0; b[2] = 0; b[5] = 1; pegs-- }
	:: atomic { b[1] && b[3] && !b[6] -> b[1] = 0; b[3] = 0; b[6] = 1; pegs-- }
	:: atomic { b[1] && b[4] && !b[8] -> b[1] = 0; b[4] = 0; b[8] = 1; pegs-- }
	:: atomic { b[2] && b[4] && !b[7] -> b[2] = 0; b[4] = 0; b[7] = 1; pegs-- }
	:: atomic { b[2] && b[5] && !b[9] -> b[2] = 0; b[5] = 0; b[9] = 1; pegs-- }
	:: atomic { b[3] && b[4] && !b[5] -> b[3] = 0; b[4] = 0; b[5] = 1; pegs-- }
	:: atomic { b[3] && b[6] && !b[10] -> b[3] = 0; b[6] = 0; b[10] = 1; pegs-- }
	:: atomic { b[3] && b[7] && !b[12] -> b[3] = 0; b[7] = 0; b[12] = 1; pegs-- }
	:: atomic { b[3] && b[1] && !b[0] -> b[3] = 0; b[1] = 0; b[0] = 1; pegs-- }
	:: atomic { b[4] && b[7] && !b[11] -> b[4] = 0; b[7] = 0; b[11] = 1; pegs-- }
	:: atomic { b[4] && b[8] && !b[13] -> b[4] = 0; b[8] = 0; b[13] = 1; pegs-- }
	:: atomic { b[5] && b[8] && !b[12] -> b[5] = 0; b[8] = 0; b[12] = 1; pegs-- }
	:: atomic { b[5] && b[9] && !b[14] -> b[5] = 0; b[9] = 0; b[14] = 1; pegs-- }
	:: atomic { b[5] && b[4] && !b[3] -> b[5] = 0; b[4] = 0; b[3] = 1; pegs-- }
	:: atomic { b[5] && b[2] && !b[0] -> b[5] = 0; b[2] = 0; b[0] = 1; pegs-- }
	:: atomic { b[6] && b[7] && !b[8] -> b[6] = 0; b[7] = 0; b[8] = 1; pegs-- }
	:: atomic { b[6] && b[10] && !b[15] -> b[6] = 0; b[10] = 0; b[15] = 1; pegs-- }
	:: atomic { b[6] && b[11] && !b[17] -> b[6] = 0; b[11] = 0; b[17] = 1; pegs-- }
	:: atomic { b[6] && b[3] && !b[1] -> b[6] = 0; b[3] = 0; b[1] = 1; pegs-- }
	:: atomic { b[7] && b[8] && !b[9] -> b[7] = 0; b[8] = 0; b[9] = 1; pegs-- }
	:: atomic { b[7] && b[11] && !b[16] -> b[7] = 0; b[11] = 0; b[16] = 1; pegs-- }
	:: atomic { b[7] && b[12] && !b[18] -> b[7] = 0; b[12] = 0; b[18] = 1; pegs-- }
	:: atomic { b[7] && b[4] && !b[2] -> b[7] = 0; b[4] = 0; b[2] = 1; pegs-- }
	:: atomic { b[8] && b[12] && !b[17] -> b[8] = 0; b[12] = 0; b[17] = 1; pegs-- }
	:: atomic { b[8] && b[13] && !b[19] -> b[8] = 0; b[13] = 0; b[19] = 1; pegs-- }
	:: atomic { b[8] && b[7] && !b[6] -> b[8] = 0; b[7] = 0; b[6] = 1; pegs-- }
	:: atomic { b[8] && b[4] && !b[1] -> b[8] = 0; b[4] = 0; b[1] = 1; pegs-- }
	:: atomic { b[9] && b[13] && !b[18] -> b[9] = 0; b[13] = 0; b[18] = 1; pegs-- }
	:: atomic { b[9] && b[14] && !b[20] -> b[9] = 0; b[14] = 0; b[20] = 1; pegs-- }
	:: atomic { b[9] && b[8] && !b[7] -> b[9] = 0; b[8] = 0; b[7] = 1; pegs-- }
	:: atomic { b[9] && b[5] && !b[2] -> b[9] = 0; b[5] = 0; b[2] = 1; pegs-- }
	:: atomic { b[10] && b[11] && !b[12] -> b[10] = 0; b[11] = 0; b[12] = 1; pegs-- }
	:: atomic { b[10] && b[6] && !b[3] -> b[10] = 0; b[6] = 0; b[3] = 1; pegs-- }
	:: atomic { b[11] && b[12] && !b[13] -> b[11] = 0; b[12] = 0; b[13] = 1; pegs-- }
	:: atomic { b[11] && b[7] && !b[4] -> b[11] = 0; b[7] = 0; b[4] = 1; pegs-- }
	:: atomic { b[12] && b[13] && !b[14] -> b[12] = 0; b[13] = 0; b[14] = 1; pegs-- }
	:: atomic { b[12] && b[11] && !b[10] -> b[12] = 0; b[11] = 0; b[10] = 1; pegs-- }
	:: atomic { b[12] && b[8] && !b[5] -> b[12] = 0; b[8] = 0; b[5] = 1; pegs-- }
	:: atomic { b[12] && b[7] && !b[3] -> b[12] = 0; b[7] = 0; b[3] = 1; pegs-- }
	:: atomic { b[13] && b[12] && !b[11] -> b[13] = 0; b[12] = 0; b[11] = 1; pegs-- }
	:: atomic { b[13] && b[8] && !b[4] -> b[13] = 0; b[8] = 0; b[4] = 1; pegs-- }
	:: atomic { b[14] && b[13] && !b[12] -> b[14] = 0; b[13] = 0; b[12] = 1; pegs-- }
	:: atomic { b[14] && b[9] && !b[5] -> b[14] = 0; b[9] = 0; b[5] = 1; pegs-- }
	:: atomic { b[15] && b[16] && !b[17] -> b[15] = 0; b[16] = 0; b[17] = 1; pegs-- }
	:: atomic { b[15] && b[10] && !b[6] -> b[15] = 0; b[10] = 0; b[6] = 1; pegs-- }
	:: atomic { b[16] && b[17] && !b[18] -> b[16] = 0; b[17] = 0; b[18] = 1; pegs-- }
	:: atomic { b[16] && b[11] && !b[7] -> b[16] = 0; b[11] = 0; b[7] = 1; pegs-- }
	:: atomic { b[17] && b[18] && !b[19] -> b[17] = 0; b[18] = 0; b[19] = 1; pegs-- }
	:: atomic { b[17] && b[16] && !b[15] -> b[17] = 0; b[16] = 0; b[15] = 1; pegs-- }
	:: atomic { b[17] && b[12] && !b[8] -> b[17] = 0; b[12] = 0; b[8] = 1; pegs-- }
	:: atomic { b[17] && b[11] && !b[6] -> b[17] = 0; b[11] = 0; b[6] = 1; pegs-- }
	:: atomic { b[18] && b[19] && !b[20] -> b[18] = 0; b[19] = 0; b[20] = 1; pegs-- }
	:: atomic { b[18] && b[17] && !b[16] -> b[18] = 0; b[17] = 0; b[16] = 1; pegs-- }
	:: atomic { b[18] && b[13] && !b[9] -> b[18] = 0; b[13] = 0; b[9] = 1; pegs-- }
	:: atomic { b[18] && b[12] && !b[7] -> b[18] = 0; b[12] = 0; b[7] = 1; pegs-- }
	:: atomic { b[19] && b[18] && !b[17] -> b[19] = 0; b[18] = 0; b[17] = 1; pegs-- }
	:: atomic { b[19] && b[13] && !b[8] -> b[19] = 0; b[13] = 0; b[8] = 1; pegs-- }
	:: atomic { b[20] && b[19] && !b[18] -> b[20] = 0; b[19] = 0; b[18] = 1; pegs-- }
	:: atomic { b[20] && b[14] && !b[9] -> b[20] = 0; b[14] = 0; b[9] = 1; pegs-- }
	:: else -> break
	od;
	assert(pegs >= 1)
}
