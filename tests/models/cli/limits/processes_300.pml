/* Runs more processes than the 255 a state holds.  SPIN 6.5.2 (pan built
 * with -DVECTORSZ=4096): "too many processes" at depth 763, 764 states
 * stored; dspin -sym=none -por=none reports the same. */
proctype P() { end: (false) }
init {
	int i;
	do
	:: i < 300 -> run P(); i++
	:: else -> break
	od
}
