/* alloc.h — the front end's allocators: Boehm GC memory (the syntax tree,
 * the symbol tables, the compiled code), never freed by hand.  What to do
 * when the collector's heap is exhausted is the application's choice,
 * made with the collector's own hook, GC_set_oom_fn (alloc.c). */
#ifndef DSPIN_ALLOC_H
#define DSPIN_ALLOC_H
#include <stddef.h>

void *xalloc(size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
#define NEW(T) ((T *)xalloc(sizeof(T)))
/* growable array append: arr is T**, n is int */
#define PUSH(arr, n, x) do { (arr) = xgrow((arr), (n) + 1, sizeof(*(arr))); (arr)[(n)++] = (x); } while (0)
void *xgrow(void *p, int n, size_t elsz);

#endif
