/* corner: atomic sequences; intermediate states inside an atomic are not
 * stored, other processes cannot interleave, so the invariant holds. */
byte x, y;

active [2] proctype P()
{
	byte i;
	do
	:: i < 3 ->
		atomic { x++; y++; i++ }
		assert(x == y)	/* never sees the middle of the other atomic */
	:: else -> break
	od;
	atomic { x = x - i; y = y - i };
	assert(x == y)
}
