/* corner: goto and labels (forward, backward, into a loop label),
 * break out of nested do, labels on the first statement of a loop. */
byte i, j, cnt;

active proctype P()
{
start:
	i = 0;
outer:	do
	:: i < 3 ->
		j = 0;
		do
		:: j < 2 -> j++; cnt++
		:: j >= 2 -> break
		:: cnt == 4 -> goto done
		od;
		i++
	:: i >= 3 -> break
	od;
	if
	:: cnt < 20 -> goto start
	:: else
	fi;
done:
	assert(cnt == 4 || cnt >= 20);
	goto last;
	cnt = 99;	/* unreachable */
last:	skip
}
