/* corner: channels declared locally inside proctypes (created with the
 * process, passed to other processes via run and messages), a channel
 * sent as a message field. */
chan registry = [2] of { chan };

proctype Echo(chan reply)
{
	chan mine = [1] of { byte };
	byte v;
	registry!mine;
	mine?v;
	reply!v * 2
}

init {
	chan answers = [2] of { byte };
	chan c1, c2;
	byte a, b;
	run Echo(answers);
	run Echo(answers);
	registry?c1;
	registry?c2;
	c1!5;
	c2!7;
	answers?a;
	answers?b;
	assert(a + b == 24)
}
