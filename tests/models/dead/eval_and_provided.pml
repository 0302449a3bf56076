/* -deadvars: locals read by a receive's eval(), a run argument, a
 * printf and the provided clause stay live.  SPIN: assertion violated in
 * W (it receives the value its creator passed). */
chan c = [1] of { byte };
byte g;
proctype W(byte want) { c?eval(want); g = want }
active proctype M() provided (g < 9) {
	byte v = 4, k;
	k = v;
	run W(k);
	c!4;
	printf("k %d\n", k);
	g == 4 -> assert(g != 4)
}
