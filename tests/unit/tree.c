/* tree.c — the tree-compressed store (search/store/tree.c) against a plain list
 * of byte strings.
 *
 * Vectors of many lengths (1 to 70 bytes, over a small alphabet so that
 * subtrees, whole vectors and vectors equal but for trailing zeros recur)
 * are inserted and looked up in an order that mixes lengths and repeats,
 * so that folds start from references of other lengths and from lookups
 * that failed.  store_insert must say "new" exactly when the list has not
 * seen the vector, store_has must agree with the list, store_get must give
 * back each vector in insertion order, a payload byte must survive the
 * tables' growth, and a memory bound must stop insertion without losing
 * what is stored. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "../../search/store/store.h"

#define N 6000
#define MAXLEN 70

static uint64_t rs = 99991;
static unsigned rnd(unsigned n)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return (unsigned)(rs % n);
}

typedef struct Vec {
	uint8_t b[MAXLEN + 1];
	int len;
} Vec;

static int find(const Vec *v, int n, const Vec *x)
{
	for (int i = 0; i < n; i++)
		if (v[i].len == x->len && !memcmp(v[i].b, x->b, (size_t)x->len))
			return i;
	return -1;
}

/* a vector like a state: mostly a few common shapes, changed in a word or
 * two, sometimes a random length; sometimes an earlier vector again */
static void make(Vec *x, const Vec *v, int nv)
{
	if (nv && rnd(3) == 0) {
		*x = v[rnd((unsigned)nv)];
		if (rnd(2))
			x->b[rnd((unsigned)x->len)] = (uint8_t)rnd(3);
		return;
	}
	memset(x, 0, sizeof *x);
	static const int common[] = { 12, 13, 37, 40, 64 };
	x->len = rnd(4) ? common[rnd(5)] : 1 + (int)rnd(MAXLEN);
	for (int i = 0; i < x->len; i++)
		x->b[i] = rnd(4) ? 0 : (uint8_t)rnd(3);
}

static void tree_store(Store *st, size_t limit, int indexed)
{
	store_init(st, limit);
	st->indexed = indexed;
	cr_assert_eq(store_set_mode(st, STORE_TREE, 0), 0);
}

Test(tree, insert_and_lookup_agree_with_a_list)
{
	Store st;
	tree_store(&st, 0, 1);
	Vec *v = calloc(N, sizeof *v);
	int nv = 0;
	for (int k = 0; k < 4 * N && nv < N; k++) {
		Vec x;
		make(&x, v, nv);
		int was = find(v, nv, &x) >= 0;
		cr_assert_eq(store_has(&st, x.b, x.len, 0), was, "store_has before insert, k=%d len=%d", k, x.len);
		size_t idx;
		int ins = store_insert(&st, x.b, x.len, 0, &idx);
		cr_assert_eq(ins, !was, "insert says new=%d, the list says seen=%d (k=%d len=%d)", ins, was, k, x.len);
		if (!was) {
			cr_assert_eq(idx, (size_t)nv, "insertion index %zu, expected %d", idx, nv);
			v[nv++] = x;
		}
		cr_assert(store_has(&st, x.b, x.len, 0), "store_has after insert, k=%d", k);
	}
	cr_assert_eq(st.n, (size_t)nv);
	/* every stored vector comes back, in insertion order */
	for (int i = 0; i < nv; i++) {
		int len;
		const uint8_t *b = store_get(&st, (size_t)i, &len);
		cr_assert_eq(len, v[i].len, "store_get(%d): length %d, expected %d", i, len, v[i].len);
		cr_assert(!memcmp(b, v[i].b, (size_t)len), "store_get(%d): other bytes", i);
	}
	store_free(&st);
	free(v);
}

Test(tree, trailing_zeros_and_lengths_are_distinct)
{
	Store st;
	tree_store(&st, 0, 0);
	uint8_t z[MAXLEN] = { 0 };
	size_t idx;
	/* all-zero vectors of every length: one state each, although all pad
	 * to zero words and many pad to the same number of words */
	for (int len = 1; len <= MAXLEN; len++)
		cr_assert_eq(store_insert(&st, z, len, 0, &idx), 1, "zero vector of %d bytes taken as seen", len);
	for (int len = 1; len <= MAXLEN; len++)
		cr_assert_eq(store_insert(&st, z, len, 0, &idx), 0, "zero vector of %d bytes stored twice", len);
	uint8_t one[8] = { 1 };
	cr_assert(!store_has(&st, one, 5, 0));
	cr_assert_eq(store_insert(&st, one, 5, 0, &idx), 1);
	cr_assert(!store_has(&st, one, 4, 0), "[1 0 0 0] found as [1 0 0 0 0]");
	cr_assert(!store_has(&st, one, 8, 0), "[1 0 0 0 0 0 0 0] found as [1 0 0 0 0]");
	cr_assert(store_has(&st, one, 5, 0));
	store_free(&st);
}

Test(tree, payload_survives_growth)
{
	Store st;
	store_init(&st, 0);
	st.payload = 1;
	cr_assert_eq(store_set_mode(&st, STORE_TREE, 0), 0);
	uint8_t b[24];
	size_t idx;
	for (int k = 0; k < 50000; k++) {
		memset(b, 0, sizeof b);
		memcpy(b + 4 * (k % 5), &k, sizeof k);
		cr_assert_eq(store_insert(&st, b, 24, 0, &idx), 1);
		uint8_t *p = store_payload(&st, b, 24, 0);
		cr_assert_not_null(p);
		cr_assert_eq(*p, 0, "a new state's payload is not zero");
		*p = (uint8_t)(k % 251 + 1);
	}
	for (int k = 0; k < 50000; k++) {
		memset(b, 0, sizeof b);
		memcpy(b + 4 * (k % 5), &k, sizeof k);
		uint8_t *p = store_payload(&st, b, 24, 0);
		cr_assert_not_null(p, "state %d lost", k);
		cr_assert_eq(*p, (uint8_t)(k % 251 + 1), "state %d: payload %d", k, *p);
	}
	b[0] ^= 0x80;
	cr_assert_null(store_payload(&st, b, 24, 0));
	store_free(&st);
}

Test(tree, memory_bound_stops_insertion_and_keeps_the_rest)
{
	Store st;
	tree_store(&st, 4 << 20, 0);
	uint8_t b[32];
	int stored = 0, full = 0;
	for (int k = 0; k < 2000000 && !full; k++) {
		memset(b, 0, sizeof b);
		memcpy(b, &k, sizeof k);
		memcpy(b + 20, &k, sizeof k);
		size_t idx;
		int r = store_insert(&st, b, 32, 0, &idx);
		if (r < 0)
			full = 1;
		else
			stored += r;
	}
	cr_assert(full, "a 4 MB bound was never hit");
	cr_assert(st.bytes <= (size_t)4 << 20, "%zu bytes in use", st.bytes);
	for (int k = 0; k < stored; k += 13) {
		memset(b, 0, sizeof b);
		memcpy(b, &k, sizeof k);
		memcpy(b + 20, &k, sizeof k);
		cr_assert(store_has(&st, b, 32, 0), "state %d lost after the bound", k);
	}
	store_free(&st);
}
