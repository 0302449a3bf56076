/* shtab.c — the shared state table of the multi-core search (-cores=N).
 *
 * Laarman, van de Pol and Weber, "Boosting multi-core reachability
 * performance with shared hash tables" (FMCAD 2010), section 4: an
 * open-addressing table of one word per bucket, the state's hash memoized
 * in the word, and find-or-put by compare-and-swap on the bucket word; no
 * locks on the way of a lookup or an insert.  Two choices differ from the
 * paper's:
 *
 *  - The paper claims a bucket first (hash and a WRITE flag), copies the
 *    state into its data array, then marks it DONE; a reader meeting a
 *    WRITE bucket with its hash waits.  Here the worker probes first and,
 *    at the empty bucket that ends the probe, writes the record into its
 *    own arena and publishes the complete bucket word with one CAS
 *    (release), so nobody ever waits on a half-written state.  A CAS that
 *    loses goes on probing from there; if the winner was the same state,
 *    the record (the last one in the worker's arena) is taken back.
 *  - The paper's table has a fixed size.  dspin's models range from a few
 *    states to tens of millions, so the table grows, stopping the world:
 *    the worker that finds it 3/4 full raises grow_req and waits until
 *    every other worker is parked (each polls the flag before every
 *    insert, a read of a line that is written twice per growth) or waits
 *    at the search's barrier; then the table is doubled in place (its
 *    pages moved to the start of the new block and cleared, as the
 *    sequential store's) and it and the parked workers put every record
 *    again, walking the arenas' chunks in order, a chunk at a time, with
 *    CAS.  Every record in a chunk below its cused mark is in the table
 *    (a record is published, or taken back as the arena's last), so the
 *    old table is not read: the records are read in the order they lie
 *    in memory instead of in bucket order, and only the added half of the
 *    table is fresh memory.  Growth is rare (each doubles), so the
 *    lock-free path stays the common one.
 *
 * The bucket word is the sequential store's (store.c): 24 bits of the hash
 * as a filter, 40 bits of record location, (chunk << 24) | (offset / 4) in
 * 64 MiB chunks.  Each worker fills its own chunk; the chunk's pointer is
 * published (release) before any bucket can name it.  The memory counted
 * (for -M) is the table and the records, in batches, as for the count.
 * The table is mapped as the sequential store's (store_big_alloc: 2
 * MB-aligned, transparent huge pages asked for); the chunks are not: a
 * huge page that the host has not backed yet can cost more to fault in
 * than its 4 KB pages on a virtual machine
 * (bench/RESULTS.md, "The figures behind the code"), and the chunks are
 * most of the memory.
 */
#include "shtab.h"
#include "store.h"
#include <stdlib.h>
#include <string.h>

#define CHUNK_BITS 26
#define CHUNK ((size_t)1 << CHUNK_BITS)
#define ALIGN_BITS 2            /* records are 4-aligned: their u16 header */
#define OFF_BITS (CHUNK_BITS - ALIGN_BITS)
#define LOC_BITS 40
#define LOC_MASK ((1ull << LOC_BITS) - 1)
#define MAXCHUNKS (1u << (LOC_BITS - OFF_BITS))
#define BATCH 64               /* inserts a worker counts at once */
#define PREFETCH 8             /* records ahead whose new bucket a rehash asks for */
#define PAD(n) (((size_t)(n) + (1u << ALIGN_BITS) - 1) & ~(((size_t)1 << ALIGN_BITS) - 1))

/* a record's bytes: header, key and extra, padded to 4 */
static size_t rec_size(int len, int xlen)
{
	return PAD(4 + (size_t)len + (size_t)xlen);
}

static size_t pos_of(uint64_t h, size_t cap)
{
	return (size_t)(h >> 24) & (cap - 1);
}

int sh_init(ShTab *t, int nworkers, size_t limit)
{
	memset(t, 0, sizeof *t);
	t->cap = 1 << 16;
	t->tab = store_big_alloc(t->cap * sizeof *t->tab);
	t->chunks = calloc(MAXCHUNKS, sizeof *t->chunks);
	t->cused = calloc(MAXCHUNKS, sizeof *t->cused);
	if (!t->tab || !t->chunks || !t->cused) {
		store_big_free((void *)t->tab, t->cap * sizeof *t->tab);
		free(t->chunks);
		free(t->cused);
		return -1;
	}
	atomic_init(&t->bytes, t->cap * sizeof *t->tab);
	t->limit = limit;
	t->nworkers = nworkers;
	pthread_mutex_init(&t->mu, NULL);
	pthread_cond_init(&t->cv, NULL);
	return 0;
}

void sh_free(ShTab *t)
{
	unsigned n = atomic_load(&t->nchunks);
	for (unsigned i = 0; i < n && i < MAXCHUNKS; i++)
		free(atomic_load_explicit(&t->chunks[i], memory_order_relaxed));
	free(t->chunks);
	free(t->cused);
	store_big_free((void *)t->tab, t->cap * sizeof *t->tab);
	pthread_mutex_destroy(&t->mu);
	pthread_cond_destroy(&t->cv);
	memset(t, 0, sizeof *t);
}

const uint8_t *sh_rec(const ShTab *t, uint64_t loc)
{
	uint8_t *c = atomic_load_explicit(&t->chunks[loc >> OFF_BITS], memory_order_relaxed);
	return c + ((loc & ((1ull << OFF_BITS) - 1)) << ALIGN_BITS);
}

/* room for need bytes in the worker's chunk: a new chunk when it is full;
 * NULL at the memory limit */
static uint8_t *arena_alloc(ShWorker *w, size_t need)
{
	ShTab *t = w->t;
	if (!w->chunk || w->used + need > CHUNK) {
		if (w->chunk)
			t->cused[w->chunk_no] = w->used;
		unsigned no = atomic_fetch_add(&t->nchunks, 1);
		uint8_t *c = no < MAXCHUNKS ? malloc(CHUNK) : NULL;
		if (!c) {
			atomic_store(&t->full, 1);
			return NULL;
		}
		/* published before any bucket names a record in it */
		atomic_store_explicit(&t->chunks[no], c, memory_order_release);
		w->chunk = c;
		w->chunk_no = no;
		w->used = 0;
	}
	uint8_t *p = w->chunk + w->used;
	w->used += need;
	return p;
}

/* the worker's current chunk's mark, before it parks or waits: what a
 * growth reads */
static void publish_used(ShWorker *w)
{
	if (w->chunk)
		w->t->cused[w->chunk_no] = w->used;
}

/* a bucket word: the tag (24 bits of the hash) and the location + 1 */
static uint64_t bucket_word(uint64_t h, uint64_t loc)
{
	return ((h & 0xffffff) << LOC_BITS) | (loc + 1);
}

/* put a record's word into the new table */
static void reput(_Atomic uint64_t *nt, size_t ncap, uint64_t h, uint64_t word)
{
	for (size_t j = pos_of(h, ncap);; j = (j + 1) & (ncap - 1)) {
		uint64_t z = 0;
		if (atomic_compare_exchange_strong_explicit(&nt[j], &z, word, memory_order_relaxed, memory_order_relaxed))
			return;
	}
}

/* put the records of whole chunks into the new table, a chunk at a time;
 * every worker that is parked helps.  Each record's hash is computed
 * again (the bucket word keeps 24 bits of it, not the position); record
 * r is put once record r + PREFETCH has asked for its new bucket. */
static void help_rehash(ShTab *t)
{
	size_t ncap = t->ncap;
	_Atomic uint64_t *nt = t->ntab;
	unsigned nch = atomic_load(&t->nchunks);
	if (nch > MAXCHUNKS)
		nch = MAXCHUNKS;
	for (;;) {
		size_t c = atomic_fetch_add(&t->rh_next, 1);
		if (c >= nch)
			return;
		const uint8_t *base = atomic_load_explicit(&t->chunks[c], memory_order_acquire);
		size_t end = t->cused[c];
		if (!base)
			continue;
		uint64_t qh[PREFETCH], qw[PREFETCH];
		size_t r = 0;
		for (size_t off = 0; off < end; r++) {
			int len, xlen;
			const uint8_t *key = sh_key(base + off, &len);
			sh_extra(base + off, &xlen);
			uint64_t h = state_hash(key, len);
			__builtin_prefetch((const void *)&nt[pos_of(h, ncap)]);
			if (r >= PREFETCH)
				reput(nt, ncap, qh[r % PREFETCH], qw[r % PREFETCH]);
			qh[r % PREFETCH] = h;
			qw[r % PREFETCH] = bucket_word(h, ((uint64_t)c << OFF_BITS) | (off >> ALIGN_BITS));
			off += rec_size(len, xlen);
		}
		for (size_t k = r > PREFETCH ? r - PREFETCH : 0; k < r; k++)
			reput(nt, ncap, qh[k % PREFETCH], qw[k % PREFETCH]);
	}
}

/* Double the table in place and put every record again: every other
 * worker is parked or at the barrier, and its chunk's mark published.
 * Called and returns with t->mu held. */
static void rehash(ShTab *t)
{
	size_t ncap = t->cap * 2;
	size_t b = atomic_load(&t->bytes);
	_Atomic uint64_t *nt = t->limit && b + (ncap - t->cap) * 8 > t->limit ? NULL
		: store_big_grow((void *)t->tab, t->cap * sizeof *t->tab, ncap * sizeof *nt);
	if (!nt) {
		atomic_store(&t->full, 1);
		return;
	}
	t->tab = nt;                /* empty until the records are put again */
	t->ntab = nt;
	t->ncap = ncap;
	atomic_store(&t->rh_next, 0);
	t->rh_round++;
	pthread_cond_broadcast(&t->cv);     /* the parked workers help */
	pthread_mutex_unlock(&t->mu);
	help_rehash(t);
	pthread_mutex_lock(&t->mu);
	while (t->rh_helpers)
		pthread_cond_wait(&t->cv, &t->mu);
	atomic_fetch_add(&t->bytes, ncap * 8 - t->cap * 8);
	t->cap = ncap;
	t->ntab = NULL;
}

void sh_poll(ShWorker *w)
{
	ShTab *t = w->t;
	if (!atomic_load_explicit(&t->grow_req, memory_order_acquire))
		return;
	publish_used(w);
	pthread_mutex_lock(&t->mu);
	t->quiet_n++;
	pthread_cond_broadcast(&t->cv);
	while (atomic_load(&t->grow_req)) {
		if (t->ntab && w->rh_round != t->rh_round) {
			w->rh_round = t->rh_round;
			t->rh_helpers++;
			pthread_mutex_unlock(&t->mu);
			help_rehash(t);
			pthread_mutex_lock(&t->mu);
			t->rh_helpers--;
			pthread_cond_broadcast(&t->cv);
			continue;
		}
		pthread_cond_wait(&t->cv, &t->mu);
	}
	t->quiet_n--;
	pthread_mutex_unlock(&t->mu);
}

static void grow(ShWorker *w)
{
	ShTab *t = w->t;
	int z = 0;
	if (!atomic_compare_exchange_strong(&t->grow_req, &z, 1)) {
		sh_poll(w);             /* another worker grows it */
		return;
	}
	publish_used(w);
	pthread_mutex_lock(&t->mu);
	while (t->quiet_n < t->nworkers - 1)
		pthread_cond_wait(&t->cv, &t->mu);
	/* a second request may follow a growth that already happened */
	if (atomic_load(&t->n) * 4 > t->cap * 3 && !atomic_load(&t->full))
		rehash(t);
	atomic_store(&t->grow_req, 0);
	pthread_cond_broadcast(&t->cv);
	pthread_mutex_unlock(&t->mu);
}

void sh_flush(ShWorker *w)
{
	if (!w->pending)
		return;
	size_t n = atomic_fetch_add(&w->t->n, (size_t)w->pending) + (size_t)w->pending;
	size_t b = atomic_fetch_add(&w->t->bytes, w->pending_bytes) + w->pending_bytes;
	w->pending = 0;
	w->pending_bytes = 0;
	if (w->t->limit && b > w->t->limit)
		atomic_store(&w->t->full, 1);
	if (n * 4 > w->t->cap * 3)
		grow(w);
}

/* write the record into the worker's arena; its location, or -1 */
static int64_t write_record(ShWorker *w, const uint8_t *key, int len, const void *extra, int xlen, size_t need)
{
	uint8_t *p = arena_alloc(w, need);
	if (!p)
		return -1;
	uint16_t hd[2] = { (uint16_t)len, (uint16_t)xlen };
	memcpy(p, hd, 4);
	memcpy(p + 4, key, (size_t)len);
	if (xlen)
		memcpy(p + 4 + len, extra, (size_t)xlen);
	return (int64_t)(((uint64_t)w->chunk_no << OFF_BITS) | ((uint64_t)(p - w->chunk) >> ALIGN_BITS));
}

int sh_put(ShWorker *w, const uint8_t *key, int len, uint64_t h, const void *extra, int xlen, uint64_t *loc)
{
	ShTab *t = w->t;
	sh_poll(w);
	if (atomic_load_explicit(&t->full, memory_order_relaxed) || len > 0xffff || xlen > 0xffff)
		return -1;
	size_t need = rec_size(len, xlen);
	int64_t mine = -1;      /* the record, once written: only at an empty bucket */
	uint64_t tag = h & 0xffffff;
	size_t j = pos_of(h, t->cap);
	for (;;) {
		uint64_t e = atomic_load_explicit(&t->tab[j], memory_order_acquire);
		if (!e) {
			if (mine < 0 && (mine = write_record(w, key, len, extra, xlen, need)) < 0)
				return -1;
			uint64_t word = bucket_word(h, (uint64_t)mine);
			if (atomic_compare_exchange_strong_explicit(&t->tab[j], &e, word, memory_order_release, memory_order_acquire)) {
				*loc = (uint64_t)mine;
				w->pending_bytes += need;
				if (++w->pending == BATCH)
					sh_flush(w);
				return 1;
			}
			/* lost the bucket: e is the winner's word */
		}
		if ((e >> LOC_BITS) == tag) {
			int l2;
			const uint8_t *k2 = sh_key(sh_rec(t, (e & LOC_MASK) - 1), &l2);
			if (l2 == len && !memcmp(k2, key, (size_t)len)) {
				if (mine >= 0)
					w->used -= need;    /* the record was the last one: taken back */
				*loc = (e & LOC_MASK) - 1;
				return 0;
			}
		}
		j = (j + 1) & (t->cap - 1);
	}
}

void sh_prefetch(ShWorker *w, uint64_t h)
{
	__builtin_prefetch((const void *)&w->t->tab[pos_of(h, w->t->cap)]);
}

/* A hint only: the bucket and chunk pointer are read relaxed, so a word
 * just published may name a chunk whose pointer is not yet seen here; a
 * prefetch of a wrong address faults nothing. */
void sh_prefetch_rec(ShWorker *w, uint64_t h, int len)
{
	ShTab *t = w->t;
	uint64_t e = atomic_load_explicit(&t->tab[pos_of(h, t->cap)], memory_order_relaxed);
	if (e && (e >> LOC_BITS) == (h & 0xffffff)) {
		/* the lines the compare will read: header and key */
		store_prefetch_span(sh_rec(t, (e & LOC_MASK) - 1), 4 + (size_t)len);
	}
}

const uint8_t *sh_find(ShWorker *w, const uint8_t *key, int len, uint64_t h)
{
	ShTab *t = w->t;
	uint64_t tag = h & 0xffffff;
	size_t j = pos_of(h, t->cap);
	for (;;) {
		uint64_t e = atomic_load_explicit(&t->tab[j], memory_order_acquire);
		if (!e)
			return NULL;
		if ((e >> LOC_BITS) == tag) {
			int l2;
			const uint8_t *rec = sh_rec(t, (e & LOC_MASK) - 1);
			const uint8_t *k2 = sh_key(rec, &l2);
			if (l2 == len && !memcmp(k2, key, (size_t)len))
				return rec;
		}
		j = (j + 1) & (t->cap - 1);
	}
}

void sh_barrier(ShWorker *w, void (*last)(void *arg), void *arg)
{
	ShTab *t = w->t;
	sh_flush(w);
	publish_used(w);
	pthread_mutex_lock(&t->mu);
	t->quiet_n++;
	if (++t->arrived == t->nworkers) {
		last(arg);
		t->arrived = 0;
		t->quiet_n -= t->nworkers;
		t->gen++;
	} else {
		unsigned long g = t->gen;
		pthread_cond_broadcast(&t->cv);     /* a worker may wait to grow */
		while (g == t->gen)
			pthread_cond_wait(&t->cv, &t->mu);
	}
	pthread_cond_broadcast(&t->cv);
	pthread_mutex_unlock(&t->mu);
}
