/* lossy.c — hash compaction and bitstate storage (see store.h), for
 * models beyond memory, as SPIN's -DHC4 and -DBITSTATE.
 *
 * Hash compaction keeps the state's 64-bit xxHash as its fingerprint in the
 * store's open-addressing table (8 bytes a state at most 3/4 load): two
 * states with one fingerprint are taken as one, with probability about
 * n^2 / 2^65 for n states.  Bitstate hashing sets BITSTATE_K bits of a
 * 2^w-bit array per state, at positions from the fingerprint by double
 * hashing; a new state whose bits are all set already is taken as visited.
 * After n states with m = 2^w bits and k bits a state, that happens to a new
 * state with probability (1 - e^(-kn/m))^k (the standard estimate; SPIN
 * reports the "hash factor" m/n instead: best above 100).
 */
#include "store.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

int store_lossy(Store *s, int mode, int wbits)
{
	s->mode = mode;
	if (mode != STORE_BITSTATE)
		return 0;
	s->wbits = wbits;
	size_t bytes = ((size_t)1 << wbits) / 8;
	s->bits = store_big_alloc(bytes);
	if (!s->bits)
		return -1;
	s->bytes += bytes;
	return 0;
}

/* the bit positions of fingerprint h */
static void positions(const Store *s, uint64_t h, uint64_t *pos)
{
	uint64_t mask = ((uint64_t)1 << s->wbits) - 1;
	uint64_t a = h, b = (h >> 32) | 1;
	for (int i = 0; i < BITSTATE_K; i++)
		pos[i] = (a + (uint64_t)i * b * 0x9E3779B97F4A7C15ull) & mask;
}

static int bits_has(const Store *s, uint64_t h)
{
	uint64_t pos[BITSTATE_K];
	positions(s, h, pos);
	for (int i = 0; i < BITSTATE_K; i++)
		if (!(s->bits[pos[i] >> 3] & (1u << (pos[i] & 7))))
			return 0;
	return 1;
}

/* the table slot of fingerprint h: where it is, or the empty one to take */
static size_t slot(const Store *s, uint64_t fp)
{
	size_t j = (size_t)(fp >> 20) & (s->cap - 1);
	while (s->tab[j] && s->tab[j] != fp)
		j = (j + 1) & (s->cap - 1);
	return j;
}

static int grow(Store *s)
{
	size_t ncap = s->cap * 2;
	if (s->limit && s->bytes + ncap * sizeof(uint64_t) > s->limit)
		return -1;
	uint64_t *nt = store_big_alloc(ncap * sizeof(uint64_t));
	if (!nt)
		return -1;
	Store t = *s;
	t.tab = nt;
	t.cap = ncap;
	for (size_t i = 0; i < s->cap; i++)
		if (s->tab[i])
			nt[slot(&t, s->tab[i])] = s->tab[i];
	store_big_free(s->tab, s->cap * sizeof(uint64_t));
	s->bytes += (ncap - s->cap) * sizeof(uint64_t);
	s->tab = nt;
	s->cap = ncap;
	return 0;
}

int lossy_has(const Store *s, uint64_t h)
{
	if (s->mode == STORE_BITSTATE)
		return bits_has(s, h);
	uint64_t fp = h ? h : 1;
	return s->tab[slot(s, fp)] == fp;
}

int lossy_insert(Store *s, uint64_t h)
{
	if (s->mode == STORE_BITSTATE) {
		if (bits_has(s, h))
			return 0;
		uint64_t pos[BITSTATE_K];
		positions(s, h, pos);
		for (int i = 0; i < BITSTATE_K; i++)
			s->bits[pos[i] >> 3] |= (uint8_t)(1u << (pos[i] & 7));
		s->n++;
		return 1;
	}
	uint64_t fp = h ? h : 1;
	size_t j = slot(s, fp);
	if (s->tab[j] == fp)
		return 0;
	if (s->full)
		return -1;
	s->tab[j] = fp;
	s->n++;
	if (s->n * 4 > s->cap * 3 && grow(s) < 0)
		s->full = 1;
	return 1;
}

double store_omission(const Store *s)
{
	double n = (double)s->n;
	if (s->mode == STORE_HC)
		return n * n / 36893488147419103232.0;   /* n^2 / 2^65 */
	if (s->mode != STORE_BITSTATE)
		return 0;
	double m = ldexp(1.0, s->wbits);
	return pow(1.0 - exp(-BITSTATE_K * n / m), BITSTATE_K);
}
