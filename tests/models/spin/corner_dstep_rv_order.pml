/* pan's d_step is deterministic: a rendezvous into it happens only if
 * its first option that can run is a matching receive (the offered
 * message makes one runnable): of two matching receives only the first,
 * and none where an earlier option can run (helper-40's review: dspin
 * paired the send with every matching receive, y == 2 and y == 1 below) */
byte y, z;
chan r = [0] of { byte };
chan s = [0] of { byte };
active proctype A() {
	byte v;
	d_step { if :: r?v -> y = 1 :: r?v -> y = 2 fi };
	assert(y != 2);
end:	d_step { if :: z == 0 -> z = 5 :: s?v -> z = v fi };
	assert(z != 1)
}
active proctype B() { r!1; end: s!1 }
