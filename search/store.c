/* store.c — see store.h.  States are hashed with xxHash (XXH3, 64-bit);
 * each arena record is [u16 len][bytes], 2-byte aligned, in 64 MiB chunks. */
#include "store.h"
#include <stdlib.h>
#include <string.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

#define CHUNK (64u << 20)

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
	free(s->tab);
	for (size_t i = 0; i < s->nchunks; i++) free(s->chunks[i]);
	free(s->chunks); free(s->rec);
	memset(s, 0, sizeof *s);
}

const uint8_t *store_get(Store *s, size_t idx, int *len)
{
	uint64_t pos = s->rec[idx];
	const uint8_t *p = s->chunks[pos >> 32] + (uint32_t)pos;
	*len = p[0] | (p[1] << 8);
	return p + 2;
}

static int grow(Store *s)
{
	size_t ncap = s->cap * 2;
	if (s->limit && s->bytes + ncap * sizeof(uint64_t) > s->limit) return -1;
	uint64_t *nt = calloc(ncap, sizeof(uint64_t));
	if (!nt) return -1;
	for (size_t i = 0; i < s->cap; i++) {
		uint64_t e = s->tab[i];
		if (!e) continue;
		/* the entry keeps the low 32 hash bits: the position comes from them */
		size_t j = (size_t)(e >> 32) & (ncap - 1);
		while (nt[j]) j = (j + 1) & (ncap - 1);
		nt[j] = e;
	}
	s->bytes += ncap * sizeof(uint64_t);
	s->bytes -= s->cap * sizeof(uint64_t);
	free(s->tab);
	s->tab = nt; s->cap = ncap;
	return 0;
}

int store_insert(Store *s, const uint8_t *b, int len, uint64_t h, size_t *idx)
{
	uint32_t tag = (uint32_t)h;
	size_t j = (size_t)tag & (s->cap - 1);
	for (;;) {
		uint64_t e = s->tab[j];
		if (!e) break;
		if ((uint32_t)(e >> 32) == tag) {
			int l2; const uint8_t *b2 = store_get(s, (size_t)(uint32_t)e - 1, &l2);
			if (l2 == len && !memcmp(b2, b, (size_t)len)) { *idx = (size_t)(uint32_t)e - 1; return 0; }
		}
		j = (j + 1) & (s->cap - 1);
	}
	if (s->full) return -1;
	size_t need = (size_t)len + 2;
	need = (need + 1) & ~(size_t)1;
	if (s->limit && s->bytes + need + sizeof(uint64_t) > s->limit) { s->full = 1; return -1; }
	if (!s->nchunks || s->chunk_used + need > CHUNK) {
		uint8_t *c = malloc(CHUNK);
		if (!c) { s->full = 1; return -1; }
		s->chunks = realloc(s->chunks, sizeof(uint8_t *) * (s->nchunks + 1));
		s->chunks[s->nchunks++] = c;
		s->chunk_used = 0;
	}
	if (s->nrec == s->reccap) {
		s->reccap = s->reccap ? s->reccap * 2 : 1 << 16;
		s->rec = realloc(s->rec, sizeof(uint64_t) * s->reccap);
	}
	if (s->nrec >= 0xfffffffeu) { s->full = 1; return -1; }
	uint8_t *p = s->chunks[s->nchunks - 1] + s->chunk_used;
	p[0] = (uint8_t)len; p[1] = (uint8_t)(len >> 8);
	memcpy(p + 2, b, (size_t)len);
	s->rec[s->nrec] = ((uint64_t)(s->nchunks - 1) << 32) | (uint32_t)s->chunk_used;
	s->chunk_used += need;
	s->bytes += need + sizeof(uint64_t);   /* the record and its index entry */
	s->tab[j] = ((uint64_t)tag << 32) | (uint32_t)(s->nrec + 1);
	*idx = s->nrec++;
	s->n++;
	if (s->n * 2 > s->cap && grow(s) < 0) s->full = 1;
	return 1;
}
