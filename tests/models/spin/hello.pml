/* copied verbatim from /usr/share/doc/spin/examples/Examples/hello.pml (SPIN 6.5.2 distribution) */
init {
	printf("passed first test!\n")
}
