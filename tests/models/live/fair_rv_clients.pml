/* fair_rv_clients.pml: two interchangeable clients send requests to a
 * server by rendezvous and pass a progress label after each.  The server
 * may loop on its own step forever, but a client waiting at req!1 with
 * the server ready to receive is enabled (pan's Fairness), so that cycle
 * is not weakly fair: pan -l -f reports no error, and dspin must give the
 * same under -sym=proc too (helper-42's pe5.pml). */
chan req = [0] of { byte };
active [2] proctype C() {
	byte k;
	do
	:: req!1;
progress:	k = 1 - k
	od
}
active proctype S() {
	byte x;
	do
	:: req?x
	:: x = 1 - x
	od
}
