/* Each run creates two channels; the 128th run would need channels 255
 * and 256 (at most MAXCHAN = 255): a run-time error with a trail. */
proctype P() {
	chan a = [1] of { byte };
	chan b = [1] of { byte };
	end: (false)
}
init {
	int i;
	do
	:: i < 200 -> run P(); i++
	:: else -> break
	od
}
