/* channels named by frozen expressions (search/sym/sym_bytes.c,
 * chan_frozen): a group's bytes hold only the channel cells its steps
 * name.  Fwd's `in` and `out` are parameters no statement writes; the
 * second pair of Fwd instances is created at the positions of the first
 * (after they have ended) with other channels, so the groups must be
 * keyed by the parameters' values (a mutant that does not key them
 * reuses the first instances' bytes and misses the second ones' moves);
 * Swap's `c` is written (to either of two channels), so its channel is
 * any: a mutant that takes it as frozen reads the one channel of its
 * witness (a test, no write for the internal check to see) and stores
 * other states than the explicit search; init names q[i] and g,
 * global chan variables that nothing writes.  The assertion fails only
 * in an interleaving where the second forwarders pass the message on */
chan q[3] = [1] of { byte };
chan g = [1] of { byte };
byte done, seen;

proctype Fwd(chan in, out)
{
	byte x;
	do
	:: in?x -> out!x
	:: done == 1 -> break
	od
}

proctype Swap(chan a, b)
{
	chan c;
	byte v;
	(len(b) < 2);   /* a frozen channel: Swap's groups are keyed and refined */
	if
	:: c = a
	:: c = b
	fi;
	if
	:: nempty(c) -> v = 9
	:: empty(c) -> v = 8
	fi;
	c!v;
	c?v;
	seen = v
}

init {
	atomic { run Fwd(q[0], q[1]); run Fwd(q[1], q[2]) };
	q[0]!7;
	q[2]?seen;
	done = 1;
	(_nr_pr == 1);
	done = 0;
	atomic { run Fwd(q[2], q[0]); run Swap(g, q[1]) };
	q[2]!3;
	g!4;
	q[1]!5;
	g?_;
	if
	:: q[0]?seen
	:: done = 1
	fi;
	assert(seen != 3 || done == 1)
}
