/* dist_off.c — the -dist entry points of a dspin built without MPI
 * (cmake -DDSPIN_MPI=OFF, or no Open MPI found): -dist is refused with a
 * clear message before any model is read, exit 2. */
#include "dist.h"
#include <stdio.h>
#include <stdlib.h>

int dist_init(int *argc, char ***argv, int *nranks)
{
	(void)argc; (void)argv; (void)nranks;
	fprintf(stderr, "dspin: -dist is not available: this dspin was built without MPI "
	        "(install Open MPI, libopenmpi-dev, and build with cmake -DDSPIN_MPI=ON)\n");
	exit(2);
}

int dist_exit(int code)
{
	return code;
}

int search_dist(VM *vm, const SearchOpts *o, SearchResult *r)
{
	(void)vm; (void)o;
	snprintf(r->first_error, sizeof r->first_error, "built without MPI");
	return -1;
}

int search_dist_owcty(VM *vm, const SearchOpts *o, SearchResult *r)
{
	(void)vm; (void)o;
	snprintf(r->first_error, sizeof r->first_error, "built without MPI");
	return -1;
}
