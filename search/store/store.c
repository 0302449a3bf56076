/* store.c — see store.h.  States are hashed with xxHash (XXH3, 64-bit);
 * each arena record is [u16 len][bytes], 2-byte aligned, in 64 MiB chunks.
 *
 * A table entry is 64 bits: the top 24 bits of the entry are hash bits (a
 * filter before comparing bytes), the low 40 bits locate the record:
 * (chunk << 25) | (offset / 2).  The table grows at 3/4 load, rehashing
 * the records in the arena's order; a zero length ends a chunk.  Only when
 * the caller asks for indexed access (BFS walks the store as its queue)
 * is a record-index array kept as well: DFS pays 8 + ~11 bytes a state. */
#include "store.h"
#include "../grow.h"
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

#define CHUNK (1u << STORE_CHUNK_BITS)

uint64_t state_hash(const uint8_t *b, int len) { return XXH3_64bits(b, (size_t)len); }

/* The tables and the arena are read at random places, one state each: with
 * 4 KB pages nearly every lookup also misses the TLB, and a page walk
 * (two-dimensional under a hypervisor) costs as much as the miss itself.
 * Large blocks are therefore mapped with transparent huge pages asked for,
 * at 2 MB boundaries; where the kernel gives none, nothing changes.
 * mmap's memory is zero. */
#define HUGE_PAGE ((size_t)2 << 20)

void *store_big_alloc(size_t bytes)
{
	if (bytes < HUGE_PAGE) {
		void *p = mmap(NULL, bytes ? bytes : 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		return p == MAP_FAILED ? NULL : p;
	}
	/* a huge page more, the ends cut off so that the block is aligned */
	uint8_t *p = mmap(NULL, bytes + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	size_t head = (HUGE_PAGE - ((uintptr_t)p & (HUGE_PAGE - 1))) & (HUGE_PAGE - 1);
	if (head)
		munmap(p, head);
	if (HUGE_PAGE - head)
		munmap(p + head + bytes, HUGE_PAGE - head);
	p += head;
#ifdef MADV_HUGEPAGE
	madvise(p, bytes, MADV_HUGEPAGE);
#endif
	return p;
}

void store_big_free(void *p, size_t bytes)
{
	if (p)
		munmap(p, bytes ? bytes : 1);
}

/* A zeroed block of `bytes` replacing p (`old` bytes, from store_big_alloc,
 * old < bytes), NULL when out of memory (p is left as it was).  The pages
 * of p become the start of the new block (mremap moves them, huge pages
 * whole): only the rest is fresh memory, which the kernel must fault in
 * and clear, far more slowly than pages already there are cleared
 * (bench/RESULTS.md, "The figures behind the code"), and the peak is
 * `bytes`, not old + bytes. */
void *store_big_grow(void *p, size_t old, size_t bytes)
{
	uint8_t *n = store_big_alloc(bytes);
	if (!n)
		return NULL;
#ifdef MREMAP_FIXED
	if (old >= HUGE_PAGE && mremap(p, old, old, MREMAP_MAYMOVE | MREMAP_FIXED, n) == n) {
		memset(n, 0, old);
		return n;
	}
#endif
	store_big_free(p, old);
	return n;
}

void store_init(Store *s, size_t limit)
{
	memset(s, 0, sizeof *s);
	s->cap = 1 << 16;
	s->tab = store_big_alloc(s->cap * sizeof(uint64_t));
	s->limit = limit;
	s->bytes = s->cap * sizeof(uint64_t);
}

void store_free(Store *s)
{
	tree_free(s);
	store_big_free(s->tab, s->cap * sizeof(uint64_t));
	store_big_free(s->bits, s->bits ? ((size_t)1 << s->wbits) / 8 : 0);
	for (size_t i = 0; i < s->nchunks; i++) free(s->chunks[i]);
	free(s->chunks); free(s->rec);
	memset(s, 0, sizeof *s);
}

static const uint8_t *at_loc(const Store *s, uint64_t loc, int *len)
{
	const uint8_t *p = s->chunks[loc >> (STORE_CHUNK_BITS - 1)] + ((loc & ((1u << (STORE_CHUNK_BITS - 1)) - 1)) << 1);
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
static size_t pos_of(uint64_t h, size_t cap) { return store_pos(h, cap); }

/* an arena record's size: [u16 len][key][payload], 2-aligned */
static size_t rec_size(const Store *s, int len)
{
	size_t need = (size_t)len + 2 + (size_t)s->payload;
	return (need + 1) & ~(size_t)1;
}

#define GROW_AHEAD 16

static void put_entry(uint64_t *tab, size_t cap, size_t j, uint64_t e)
{
	while (tab[j])
		j = (j + 1) & (cap - 1);
	tab[j] = e;
}

static int grow(Store *s)
{
	size_t ncap = s->cap * 2;
	/* (the limit still counts both tables, as when the old one was
	 * kept until the records were moved: the same bound, the same
	 * counts under -M) */
	if (s->limit && s->bytes + ncap * sizeof(uint64_t) > s->limit) return -1;
	/* the old table's pages, cleared, begin the new one: the records
	 * are put again from the arena */
	uint64_t *nt = store_big_grow(s->tab, s->cap * sizeof(uint64_t), ncap * sizeof(uint64_t));
	if (!nt) return -1;
	s->tab = NULL;
	/* every record is in the table: walk the arena in order (reading
	 * the records in the table's order would miss the cache on each),
	 * and put each entry GROW_AHEAD records after fetching its bucket */
	uint64_t pe[GROW_AHEAD];
	size_t pj[GROW_AHEAD];
	unsigned k = 0;
	for (size_t c = 0; c < s->nchunks; c++) {
		const uint8_t *base = s->chunks[c];
		size_t end = c + 1 == s->nchunks ? s->chunk_used : CHUNK;
		for (size_t off = 0; off + 2 <= end;) {
			int len = base[off] | (base[off + 1] << 8);
			if (!len)
				break;   /* the end of a chunk that was not filled */
			uint64_t h = state_hash(base + off + 2, len);
			uint64_t loc = ((uint64_t)c << (STORE_CHUNK_BITS - 1)) | (off >> 1);
			unsigned r = k++ % GROW_AHEAD;
			if (k > GROW_AHEAD)
				put_entry(nt, ncap, pj[r], pe[r]);
			pe[r] = ((h & 0xffffff) << STORE_LOC_BITS) | (loc + 1);
			pj[r] = pos_of(h, ncap);
			__builtin_prefetch(&nt[pj[r]], 1);
			off += rec_size(s, len);
		}
	}
	for (unsigned i = k > GROW_AHEAD ? k - GROW_AHEAD : 0; i < k; i++)
		put_entry(nt, ncap, pj[i % GROW_AHEAD], pe[i % GROW_AHEAD]);
	s->bytes += ncap * sizeof(uint64_t);
	s->bytes -= s->cap * sizeof(uint64_t);
	s->tab = nt; s->cap = ncap;
	return 0;
}

size_t store_room(const Store *s)
{
	if (s->mode != STORE_EXACT)
		return SIZE_MAX;
	size_t at = s->cap / 4 * 3;   /* store_insert grows once n * 4 > cap * 3 */
	return s->n < at ? at - s->n : 0;
}

int store_grow(Store *s)
{
	return s->mode == STORE_EXACT ? grow(s) : 0;
}

/* the record of a stored state (its length bytes first), NULL if absent;
 * then *slot is the free slot where it would go (linear probing) */
static inline uint8_t *probe(const Store *s, const uint8_t *b, int len, uint64_t h, size_t *slot)
{
	uint64_t tag = h & 0xffffff;
	size_t j = pos_of(h, s->cap);
	for (;;) {
		uint64_t e = s->tab[j];
		if (!e) break;
		if ((e >> STORE_LOC_BITS) == tag) {
			int l2; const uint8_t *b2 = at_loc(s, (e & STORE_LOC_MASK) - 1, &l2);
			if (l2 == len && !memcmp(b2, b, (size_t)len)) return (uint8_t *)b2 - 2;
		}
		j = (j + 1) & (s->cap - 1);
	}
	*slot = j;
	return NULL;
}

static uint8_t *find(const Store *s, const uint8_t *b, int len, uint64_t h)
{
	size_t j;
	return probe(s, b, len, h, &j);
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

uint8_t *store_payload_at(Store *s, size_t idx)
{
	int len;
	const uint8_t *k = store_get(s, idx, &len);
	if (s->mode == STORE_TREE)
		return tree_payload(s, k, len);
	return (uint8_t *)k + len;
}

static int insert_at(Store *s, const uint8_t *b, int len, uint64_t h, size_t j, size_t *idx);

int store_insert(Store *s, const uint8_t *b, int len, uint64_t h, size_t *idx)
{
	if (s->mode == STORE_TREE)
		return tree_insert(s, b, len, idx);
	if (s->mode) {
		int r = lossy_insert(s, h);
		*idx = r == 1 ? s->nrec++ : 0;
		return r;
	}
	size_t j = 0;          /* (probe sets it whenever it returns NULL; gcc -fsanitize cannot see that) */
	if (probe(s, b, len, h, &j)) { *idx = 0; return 0; }
	return insert_at(s, b, len, h, j, idx);
}

int store_has_slot(const Store *s, const uint8_t *b, int len, uint64_t h, size_t *slot)
{
	return probe(s, b, len, h, slot) != NULL;
}

int store_insert_at(Store *s, const uint8_t *b, int len, uint64_t h, size_t slot, size_t *idx)
{
	return insert_at(s, b, len, h, slot, idx);
}

/* store_insert's second half: the state is new, its entry goes to the
 * empty slot j that ended the probe */
static int insert_at(Store *s, const uint8_t *b, int len, uint64_t h, size_t j, size_t *idx)
{
	uint64_t tag = h & 0xffffff;
	if (s->full) return -1;
	size_t need = rec_size(s, len);
	size_t extra = s->indexed ? sizeof(uint64_t) : 0;
	if (s->limit && s->bytes + need + extra > s->limit) { s->full = 1; return -1; }
	if (!s->nchunks || s->chunk_used + need > CHUNK) {
		if (s->nchunks >= (1u << (STORE_LOC_BITS - STORE_CHUNK_BITS + 1)) - 1) { s->full = 1; return -1; }
		uint8_t *c = malloc(CHUNK);
		if (!c) { s->full = 1; return -1; }
		if (s->nchunks && s->chunk_used + 2 <= CHUNK) {
			/* a zero length ends the chunk before (grow walks it) */
			uint8_t *last = s->chunks[s->nchunks - 1] + s->chunk_used;
			last[0] = last[1] = 0;
		}
		uint8_t **cs = realloc(s->chunks, sizeof(uint8_t *) * (s->nchunks + 1));
		if (!cs) { free(c); s->full = 1; return -1; }
		s->chunks = cs;
		s->chunks[s->nchunks++] = c;
		s->chunk_used = 0;
	}
	uint8_t *p = s->chunks[s->nchunks - 1] + s->chunk_used;
	p[0] = (uint8_t)len; p[1] = (uint8_t)(len >> 8);
	memcpy(p + 2, b, (size_t)len);
	memset(p + 2 + len, 0, (size_t)s->payload);
	uint64_t loc = ((uint64_t)(s->nchunks - 1) << (STORE_CHUNK_BITS - 1)) | (s->chunk_used >> 1);
	s->chunk_used += need;
	s->bytes += need + extra;
	s->tab[j] = (tag << STORE_LOC_BITS) | (loc + 1);
	if (s->indexed) {
		if (grow_to(&s->rec, &s->reccap, s->nrec + 1, sizeof(uint64_t), 1 << 16) < 0) {
			/* nothing of the record is kept: the chunk's bytes stay unused */
			s->chunk_used -= need;
			s->bytes -= need + extra;
			s->tab[j] = 0;
			s->full = 1;
			return -1;
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
		store_big_free(s->tab, s->cap * sizeof(uint64_t));
		s->tab = NULL;
		s->cap = 0;
		return 0;
	}
	if (mode == STORE_HC || mode == STORE_BITSTATE)
		return store_lossy(s, mode, wbits);
	return 0;
}
