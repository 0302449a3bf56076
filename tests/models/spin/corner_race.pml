/* corner: assertion violations counted with -c0: a racy (non-atomic)
 * counter increment by three processes. */
byte cnt, fin;

active [3] proctype Inc()
{
	byte tmp;
	tmp = cnt;
	tmp++;
	cnt = tmp;
	fin++
}

active proctype Check()
{
	(fin == 3);
	assert(cnt == 3)
}
