/* dist_sent.c — the successors a rank sent lately (dist_sent.h): a
 * direct-mapped table of 16-byte slots (the hash, and where the key is in
 * a ring of the latest keys), small enough to stay in the core's caches
 * (4,096 slots, a 256 KB ring: search/dist/dist.c; a table four times as
 * large caught hardly more and took as long), while the owner's look-up
 * it saves is two misses in a store of hundreds of MB.  The caller
 * fetches a slot ahead (sent_prefetch), so that the look-up does not
 * wait for memory (bench/RESULTS.md, "The figures behind the code"). */
#include "dist_sent.h"
#include <stdlib.h>
#include <string.h>

int sent_init(SentCache *c, size_t nslots, size_t ringbytes)
{
	memset(c, 0, sizeof *c);
	c->slot = calloc(nslots, sizeof(SentSlot));
	c->ring = malloc(ringbytes);
	if (!c->slot || !c->ring) {
		sent_free(c);
		return 0;
	}
	c->nslots = nslots;
	c->ringcap = ringbytes;
	return 1;
}

void sent_free(SentCache *c)
{
	free(c->slot);
	free(c->ring);
	memset(c, 0, sizeof *c);
}

int sent_before(SentCache *c, const uint8_t *key, int len, uint64_t h)
{
	if (!c->slot)
		return 0;          /* one rank: nothing is sent */
	/* the store takes its buckets from bits 24 up, the owner from bits 32
	 * up: bits 8 up are as uniform among one owner's states */
	SentSlot *s = &c->slot[(h >> 8) & (c->nslots - 1)];
	uint64_t pos = s->at >> 16;
	int slen = (int)(s->at & 0xffff);
	if (s->at && s->h == h && slen == len && c->head - pos <= c->ringcap &&
	    !memcmp(c->ring + (pos & (c->ringcap - 1)), key, (size_t)len))
		return 1;
	if ((uint64_t)len > c->ringcap / 4 || len == 0)
		return 0;          /* not remembered: too long for the ring */
	/* a key is never split at the ring's end */
	uint64_t off = c->head & (c->ringcap - 1);
	if (off + (uint64_t)len > c->ringcap)
		c->head += c->ringcap - off;
	pos = c->head;
	memcpy(c->ring + (pos & (c->ringcap - 1)), key, (size_t)len);
	c->head += (uint64_t)len;
	s->h = h;
	s->at = pos << 16 | (uint64_t)len;
	return 0;
}
