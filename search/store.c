/* store.c — see store.h.  States are hashed with xxHash (XXH3, 64-bit);
 * each arena record is [u16 len][bytes], 2-byte aligned, in 64 MiB chunks.
 *
 * A table entry is 64 bits: the top 24 bits of the entry are hash bits (a
 * filter before comparing bytes), the low 40 bits locate the record:
 * (chunk << 25) | (offset / 2).  The table grows at 3/4 load.  Only when
 * the caller asks for indexed access (BFS walks the store as its queue)
 * is a record-index array kept as well: DFS pays 8 + ~11 bytes a state. */
#include "store.h"
#include <stdlib.h>
#include <string.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

#define CHUNK_BITS 26
#define CHUNK (1u << CHUNK_BITS)
#define LOC_BITS 40
#define LOC_MASK ((1ull << LOC_BITS) - 1)

uint64_t state_hash(const uint8_t *b, int len) { return XXH3_64bits(b, (size_t)len); }

void store_init(Store *s, size_t limit)
{
	memset(s, 0, sizeof *s);
	s->cap = 1 << 16;
	s->tab = calloc(s->cap, sizeof(uint64_t));
	s->limit = limit;
	s->bytes = s->cap * sizeof(uint64_t);
}

void store_free(Store *s)
{
	tree_free(s);
	free(s->tab);
	free(s->bits);
	for (size_t i = 0; i < s->nchunks; i++) free(s->chunks[i]);
	free(s->chunks); free(s->rec);
	memset(s, 0, sizeof *s);
}

static const uint8_t *at_loc(const Store *s, uint64_t loc, int *len)
{
	const uint8_t *p = s->chunks[loc >> (CHUNK_BITS - 1)] + ((loc & ((1u << (CHUNK_BITS - 1)) - 1)) << 1);
	*len = p[0] | (p[1] << 8);
	return p + 2;
}

const uint8_t *store_get(Store *s, size_t idx, int *len)
{
	if (s->mode == STORE_TREE)
		return tree_get(s, idx, len);
	return at_loc(s, s->rec[idx], len);
}

/* the table position of an entry is recomputed from its stored hash bits
 * plus the low bits of the location's hash: we keep the position-bearing
 * low hash bits inside the tag by using the *low* 24 bits of the hash as
 * tag and the upper bits for the position. */
static size_t pos_of(uint64_t h, size_t cap) { return (size_t)(h >> 24) & (cap - 1); }

static int grow(Store *s)
{
	size_t ncap = s->cap * 2;
	if (s->limit && s->bytes + ncap * sizeof(uint64_t) > s->limit) return -1;
	uint64_t *nt = calloc(ncap, sizeof(uint64_t));
	if (!nt) return -1;
	for (size_t i = 0; i < s->cap; i++) {
		uint64_t e = s->tab[i];
		if (!e) continue;
		int len; const uint8_t *b = at_loc(s, (e & LOC_MASK) - 1, &len);
		size_t j = pos_of(state_hash(b, len), ncap);
		while (nt[j]) j = (j + 1) & (ncap - 1);
		nt[j] = e;
	}
	s->bytes += ncap * sizeof(uint64_t);
	s->bytes -= s->cap * sizeof(uint64_t);
	free(s->tab);
	s->tab = nt; s->cap = ncap;
	return 0;
}

/* the record of a stored state (its length bytes first), NULL if absent */
static uint8_t *find(const Store *s, const uint8_t *b, int len, uint64_t h)
{
	uint64_t tag = h & 0xffffff;
	size_t j = pos_of(h, s->cap);
	for (;;) {
		uint64_t e = s->tab[j];
		if (!e) return NULL;
		if ((e >> LOC_BITS) == tag) {
			int l2; const uint8_t *b2 = at_loc((Store *)s, (e & LOC_MASK) - 1, &l2);
			if (l2 == len && !memcmp(b2, b, (size_t)len)) return (uint8_t *)b2 - 2;
		}
		j = (j + 1) & (s->cap - 1);
	}
}

int store_has(const Store *s, const uint8_t *b, int len, uint64_t h)
{
	if (s->mode == STORE_TREE)
		return tree_has(s, b, len);
	if (s->mode)
		return lossy_has(s, h);
	return find(s, b, len, h) != NULL;
}

uint8_t *store_payload(Store *s, const uint8_t *b, int len, uint64_t h)
{
	if (s->mode == STORE_TREE)
		return tree_payload(s, b, len);
	uint8_t *r = find(s, b, len, h);
	return r ? r + 2 + len : NULL;
}

int store_insert(Store *s, const uint8_t *b, int len, uint64_t h, size_t *idx)
{
	if (s->mode == STORE_TREE)
		return tree_insert(s, b, len, idx);
	if (s->mode) {
		int r = lossy_insert(s, h);
		*idx = r == 1 ? s->nrec++ : 0;
		return r;
	}
	uint64_t tag = h & 0xffffff;
	size_t j = pos_of(h, s->cap);
	for (;;) {
		uint64_t e = s->tab[j];
		if (!e) break;
		if ((e >> LOC_BITS) == tag) {
			int l2; const uint8_t *b2 = at_loc(s, (e & LOC_MASK) - 1, &l2);
			if (l2 == len && !memcmp(b2, b, (size_t)len)) { *idx = 0; return 0; }
		}
		j = (j + 1) & (s->cap - 1);
	}
	if (s->full) return -1;
	size_t need = (size_t)len + 2 + (size_t)s->payload;
	need = (need + 1) & ~(size_t)1;
	size_t extra = s->indexed ? sizeof(uint64_t) : 0;
	if (s->limit && s->bytes + need + extra > s->limit) { s->full = 1; return -1; }
	if (!s->nchunks || s->chunk_used + need > CHUNK) {
		if (s->nchunks >= (1u << (LOC_BITS - CHUNK_BITS + 1)) - 1) { s->full = 1; return -1; }
		uint8_t *c = malloc(CHUNK);
		if (!c) { s->full = 1; return -1; }
		s->chunks = realloc(s->chunks, sizeof(uint8_t *) * (s->nchunks + 1));
		s->chunks[s->nchunks++] = c;
		s->chunk_used = 0;
	}
	uint8_t *p = s->chunks[s->nchunks - 1] + s->chunk_used;
	p[0] = (uint8_t)len; p[1] = (uint8_t)(len >> 8);
	memcpy(p + 2, b, (size_t)len);
	memset(p + 2 + len, 0, (size_t)s->payload);
	uint64_t loc = ((uint64_t)(s->nchunks - 1) << (CHUNK_BITS - 1)) | (s->chunk_used >> 1);
	s->chunk_used += need;
	s->bytes += need + extra;
	s->tab[j] = (tag << LOC_BITS) | (loc + 1);
	if (s->indexed) {
		if (s->nrec == s->reccap) {
			s->reccap = s->reccap ? s->reccap * 2 : 1 << 16;
			s->rec = realloc(s->rec, sizeof(uint64_t) * s->reccap);
		}
		s->rec[s->nrec] = loc;
	}
	*idx = s->nrec++;
	s->n++;
	if (s->n * 4 > s->cap * 3 && grow(s) < 0) s->full = 1;
	return 1;
}

int store_set_mode(Store *s, int mode, int wbits)
{
	if (mode == STORE_TREE) {
		if (tree_init(s) < 0)
			return -1;
		/* the exact store's table is not used */
		s->bytes -= s->cap * sizeof(uint64_t);
		free(s->tab);
		s->tab = NULL;
		s->cap = 0;
		return 0;
	}
	if (mode == STORE_HC || mode == STORE_BITSTATE)
		return store_lossy(s, mode, wbits);
	return 0;
}
