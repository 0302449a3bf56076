/* SPIN's Examples/manna_pnueli.pml (6.5.2) with three clients (pids 1..3): request
 * and respond hold pids, compared with != and assigned; assert(_pid > 0)
 * has one value for every client (bench/models/manna_pnueli_N.pml -DN=3) */
/* Alg. 5.9 Apt & Olderog book,
 * 'Manna-Pnueli central server algorithm
 */
#ifndef N
#define N 3
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
