/* 200 active processes with two channels each: the initial state would
 * need 400 channels, at most MAXCHAN = 255. */
active [200] proctype p() {
	chan a = [1] of { byte };
	chan b = [1] of { byte };
	skip
}
