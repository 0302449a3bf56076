/* alloc.c — GC-backed allocation for the front end (alloc.h).  Every
 * node, table and string of the front end lives in Boehm GC memory. */
#include "alloc.h"
#include <gc.h>
#include <string.h>

/* The allocators' hundreds of callers cannot each pass a failure up, so
 * what to do when the collector's heap is exhausted is the application's
 * choice (cli/main.c reports it and ends with exit status 2).  Without a
 * handler, or if it returns, the allocation returns NULL.  Set once, at
 * start-up, by the application: the one process-wide setting here. */
static void (*alloc_failed)(size_t n);
void xalloc_on_failure(void (*handler)(size_t n)) { alloc_failed = handler; }

void *xalloc(size_t n)
{
	void *p = GC_MALLOC(n ? n : 1);
	if (!p && alloc_failed) alloc_failed(n);
	return p;
}
void *xgrow(void *p, int n, size_t elsz)
{
	/* at least one byte: GC_REALLOC to 0 bytes frees the block and returns
	 * NULL, which read as out of memory (soak seed 12004116) */
	size_t sz = n > 0 ? (size_t)n * elsz : 1;
	void *q = GC_REALLOC(p, sz);
	if (!q && alloc_failed) alloc_failed(sz);
	return q;
}
char *xstrndup(const char *s, size_t n)
{
	char *d = xalloc(n + 1);
	memcpy(d, s, n); d[n] = 0;
	return d;
}
char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }
