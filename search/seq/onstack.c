/* onstack.c — a multiset of state hashes (see onstack.h). */
#include "onstack.h"
#include <stdlib.h>

static void os_grow(OnStack *o);
static size_t os_find(const OnStack *o, uint64_t h)
{
	size_t j = (size_t)(h * 0x9E3779B97F4A7C15ull >> 20) & (o->cap - 1);
	while (o->c[j] && o->k[j] != h) j = (j + 1) & (o->cap - 1);
	return j;
}
void os_add(OnStack *o, uint64_t h)
{
	if (!o->cap || (o->n + 1) * 2 > o->cap) os_grow(o);
	size_t j = os_find(o, h);
	if (!o->c[j]) { o->k[j] = h; o->n++; }
	o->c[j]++;
}
int os_has(const OnStack *o, uint64_t h) { return o->cap && o->c[os_find(o, h)] != 0; }
void os_del(OnStack *o, uint64_t h)
{
	size_t j = os_find(o, h);
	if (!o->c[j] || --o->c[j]) return;
	o->n--;
	/* backward-shift deletion keeps probe chains intact */
	size_t i = j;
	for (;;) {
		i = (i + 1) & (o->cap - 1);
		if (!o->c[i]) break;
		size_t home = (size_t)(o->k[i] * 0x9E3779B97F4A7C15ull >> 20) & (o->cap - 1);
		if ((j < i) ? (home <= j || home > i) : (home <= j && home > i)) {
			o->k[j] = o->k[i]; o->c[j] = o->c[i]; o->c[i] = 0; j = i;
		}
	}
}
static void os_grow(OnStack *o)
{
	OnStack n = { 0 };
	n.cap = o->cap ? o->cap * 2 : 1024;
	n.k = calloc(n.cap, sizeof(uint64_t)); n.c = calloc(n.cap, sizeof(uint32_t));
	for (size_t i = 0; i < o->cap; i++)
		if (o->c[i]) { size_t j = os_find(&n, o->k[i]); n.k[j] = o->k[i]; n.c[j] = o->c[i]; n.n++; }
	free(o->k); free(o->c);
	*o = n;
}


void os_free(OnStack *o)
{
	free(o->k);
	free(o->c);
	o->k = NULL;
	o->c = NULL;
	o->cap = o->n = 0;
}
