/* alloc.c — GC-backed allocation for the front end (alloc.h).  Every
 * node, table and string of the front end lives in Boehm GC memory. */
#include "alloc.h"
#include <gc.h>
#include <string.h>

/* When the collector's heap is exhausted GC_MALLOC and GC_REALLOC call
 * the collector's out-of-memory hook and return what it returns: what to
 * do then is the application's choice, made with GC_set_oom_fn (cli/main.c
 * reports it and ends with exit status 2), since the allocators' hundreds
 * of callers cannot each pass a failure up.  The hook is the collector's,
 * as the heap is: nothing of it is kept here.  Without one (the
 * collector's default) the allocation returns NULL. */
void *xalloc(size_t n)
{
	return GC_MALLOC(n ? n : 1);
}
void *xgrow(void *p, int n, size_t elsz)
{
	/* at least one byte: GC_REALLOC to 0 bytes frees the block and returns
	 * NULL, which read as out of memory (soak seed 12004116) */
	size_t sz = n > 0 ? (size_t)n * elsz : 1;
	return GC_REALLOC(p, sz);
}
char *xstrndup(const char *s, size_t n)
{
	char *d = xalloc(n + 1);
	memcpy(d, s, n); d[n] = 0;
	return d;
}
char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }
