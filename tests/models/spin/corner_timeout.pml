/* corner: timeout is executable only when no other statement in the
 * whole system is executable; used for recovery and as a guard in do. */
chan c = [1] of { byte };
byte lost, recovered;

active proctype Sender()
{
	byte i;
	do
	:: i < 3 ->
		if
		:: c!i
		:: lost++	/* message lost */
		fi;
		i++
	:: timeout -> recovered++; if :: recovered > 2 -> break :: else fi
	od
}

active proctype Receiver()
{
	byte v;
end:	do
	:: c?v
	:: timeout && lost > 0 -> lost--	/* competes with the sender's timeout */
	od
}
