/* copied verbatim from /usr/share/doc/spin/examples/Examples/Exercises/ex_1a.pml (SPIN 6.5.2 distribution) */
// http://spinroot.com/spin/Doc/Exercises.html

init {
	byte i	// initialized to 0 by default
	do
	:: i++	// increment i by one
	od
}
