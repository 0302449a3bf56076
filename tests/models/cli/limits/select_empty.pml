/* An empty select range: SPIN 6.5.2 rejects it ("bad range in select
 * statement"); dspin used to accept it and block there forever. */
init {
	int i;
	select (i : 5 .. 3)
}
