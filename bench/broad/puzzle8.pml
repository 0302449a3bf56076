/* bench/broad: the sliding 8-puzzle (3x3 board, tiles 1-8, 0 the blank),
 * from a solved start; one process chooses among every (blank position,
 * direction) move in one big `do`.  All 181,440 reachable boards.
 * Written for bench/broad.sh (issue 16, item 4). */
byte p[9];
byte z;

active proctype slide()
{
	byte i;
	for (i : 1 .. 8) { p[i - 1] = i };
	z = 8;
	do
	:: atomic { z == 0 -> p[0] = p[3]; p[3] = 0; z = 3 }
	:: atomic { z == 0 -> p[0] = p[1]; p[1] = 0; z = 1 }
	:: atomic { z == 1 -> p[1] = p[4]; p[4] = 0; z = 4 }
	:: atomic { z == 1 -> p[1] = p[0]; p[0] = 0; z = 0 }
	:: atomic { z == 1 -> p[1] = p[2]; p[2] = 0; z = 2 }
	:: atomic { z == 2 -> p[2] = p[5]; p[5] = 0; z = 5 }
	:: atomic { z == 2 -> p[2] = p[1]; p[1] = 0; z = 1 }
	:: atomic { z == 3 -> p[3] = p[0]; p[0] = 0; z = 0 }
	:: atomic { z == 3 -> p[3] = p[6]; p[6] = 0; z = 6 }
	:: atomic { z == 3 -> p[3] = p[4]; p[4] = 0; z = 4 }
	:: atomic { z == 4 -> p[4] = p[1]; p[1] = 0; z = 1 }
	:: atomic { z == 4 -> p[4] = p[7]; p[7] = 0; z = 7 }
	:: atomic { z == 4 -> p[4] = p[3]; p[3] = 0; z = 3 }
	:: atomic { z == 4 -> p[4] = p[5]; p[5] = 0; z = 5 }
	:: atomic { z == 5 -> p[5] = p[2]; p[2] = 0; z = 2 }
	:: atomic { z == 5 -> p[5] = p[8]; p[8] = 0; z = 8 }
	:: atomic { z == 5 -> p[5] = p[4]; p[4] = 0; z = 4 }
	:: atomic { z == 6 -> p[6] = p[3]; p[3] = 0; z = 3 }
	:: atomic { z == 6 -> p[6] = p[7]; p[7] = 0; z = 7 }
	:: atomic { z == 7 -> p[7] = p[4]; p[4] = 0; z = 4 }
	:: atomic { z == 7 -> p[7] = p[6]; p[6] = 0; z = 6 }
	:: atomic { z == 7 -> p[7] = p[8]; p[8] = 0; z = 8 }
	:: atomic { z == 8 -> p[8] = p[5]; p[5] = 0; z = 5 }
	:: atomic { z == 8 -> p[8] = p[7]; p[7] = 0; z = 7 }
	od
}
