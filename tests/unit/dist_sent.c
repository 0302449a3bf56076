/* dist_sent.c — the distributed search's memory of successors sent
 * (search/dist/dist_sent.c) against a list of every key it was shown.
 *
 * A "sent before" answer makes the sender count a successor as matched
 * without sending it, so a wrong "yes" loses a state: the answer must be
 * yes only for a key shown before, also when keys share a hash (the
 * slots are taken by hash) and when the ring has overwritten a slot's
 * bytes with other keys.  And it must be useful: a key shown again
 * right away is remembered. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "../../search/dist/dist_sent.h"

static uint64_t rs = 987654321;
static unsigned rnd(unsigned n) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return (unsigned)(rs % n); }

typedef struct K { uint8_t b[64]; int len; } K;

static int shown(const K *v, int n, const K *x)
{
	for (int i = 0; i < n; i++)
		if (v[i].len == x->len && !memcmp(v[i].b, x->b, (size_t)x->len))
			return 1;
	return 0;
}

/* few slots, a ring of 512 bytes, hashes from a 3-bit function of the
 * key: slots collide, hashes collide, the ring wraps every few keys */
Test(dist_sent, never_yes_for_a_key_not_shown)
{
	SentCache c;
	cr_assert(sent_init(&c, 8, 512));
	enum { N = 20000 };
	K *v = calloc(N, sizeof *v);
	int nv = 0, yes = 0;
	for (int k = 0; k < N; k++) {
		K x;
		memset(&x, 0, sizeof x);
		x.len = 1 + (int)rnd(60);
		for (int i = 0; i < x.len; i++)
			x.b[i] = (uint8_t)rnd(2);
		uint64_t h = (x.b[0] + x.len) % 8;   /* the same h for many keys */
		int before = sent_before(&c, x.b, x.len, h);
		int was = shown(v, nv, &x);
		if (before)
			cr_assert(was, "yes for a key never shown (k=%d, len %d)", k, x.len);
		yes += before;
		if (!was)
			v[nv++] = x;
		/* shown again at once: remembered (it was just put in its slot,
		 * or was there) */
		cr_assert(sent_before(&c, x.b, x.len, h), "a key shown twice in a row is not remembered (k=%d)", k);
	}
	cr_assert(yes > 0);
	free(v);
	sent_free(&c);
}

/* a slot whose bytes the ring has overwritten: a key equal to what now
 * lies there (the start of another key, never shown itself) gets no yes */
Test(dist_sent, an_overwritten_slot_is_empty)
{
	SentCache c;
	cr_assert(sent_init(&c, 2, 128));
	uint8_t a[16], k[5][24];
	memset(a, 'a', sizeof a);
	for (int i = 0; i < 5; i++)
		for (int j = 0; j < 24; j++)
			k[i][j] = (uint8_t)(16 * i + j);
	/* a in slot 0 (h 0), ring bytes 0-15 */
	cr_assert_eq(sent_before(&c, a, 16, 0), 0);
	cr_assert_eq(sent_before(&c, a, 16, 0), 1);
	/* five keys of 24 bytes (a ring remembers keys of up to a quarter of
	 * its size) through slot 1 (h 256): ring 16-39, 40-63, 64-87,
	 * 88-111, then (112-135 would not fit) 0-23, over a's bytes */
	for (int i = 0; i < 5; i++)
		cr_assert_eq(sent_before(&c, k[i], 24, 256), 0);
	cr_assert_eq(sent_before(&c, k[4], 24, 256), 1);
	/* the first 16 bytes of k[4] now lie where slot 0 says a is */
	cr_assert_eq(sent_before(&c, k[4], 16, 0), 0, "yes for bytes that were never a key");
	cr_assert_eq(sent_before(&c, a, 16, 0), 0, "a's bytes are gone, yet a is found");
	sent_free(&c);
}

/* one rank: no memory, never yes */
Test(dist_sent, without_init_never_yes)
{
	SentCache c;
	memset(&c, 0, sizeof c);
	uint8_t a[4] = { 1, 2, 3, 4 };
	cr_assert_eq(sent_before(&c, a, 4, 1), 0);
	cr_assert_eq(sent_before(&c, a, 4, 1), 0);
}
