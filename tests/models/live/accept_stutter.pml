/* -a on an accept label in a process, without a claim: the process
 * blocks at the label for ever.  pan reports "accept stutter" (a state
 * where nothing can move, at an accept state, repeats for ever: an
 * acceptance cycle); dspin reported an invalid end state instead, which
 * pan -a does not check (vm/next.c, layer_noends). */
chan c = [0] of { byte };
active proctype A() {
	byte x;
accept:	c?x
}
