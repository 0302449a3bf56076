/* corner: process death order: a process that reached its end can only
 * be removed when it is the last (highest pid) process; init waits for
 * all others via _nr_pr. */
byte done;

proctype W(byte n)
{
	byte i;
	do
	:: i < n -> i++
	:: else -> break
	od;
	done++
}

init {
	atomic {
		run W(1);
		run W(2);
		run W(0)
	};
	(_nr_pr == 1);
	assert(done == 3)
}
