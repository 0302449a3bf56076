/* store.c — the visited-state store against a plain list of byte strings.
 *
 * Random states of random lengths (many sharing prefixes and hashes of
 * equal length, so that the 24-bit tags collide within the table) are
 * inserted and looked up; store_insert must say "new" exactly when the
 * list has not seen the state, store_has must agree with the list before
 * and after, and a memory bound must stop insertion without losing what is
 * stored.  Twophase relies on store_has to decide whether a phase starts. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "../../search/store/store.h"

#define N 4000

static uint64_t rs = 12345;
static unsigned rnd(unsigned n) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return (unsigned)(rs % n); }

typedef struct S { uint8_t b[40]; int len; } S;

static int seen(const S *v, int n, const S *x)
{
	for (int i = 0; i < n; i++) if (v[i].len == x->len && !memcmp(v[i].b, x->b, (size_t)x->len)) return 1;
	return 0;
}

Test(store, insert_and_lookup_agree_with_a_list)
{
	Store st; store_init(&st, 0);
	S *v = calloc(N, sizeof *v); int nv = 0;
	for (int k = 0; k < 3 * N; k++) {
		S x; memset(&x, 0, sizeof x);
		x.len = 1 + (int)rnd(8);            /* short: many repeats */
		for (int i = 0; i < x.len; i++) x.b[i] = (uint8_t)rnd(3);
		uint64_t h = state_hash(x.b, x.len);
		int was = seen(v, nv, &x);
		cr_assert_eq(store_has(&st, x.b, x.len, h), was, "store_has before insert, k=%d", k);
		size_t idx;
		int ins = store_insert(&st, x.b, x.len, h, &idx);
		cr_assert_eq(ins, !was, "insert says new=%d, list says seen=%d (k=%d)", ins, was, k);
		if (!was && nv < N) v[nv++] = x;
		cr_assert(store_has(&st, x.b, x.len, h), "store_has after insert, k=%d", k);
	}
	/* a string one byte longer (a trailing zero) is another state */
	S x = v[0]; x.b[x.len] = 0; x.len++;
	if (!seen(v, nv, &x)) cr_assert_not(store_has(&st, x.b, x.len, state_hash(x.b, x.len)));
	store_free(&st);
	free(v);
}

Test(store, memory_bound_stops_insertion_and_keeps_the_rest)
{
	Store st; store_init(&st, 1 << 20);
	uint8_t b[32];
	int stored = 0, full = 0;
	for (int k = 0; k < 200000 && !full; k++) {
		memset(b, 0, sizeof b);
		memcpy(b, &k, sizeof k);
		size_t idx;
		int r = store_insert(&st, b, 32, state_hash(b, 32), &idx);
		if (r < 0) full = 1; else stored += r;
	}
	cr_assert(full, "a 1 MB bound was never hit");
	for (int k = 0; k < stored; k += 97) {
		memset(b, 0, sizeof b);
		memcpy(b, &k, sizeof k);
		cr_assert(store_has(&st, b, 32, state_hash(b, 32)), "state %d lost after the bound", k);
	}
	store_free(&st);
}

/* store_room counts down to the table's own growth (the insert after
 * room reached 0 doubles it), and store_grow, called at any time (the
 * distributed search grows every rank's table at one barrier), keeps
 * every state and every record index, and makes room */
Test(store, room_and_an_early_grow)
{
	Store st; store_init(&st, 0);
	st.indexed = 1;
	uint8_t b[32];
	size_t cap0 = st.cap, room0 = store_room(&st);
	cr_assert_eq(room0, cap0 / 4 * 3, "an empty table has room for 3/4 of its buckets");
	int k = 0;
	for (; store_room(&st) > 0; k++) {
		memset(b, 0, sizeof b);
		memcpy(b, &k, sizeof k);
		size_t idx;
		cr_assert_eq(store_insert(&st, b, 32, state_hash(b, 32), &idx), 1);
		cr_assert_eq(st.cap, cap0, "the table grew with room left (k=%d)", k);
	}
	cr_assert_eq((size_t)k, room0);
	cr_assert_eq(store_grow(&st), 0);
	cr_assert_eq(st.cap, 2 * cap0);
	cr_assert_eq(store_room(&st), st.cap / 4 * 3 - (size_t)k);
	for (int j = 0; j < k; j++) {
		memset(b, 0, sizeof b);
		memcpy(b, &j, sizeof j);
		cr_assert(store_has(&st, b, 32, state_hash(b, 32)), "state %d lost by store_grow", j);
		int len;
		const uint8_t *g = store_get(&st, (size_t)j, &len);
		cr_assert(len == 32 && !memcmp(g, b, 32), "record %d moved by store_grow", j);
		size_t idx;
		cr_assert_eq(store_insert(&st, b, 32, state_hash(b, 32), &idx), 0, "state %d inserted twice", j);
	}
	store_free(&st);
}
