/* 256 global channels, at most MAXCHAN = 255 (SPIN 6.5.2 rejects the model
 * too). */
chan a[200] = [1] of { bit };
chan b[56] = [1] of { bit };
init { skip }
