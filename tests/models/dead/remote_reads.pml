/* -deadvars: P never reads x again after x = 5, but Q reads it through a
 * remote reference, so P's locals are never reset.  SPIN: no errors. */
active proctype P() {
	byte x;
	x = 5;
end:	false
}
active proctype Q() {
	P[0]@end -> assert(P[0]:x == 5)
}
