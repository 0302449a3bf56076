/* bench/broad: many errors under -e (pan -c0): four counters stepping
 * modulo 16 in their own processes, and a monitor that asserts a property
 * violated in a fraction of the states, so the search reports an error
 * in many states and goes on.  Written for bench/broad.sh (issue 16,
 * item 4). */
byte c[4];

proctype counter(byte i)
{
	do
	:: c[i] = (c[i] + 1) % 16
	:: c[i] > 5 -> c[i] = c[i] - 5
	od
}

active proctype monitor()
{
	run counter(0); run counter(1); run counter(2); run counter(3);
	do
	:: assert(c[0] + c[1] + c[2] + c[3] != 29)
	od
}
