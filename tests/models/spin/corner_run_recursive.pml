/* corner: recursive process creation (Ackermann's function, after
 * Book_1991/p108.pml, which itself computes ack(3,3) and overflows pan's
 * default VECTORSZ). Each call is a process with a local channel; dead
 * callees are removed only once they are the highest pid, so many
 * finished processes pile up in the state vector. A, B default to 1, 2. */
#ifndef A
#define A 1
#endif
#ifndef B
#define B 2
#endif

proctype ack(short a, b; chan ch1)
{	chan ch2 = [1] of { short };
	short ans;

	if
	:: (a == 0) ->
		ans = b+1
	:: (a != 0) ->
		if
		:: (b == 0) ->
			run ack(a-1, 1, ch2)
		:: (b != 0) ->
			run ack(a, b-1, ch2);
			ch2?ans;
			run ack(a-1, ans, ch2)
		fi;
		ch2?ans
	fi;
	ch1!ans
}

init
{	chan ch = [1] of { short };
	short ans;

	run ack(A, B, ch);
	ch?ans;
	assert(ans == (A == 1 -> B + 2 : (A == 2 -> 2 * B + 3 : ans)))
}
