/* bench/broad: bench/models/manna_pnueli_N.pml (SPIN's manna_pnueli.pml) with N=8 clients */
#define N 8
/* bench copy of /usr/share/doc/spin/examples/Examples/manna_pnueli.pml
 * (SPIN 6.5.2) with the number of clients N a parameter (2 in the
 * original: -DN=2 is that model): bench/mutex_sym.sh */
/* Alg. 5.9 Apt & Olderog book,
 * 'Manna-Pnueli central server algorithm
 */
#ifndef N
#define N 2
#endif

byte cnt, request, respond

active proctype server()
{
	do
	:: (request != 0) ->
		respond = request
		(respond == 0)
		request = 0
	od
}

active [N] proctype client()
{
	assert(_pid > 0)
	do
	:: respond != _pid
		request = _pid
	:: else ->
		cnt++
		assert(cnt == 1) /* critical section */
		cnt--
		respond = 0
	od
}
