/* sym_off.c — the symbolic search when dspin is built without BuDDy
 * (CMake did not find libbdd-dev): -symbolic says so and runs nothing. */
#include "sym.h"
#include <stdio.h>
#include <string.h>

const char *sym_refused(const Model *m)
{
	(void)m;
	return NULL;
}

int search_symbolic(VM *vm, const SearchOpts *o, SearchResult *r)
{
	(void)vm; (void)o;
	memset(r, 0, sizeof *r);
	snprintf(r->first_error, sizeof r->first_error, "this dspin was built without BuDDy (libbdd-dev): -symbolic is not available");
	return -1;
}
