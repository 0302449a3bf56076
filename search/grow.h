/* grow.h — the one way a search's or store's array grows: doubled, from
 * `first` elements, until it holds `need`; checked.  On failure nothing
 * changes and the caller reports the memory bound (incomplete = 2), as for
 * a full store. */
#ifndef DSPIN_GROW_H
#define DSPIN_GROW_H
#include <stdint.h>
#include <stdlib.h>

/* *pp points to an array of *cap elements of elem bytes: 0, or -1 when
 * the memory could not be had (*pp and *cap unchanged) */
static inline int grow_to(void *pp, size_t *cap, size_t need, size_t elem, size_t first)
{
	void **p = (void **)pp;
	if (need <= *cap)
		return 0;
	size_t c = *cap ? *cap : first;
	while (c < need) {
		if (c > SIZE_MAX / 2 / elem)
			return -1;
		c *= 2;
	}
	void *q = realloc(*p, c * elem);
	if (!q)
		return -1;
	*p = q;
	*cap = c;
	return 0;
}
#endif
