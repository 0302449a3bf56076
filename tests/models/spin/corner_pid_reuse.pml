/* corner: pids and slots are reused after process death; the state
 * vector shrinks when processes are removed, so a state with a dead
 * worker removed equals the state before it was created. */
byte rounds;

proctype W()
{
	rounds++
}

init {
	do
	:: rounds < 3 -> run W(); (_nr_pr == 1)
	:: rounds < 3 && _nr_pr < 3 -> run W()
	:: rounds >= 3 -> break
	od;
	(_nr_pr == 1);
	assert(rounds >= 3 && rounds <= 4)	/* fails: 3 workers can be pending at rounds == 2 */
}
