/* corner: rendezvous with several possible receivers (some matching on a
 * constant, some not), several senders, and a receiver that can also
 * take an alternative path. */
mtype = { req, ack, nop };
chan c = [0] of { mtype, byte };
byte served[3];

active [2] proctype Client()
{
	c!req(_pid);
	c!nop(_pid)
}

active [2] proctype Server()
{
	byte who;
end:	do
	:: c?req(who) -> served[who]++
	:: c?nop(who) -> skip
	od
}

active proctype Picky()
{
	byte who;
	c?nop(who);
	assert(who < 2);
	c?req,eval(who)	/* each client sends req before nop: blocks (invalid end state) */
}
