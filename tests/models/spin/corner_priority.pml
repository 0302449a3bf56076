/* corner: SPIN 6.5 process priorities in verification (pan's
 * highest_priority): a process moves only if no enabled process has a
 * higher _priority. priority on proctypes (for active instances), init
 * and run (run without it gives 1: worker(1)'s assertion fails),
 * get_priority, _priority read and written, a high-priority process that
 * blocks (lower ones run), atomic sequences, process death, and a bad pid
 * (get_priority gives 0). set_priority is left out: pan does not undo it
 * correctly when it backtracks (docs/language.md, section 3). */
byte x, y;
chan c = [1] of { byte };

proctype worker(byte id) priority 2
{
	do
	:: x < 3 -> x++
	:: x >= 3 -> break
	od;
	assert(get_priority(_pid) >= 2);
	c!id
}

proctype boss() priority 7
{
	byte v;
	c?v;                       /* blocks until a worker sends */
	_priority = 1;             /* now everybody outranks it */
	y = v;
	atomic { y++; _priority = 3; y++ }
	assert(get_priority(200) == 0);
	y++
}

init priority 4
{
	atomic {
		run worker(1);
		run worker(2) priority 5;
		run boss()
	};
	assert(_priority == 4);
	_priority = 1;
	(y >= 2);
	assert(x == 3)
}
