/* report test: two buffered messages and two rendezvous between a client
 * and a server; the client's assertion fails after the second reply.
 * Every trail to the violation has seven steps, the assertion last
 * (client: req!1, req!2, the assert; server: req?x, ack!x, req?x, ack!x,
 * each ack!x a rendezvous with the client's ack?r; then the server waits
 * for a third request that never comes, at an end label, so it neither
 * moves nor terminates).  The chart has two lanes, two message arrows
 * (req) and two rendezvous arrows (ack). */
chan req = [2] of { byte };
chan ack = [0] of { byte };

active proctype client()
{
	byte r;
	req!1;
	req!2;
	ack?r;
	ack?r;
	assert(r == 1)
}

active proctype server()
{
	byte x;
	req?x;
	ack!x;
	req?x;
	ack!x;
end:	req?x
}
