/* dist_sent.h — what a rank of the distributed safety search sent lately
 * (search/dist/dist_sent.c): a successor owned by another rank that this rank
 * already sent to it is not sent again.  The owner would only have found
 * it stored (a later message from one rank to another never overtakes an
 * earlier one, and a level ends only once every message of it has been
 * delivered), so the sender counts it as matched itself: the same states,
 * transitions and parents, without the copy, the message bytes and the
 * owner's look-up.  In a breadth-first search a rank expands the states of
 * one level in the order they were stored, neighbours after neighbours,
 * and many of the successors it sends to another rank it sent a short
 * while before (bench/RESULTS.md, "The figures behind the code"). */
#ifndef DSPIN_DIST_SENT_H
#define DSPIN_DIST_SENT_H
#include <stddef.h>
#include <stdint.h>
#include "../store/store.h"

typedef struct SentSlot {
	uint64_t h;                /* the key's state_hash */
	uint64_t at;               /* where its bytes are in the ring: pos << 16 | len */
} SentSlot;

/* Direct-mapped slots, each naming a key in a ring of the latest keys
 * remembered; a slot whose key has been overwritten in the ring is empty.
 * A hit compares the whole key: exact, never by hash alone. */
typedef struct SentCache {
	SentSlot *slot;
	size_t nslots;             /* a power of two */
	uint8_t *ring;
	uint64_t ringcap;          /* a power of two */
	uint64_t head;             /* bytes written to the ring in all */
} SentCache;

/* a hint: key of hash h will be asked about soon (its slot is fetched
 * into the cache meanwhile) */
static inline void sent_prefetch(const SentCache *c, uint64_t h)
{
	if (c->slot)
		store_prefetch_addr(&c->slot[(h >> 8) & (c->nslots - 1)]);
}
/* 0 when out of memory */
int sent_init(SentCache *c, size_t nslots, size_t ringbytes);
void sent_free(SentCache *c);
/* 1 when key (len bytes, state_hash h) is remembered as sent; otherwise
 * it is remembered now (in place of the slot's last key) and 0 */
int sent_before(SentCache *c, const uint8_t *key, int len, uint64_t h);
#endif
