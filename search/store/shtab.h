/* shtab.h — the state table that several search workers share (-cores=N):
 * lock-free find-or-put on an open-addressing table of 64-bit bucket
 * words, the records in per-worker arenas.  Private to search/. */
#ifndef DSPIN_SHTAB_H
#define DSPIN_SHTAB_H
#include <stdatomic.h>
#include <pthread.h>
#include <stdint.h>
#include <stddef.h>
#include <string.h>

typedef struct ShTab {
	_Atomic uint64_t *tab;      /* 0 empty; else (24 hash bits << 40) | (location + 1) */
	size_t cap;                 /* changes only while every other worker is parked */
	atomic_size_t n;            /* records published, counted in batches */
	atomic_int grow_req;        /* a worker waits to grow the table: the others park */
	uint8_t *_Atomic *chunks;   /* the arenas' 64 MiB chunks, by number */
	size_t *cused;              /* each chunk's bytes of records, as of its worker's
	                             * last park, barrier or move to a new chunk */
	atomic_uint nchunks;
	atomic_size_t bytes;        /* table and records */
	size_t limit;               /* -M in bytes, 0 unbounded */
	atomic_int full;            /* the memory limit was hit */
	/* parking and the search's barriers: rare, so a mutex */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int nworkers;
	int quiet_n;                /* workers parked or waiting at a barrier */
	int arrived;                /* workers at the barrier */
	unsigned long gen;          /* barrier generation */
	/* growth: the new table, filled by the grower and the parked workers */
	_Atomic uint64_t *ntab;
	size_t ncap;
	atomic_size_t rh_next;      /* the next chunk whose records to put again */
	unsigned long rh_round;     /* growths so far */
	int rh_helpers;             /* parked workers moving buckets */
} ShTab;

/* one worker's side of the table: its arena, its uncounted inserts */
typedef struct ShWorker {
	ShTab *t;
	uint8_t *chunk;             /* the chunk records go into, NULL at first */
	uint32_t chunk_no;
	size_t used;
	int pending;                /* inserts not yet counted in n */
	size_t pending_bytes;       /* and their bytes, not yet in bytes */
	unsigned long rh_round;     /* the last growth it helped with */
} ShWorker;

/* A record is [u16 len][u16 xlen][key][extra], padded to 4 bytes as a
 * whole: the key is the state's identity, the extra bytes travel with it
 * and are written once, before the record is published.  Neither is
 * aligned: read them with memcpy.  (Four bytes of header and one padding
 * to 4 per record, instead of 8 and two paddings to 8: the records can be
 * most of -cores=2's memory, and each page of it is faulted in:
 * bench/RESULTS.md, "The figures behind the code".) */
static inline const uint8_t *sh_key(const uint8_t *rec, int *len)
{
	uint16_t l;
	memcpy(&l, rec, 2);
	*len = l;
	return rec + 4;
}
static inline const uint8_t *sh_extra(const uint8_t *rec, int *xlen)
{
	uint16_t l, x;
	memcpy(&l, rec, 2);
	memcpy(&x, rec + 2, 2);
	*xlen = x;
	return rec + 4 + l;
}

int sh_init(ShTab *t, int nworkers, size_t limit);
void sh_free(ShTab *t);
/* Find-or-put: 1 the state is new and its record (key, then the xlen
 * extra bytes; len and xlen at most 65535) was published, 0 it was there, -1 out of memory (the
 * limit).  *loc: the stored record's location either way (not on -1). */
int sh_put(ShWorker *w, const uint8_t *key, int len, uint64_t h, const void *extra, int xlen, uint64_t *loc);
/* a hint: the bucket where a lookup of hash h begins will be read soon */
void sh_prefetch(ShWorker *w, uint64_t h);
/* the record its bucket names, when the tag matches, as far as a key of
 * len bytes reaches: after sh_prefetch */
void sh_prefetch_rec(ShWorker *w, uint64_t h, int len);
/* the record of a state, NULL if it is not there */
const uint8_t *sh_find(ShWorker *w, const uint8_t *key, int len, uint64_t h);
/* the record at a location */
const uint8_t *sh_rec(const ShTab *t, uint64_t loc);
/* Wait at a barrier with every other worker; the last to arrive runs
 * last(arg) alone before they all go on. */
void sh_barrier(ShWorker *w, void (*last)(void *arg), void *arg);
/* Workers call this between table operations when they may wait: a
 * worker that wants to grow the table waits for every other to park. */
void sh_poll(ShWorker *w);
/* the worker's last inserts into the count */
void sh_flush(ShWorker *w);
#endif
