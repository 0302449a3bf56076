/* for (x in ...) over something that is neither an array nor a channel */
byte n, k;
active proctype p() {
	for (k in n) { skip }
}
