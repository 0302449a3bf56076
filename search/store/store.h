/* store.h — the visited-state store: an open-addressing hash table over an
 * append-only arena of state vectors.  Memory is explicit and bounded. */
#ifndef DSPIN_STORE_H
#define DSPIN_STORE_H
#include <stdint.h>
#include <stddef.h>

typedef struct Store {
	uint64_t *tab;          /* 0 = empty; else (24 hash bits << 40) | (record location + 1) */
	size_t cap, n;
	uint8_t **chunks; size_t nchunks, chunk_used;
	int indexed;            /* keep rec[] so that store_get works (BFS) */
	uint64_t *rec;          /* record index -> record location */
	size_t nrec, reccap;
	size_t bytes;           /* memory in use */
	size_t limit;           /* 0: unbounded */
	int full;               /* the memory limit was hit */
	int payload;            /* bytes kept after each record's key, zeroed
	                         * on insert (set before the first insert) */
	/* lossy storage (store_lossy): no state bytes are kept */
	int mode;               /* STORE_EXACT, STORE_HC, STORE_BITSTATE */
	uint8_t *bits; int wbits;   /* bitstate: 2^wbits bits */
	struct Tree *tree;      /* STORE_TREE: the compressed store (tree.c) */
} Store;

enum { STORE_EXACT, STORE_HC, STORE_BITSTATE, STORE_TREE };
#define BITSTATE_K 3            /* bits set per state */

void store_init(Store *s, size_t limit_bytes);
void store_free(Store *s);
/* Returns 1 if inserted (new), 0 if already there, -1 if out of memory.
 * *idx receives the new record's index (insertion order). */
int store_insert(Store *s, const uint8_t *b, int len, uint64_t h, size_t *idx);
/* Is the state there?  (Twophase looks before it decides what to store.) */
int store_has(const Store *s, const uint8_t *b, int len, uint64_t h);
/* The exact store only: store_has, and when the state is not there, the
 * slot where store_insert would put it.  Until the next insert (s->n
 * unchanged), store_insert_at(slot) inserts it as store_insert would,
 * without looking it up again. */
int store_has_slot(const Store *s, const uint8_t *b, int len, uint64_t h, size_t *slot);
int store_insert_at(Store *s, const uint8_t *b, int len, uint64_t h, size_t slot, size_t *idx);
const uint8_t *store_get(Store *s, size_t idx, int *len);   /* needs indexed = 1 */
/* The exact store: how many more states fit before the table grows (it
 * doubles past 3/4 load, rehashing every record: a pause in the search),
 * and growing it now, at a time the caller chooses; store_grow is -1 at
 * the memory limit (nothing changed: the insert that needs room fails as
 * before).  SIZE_MAX and 0 for the other modes. */
size_t store_room(const Store *s);
int store_grow(Store *s);
/* (store.c's layout, for the inline prefetches below) */
#define STORE_CHUNK_BITS 26
#define STORE_LOC_BITS 40
#define STORE_LOC_MASK ((1ull << STORE_LOC_BITS) - 1)
static inline size_t store_pos(uint64_t h, size_t cap) { return (size_t)(h >> 24) & (cap - 1); }
/* A prefetch that stays.  gcc 12 at -O1 and up drops a bare
 * __builtin_prefetch in an inline function such as store_prefetch (the
 * function has no side effect, so a call of it without a result is
 * dead): every store_prefetch once compiled to nothing
 * (bench/RESULTS.md, "The figures behind the code").  The empty volatile
 * asm, which uses the address, keeps it. */
static inline void store_prefetch_addr(const void *p)
{
	__builtin_prefetch(p);
	__asm__ volatile("" : : "r"(p));
}
/* the cache lines of [p, p + n), at most 8 of them (n capped at 500):
 * a stored record that a compare of n bytes will read */
static inline void store_prefetch_span(const void *p, size_t n)
{
	uintptr_t end = (uintptr_t)p + (n < 500 ? n : 500);
	for (uintptr_t a = (uintptr_t)p & ~(uintptr_t)63; a < end; a += 64)
		store_prefetch_addr((const void *)a);
}
/* a hint: the state of hash h will be looked up soon (its bucket is
 * fetched into the cache while the caller works on something else) */
static inline void store_prefetch(const Store *s, uint64_t h)
{
	if (s->mode == STORE_EXACT)
		store_prefetch_addr(&s->tab[store_pos(h, s->cap)]);
}
/* the next step, once the bucket is there: the record of its first
 * entry with h's tag, which the lookup will compare with, is fetched
 * (the exact store), as far as a key of len bytes reaches */
static inline void store_prefetch_rec(const Store *s, uint64_t h, int len)
{
	if (s->mode != STORE_EXACT)
		return;
	uint64_t tag = h & 0xffffff;
	for (size_t j = store_pos(h, s->cap);; j = (j + 1) & (s->cap - 1)) {
		uint64_t e = s->tab[j];
		if (!e)
			return;
		if ((e >> STORE_LOC_BITS) == tag) {
			uint64_t loc = (e & STORE_LOC_MASK) - 1;
			const uint8_t *r = s->chunks[loc >> (STORE_CHUNK_BITS - 1)] + ((loc & ((1u << (STORE_CHUNK_BITS - 1)) - 1)) << 1);
			store_prefetch_span(r, 2 + (size_t)len);
			return;
		}
	}
}
/* the payload bytes of a stored state, NULL if it is not there */
uint8_t *store_payload(Store *s, const uint8_t *b, int len, uint64_t h);
/* the payload of record idx (exact or tree store, indexed = 1): no
 * lookup, as after store_insert */
uint8_t *store_payload_at(Store *s, size_t idx);
uint64_t state_hash(const uint8_t *b, int len);
/* zeroed memory for tables read at random (huge pages where the kernel
 * gives them), and its release; NULL when out of memory */
void *store_big_alloc(size_t bytes);
void store_big_free(void *p, size_t bytes);
/* p (old bytes, from store_big_alloc) replaced by a zeroed block of bytes
 * > old that reuses p's pages; NULL when out of memory, p left as it was */
void *store_big_grow(void *p, size_t old, size_t bytes);

/* search/store/lossy.c: for models beyond memory.  STORE_HC keeps a 64-bit
 * fingerprint per state (hash compaction); STORE_BITSTATE sets
 * BITSTATE_K bits of 2^wbits per state (Holzmann's bitstate hashing).  A
 * state whose fingerprint or bits are all present already counts as
 * visited even if it is new, so the search may miss states: the summary
 * says how likely.  store_get and store_payload need STORE_EXACT.
 * Returns -1 when the bit array cannot be allocated. */
int store_lossy(Store *s, int mode, int wbits);
int lossy_insert(Store *s, uint64_t h);
int lossy_has(const Store *s, uint64_t h);
/* the probability that a new state was taken as visited, at the end */
double store_omission(const Store *s);

/* Choose how states are kept, after store_init and before the first
 * insert: STORE_EXACT (the default), STORE_HC, STORE_BITSTATE (wbits),
 * STORE_TREE.  Returns -1 when the mode's tables cannot be allocated. */
int store_set_mode(Store *s, int mode, int wbits);

/* search/store/tree.c: exact storage with tree compression (-compress=tree).
 * Every state is kept exactly, as the root of a binary tree of 4-byte-word
 * pairs shared between states (LTSmin's tree compression; the design for
 * variable-length vectors is in tree.c's header).  All of the store's
 * operations work (store_get with `indexed`, set before the first insert;
 * payload); store_get's bytes stay valid until the next store_get.  The store's functions call these
 * when s->mode is STORE_TREE. */
typedef struct Tree Tree;
int tree_init(Store *s);
void tree_free(Store *s);
int tree_insert(Store *s, const uint8_t *b, int len, size_t *idx);
int tree_has(const Store *s, const uint8_t *b, int len);
uint8_t *tree_payload(Store *s, const uint8_t *b, int len);
const uint8_t *tree_get(Store *s, size_t idx, int *len);
#endif
