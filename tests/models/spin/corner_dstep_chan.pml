/* corner: d_step containing channel operations (buffered: a send and a
 * receive inside one indivisible step), d_step as a loop body, and a
 * d_step whose guard is a receive. (A d_step must never block after its
 * first statement: SPIN reports "block in d_step seq".) */
chan a = [2] of { byte };
chan b = [2] of { byte };

active proctype Mover()
{
	byte v;
end:	do
	:: nfull(b) && nempty(a) -> d_step { a?v -> b!v + 1 }	/* only Mover reads a, writes b */
	:: d_step { len(b) == 2 -> b?v; b?v }
	:: v == 3 -> break
	od
}

active proctype Src()
{
	d_step { a!0; a!1 };
	a!2;
	d_step { nfull(a) -> a!3 }
}
