/* 200 active processes of 400 bytes each: the initial state would be
 * about 80,800 bytes, at most MAXSTATE = 65535. */
active [200] proctype p() {
	byte b[400];
	skip
}
