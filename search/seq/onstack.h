/* onstack.h — the states on a search stack, by hash, for the reduction
 * proviso: a multiset with linear probing and backward-shift deletion.  A
 * hash collision can only make a reduction more cautious. */
#ifndef DSPIN_ONSTACK_H
#define DSPIN_ONSTACK_H
#include <stdint.h>
#include <stddef.h>

typedef struct OnStack { uint64_t *k; uint32_t *c; size_t cap, n; } OnStack;

void os_add(OnStack *o, uint64_t h);
int os_has(const OnStack *o, uint64_t h);
void os_del(OnStack *o, uint64_t h);
void os_free(OnStack *o);
#endif
