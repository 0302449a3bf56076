/* tree.c — exact state compression (-compress=tree): the store keeps each
 * state as the root of a binary tree whose nodes are shared between states.
 *
 * The method is LTSmin's tree compression (Blom, Lisser, van de Pol and
 * Weber, "A database approach to distributed state space generation";
 * Laarman, van de Pol and Weber, "Parallel Recursive State Compression for
 * Free", SPIN 2011, sections 3 and 4).  A state vector is cut into 4-byte
 * words; adjacent words are paired, each pair is stored once in a table of
 * (left, right) -> index, and the indices are paired again, level by
 * level, until two remain: the root.  States that differ in a few
 * variables share all but a few paths of the tree, so a new state costs
 * one root (8 bytes) and the few internal nodes no earlier state had.
 *
 * dspin's vectors are variable-length (processes start and die, channels
 * and the heap grow and shrink); LTSmin's are not.  The design for that:
 *
 *  - The vector is padded with zero bytes to a whole number of words, and
 *    to at least 3 words.  The shape of the tree is a function of the word
 *    count alone: level k+1 pairs elements (2i, 2i+1) of level k, and an
 *    odd last element is carried up unpaired.  The first element of every
 *    level above the words is an internal node (index >= 1), so a root key
 *    (left | right << 32) is never 0, the empty slot.
 *  - The internal nodes of all lengths share one table.  A node's index
 *    can stand for pairs of different shapes (two words, two nodes, a node
 *    and a carried word), but vectors of one length have one shape, so
 *    within a length equal roots mean equal vectors (induction on the
 *    shape), and vectors of different lengths still share subtrees.
 *  - The length is part of the root: one root table per byte length
 *    (padding is always zero, so the byte length determines the shape and
 *    the padding).  A model has a handful of lengths; an unused root table
 *    costs a few kilobytes.
 *
 * As in LTSmin's tree-ll.c, roots are kept apart from internal nodes:
 * nothing points to a root, so a root slot is just the 8-byte key and the
 * root table may move entries when it grows.  Internal nodes need stable
 * 32-bit indices (their parents hold them): a node slot is (left, right,
 * index), 12 bytes, the index a counter.  Only BFS, which reads states
 * back (store_get), also keeps each node's children by index.
 *
 * Memory per state is mostly the root table, so its load matters: each
 * table is split into SEGS segments by hash, and a segment grows by a
 * quarter (positions by multiply-shift, so any size works) when it is
 * 4/5 full.  The load stays between 0.64 and 0.8 (10 to 12.5 bytes a
 * root), and growing copies one segment at a time, so the peak during
 * growth is one segment more, not twice the table.
 *
 * Time: a fold looks up only the nodes that differ from a recent fold's
 * (see fold), a few lookups a state, more for longer vectors
 * (bench/RESULTS.md, "The figures behind the code"); each is a likely
 * cache miss, the cost of the compression.
 *
 * Linear probing; no deletion.  The payload (the nested search's choice
 * byte) lives beside each root slot and moves with it.  BFS reads states
 * back in insertion order: with `indexed`, the root key and length of
 * every state are kept in insertion order and the tree is unfolded from
 * the top.
 */
#include "store.h"
#include <stdlib.h>
#include <string.h>

#define SEG_BITS 8
#define SEGS (1 << SEG_BITS)
#define MIN_WORDS 3
#define CHUNK_NODES_BITS 16
#define CHUNK_NODES (1u << CHUNK_NODES_BITS)
#define MAX_NODES 0xffffffffu
#define MAXWORDS (65535 / 4 + 1 + MIN_WORDS)
#define NREF 4              /* recent folds kept as references */

typedef struct NodeSlot {
	uint32_t l, r;      /* the children */
	uint32_t idx;       /* the node's index, 0: empty slot */
} NodeSlot;

typedef struct NodeSeg {
	NodeSlot *e;
	uint32_t cap, n;
} NodeSeg;

typedef struct Seg {
	uint64_t *e;        /* root keys, 0: empty */
	uint8_t *pay;       /* payload bytes per slot */
	uint32_t cap, n;
} Seg;

typedef struct Roots {
	Seg seg[SEGS];
} Roots;

struct Tree {
	uint32_t nnodes;    /* internal nodes; index 0 is not used */
	NodeSeg nodes[SEGS];
	uint64_t **chunk;   /* indexed: the nodes' (l | r << 32) by index, for store_get */
	size_t nchunk;
	Roots **roots;      /* by byte length, NULL until used */
	int nroots;
	uint64_t *rec;      /* indexed: root key of each state, in insertion order */
	uint16_t *reclen;
	size_t reccap;
	uint32_t lev[NREF][2 * MAXWORDS];  /* recent folds' levels, a ring */
	int ref_len[NREF];  /* their byte lengths, -1: none */
	int next;           /* lev[next] is the next fold's */
	int find[MAXWORDS]; /* fold: the nodes of a level to look up */
	uint32_t w[MAXWORDS];           /* tree_get's unfolding */
	uint8_t out[MAXWORDS * 4];
};

static int words_of(int len)
{
	int m = (len + 3) / 4;
	return m < MIN_WORDS ? MIN_WORDS : m;
}

/* Murmur3's 64-bit finaliser: every input bit moves every output bit */
static uint64_t mix(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdull;
	k ^= k >> 33;
	k *= 0xc4ceb9fe1a85ec53ull;
	k ^= k >> 33;
	return k;
}

static uint64_t root_hash(uint64_t key, int len)
{
	return mix(key ^ ((uint64_t)len * 0x9E3779B97F4A7C15ull));
}

/* the segment of hash h is its top bits; the position in a segment of
 * `cap` slots comes from the low 32 bits by multiply-shift */
static uint32_t seg_index(uint64_t h)
{
	return (uint32_t)(h >> (64 - SEG_BITS));
}

static uint32_t pos_of(uint32_t cap, uint64_t h)
{
	return (uint32_t)(((h & 0xffffffffull) * cap) >> 32);
}

static uint32_t next_pos(uint32_t cap, uint32_t j)
{
	j++;
	return j == cap ? 0 : j;
}

static int needs_room(uint32_t n, uint32_t cap)
{
	return (uint64_t)(n + 1) * 5 > (uint64_t)cap * 4;
}

/* the next capacity, or 0 if it is too big or the memory bound has no room */
static uint32_t next_cap(const Store *s, uint32_t cap, size_t slot_bytes)
{
	uint64_t ncap = (uint64_t)cap + cap / 4 + 8;
	if (ncap > 0xffffffffull)
		return 0;
	if (s->limit && s->bytes + (size_t)(ncap - cap) * slot_bytes > s->limit)
		return 0;
	return (uint32_t)ncap;
}

/* Grow a node segment by a quarter; -1 when memory says no (the segment
 * is then unchanged) */
static int node_seg_grow(Store *s, NodeSeg *g)
{
	uint32_t ncap = next_cap(s, g->cap, sizeof(NodeSlot));
	NodeSlot *ne = ncap ? calloc(ncap, sizeof(NodeSlot)) : NULL;
	if (!ne)
		return -1;
	for (uint32_t i = 0; i < g->cap; i++) {
		NodeSlot e = g->e[i];
		if (!e.idx)
			continue;
		uint32_t j = pos_of(ncap, mix(e.l | (uint64_t)e.r << 32));
		while (ne[j].idx)
			j = next_pos(ncap, j);
		ne[j] = e;
	}
	s->bytes += (size_t)(ncap - g->cap) * sizeof(NodeSlot);
	free(g->e);
	g->e = ne;
	g->cap = ncap;
	return 0;
}

/* the same for a root segment of states of length len, with its payload */
static int root_seg_grow(Store *s, Seg *g, int len)
{
	size_t pay = (size_t)s->payload;
	uint32_t ncap = next_cap(s, g->cap, sizeof(uint64_t) + pay);
	Seg ng = { ncap ? calloc(ncap, sizeof(uint64_t)) : NULL, NULL, ncap, g->n };
	if (pay && ng.e)
		ng.pay = calloc(ncap, pay);
	if (!ng.e || (pay && !ng.pay)) {
		free(ng.e);
		return -1;
	}
	for (uint32_t i = 0; i < g->cap; i++) {
		uint64_t e = g->e[i];
		if (!e)
			continue;
		uint32_t j = pos_of(ncap, root_hash(e, len));
		while (ng.e[j])
			j = next_pos(ncap, j);
		ng.e[j] = e;
		if (pay)
			memcpy(ng.pay + j * pay, g->pay + i * pay, pay);
	}
	s->bytes += (size_t)(ncap - g->cap) * (sizeof(uint64_t) + pay);
	free(g->e);
	free(g->pay);
	*g = ng;
	return 0;
}

/* keep a new node's children by its index, for unfolding (store_get) */
static int keep_node(Store *s, uint32_t idx, uint64_t key)
{
	Tree *t = s->tree;
	size_t c = idx >> CHUNK_NODES_BITS;
	if (c == t->nchunk) {
		size_t sz = CHUNK_NODES * sizeof(uint64_t);
		if (s->limit && s->bytes + sz > s->limit)
			return -1;
		uint64_t **nc = realloc(t->chunk, sizeof(uint64_t *) * (c + 1));
		if (!nc)
			return -1;
		t->chunk = nc;
		t->chunk[c] = malloc(sz);
		if (!t->chunk[c])
			return -1;
		t->nchunk++;
		s->bytes += sz;
	}
	t->chunk[c][idx & (CHUNK_NODES - 1)] = key;
	return 0;
}

/* The index of internal node (l, r), added if new (when `add`); 0 when it
 * is absent (not `add`) or memory ran out (then s->full is set). */
static uint32_t node_find(Store *s, uint32_t l, uint32_t r, int add)
{
	Tree *t = s->tree;
	uint64_t key = l | (uint64_t)r << 32;
	uint64_t h = mix(key);
	NodeSeg *g = &t->nodes[seg_index(h)];
	uint32_t j = pos_of(g->cap, h);
	if (g->cap)
		for (; g->e[j].idx; j = next_pos(g->cap, j))
			if (g->e[j].l == l && g->e[j].r == r)
				return g->e[j].idx;
	if (!add)
		return 0;
	uint32_t idx = t->nnodes + 1;
	if (idx == MAX_NODES || (s->indexed && keep_node(s, idx, key) < 0))
		goto full;
	if (needs_room(g->n, g->cap)) {
		if (node_seg_grow(s, g) < 0)
			goto full;
		j = pos_of(g->cap, h);
		while (g->e[j].idx)
			j = next_pos(g->cap, j);
	}
	g->e[j] = (NodeSlot){ l, r, idx };
	g->n++;
	t->nnodes = idx;
	return idx;
full:
	s->full = 1;
	return 0;
}

/* the reference fold closest to cur[0..m): the fewest different words */
static int closest_ref(const Tree *t, const uint32_t *cur, int len, int m)
{
	int best = -1;
	int best_diff = m + 1;
	for (int k = 0; k < NREF; k++) {
		if (t->ref_len[k] != len || k == t->next)
			continue;
		const uint32_t *ref = t->lev[k];
		int diff = 0;
		for (int i = 0; i < m; i++)
			diff += cur[i] != ref[i];
		if (diff < best_diff) {
			best = k;
			best_diff = diff;
		}
	}
	return best;
}

/* Fold (b, len) into its root key, adding internal nodes when `add`.
 * Returns 0 when a node is absent (not `add`: the state is not stored)
 * or memory ran out.
 *
 * The levels are laid out one after the other in t->lev[]; the last few
 * folds' levels are kept as references (LTSmin's incremental tree update,
 * Laarman et al. section 4, with the closest recent vector in place of
 * the dependency matrix): a node whose two children equal the
 * reference's is the reference's node, found without a lookup.  The
 * vectors a search stores or looks up one after the other are mostly a
 * state and its successors, which differ in a few words, so a fold makes
 * about one lookup per level for each changed word instead of one per
 * node. */
static uint64_t fold(Store *s, const uint8_t *b, int len, int add)
{
	Tree *t = s->tree;
	int m = words_of(len);
	uint32_t *cur = t->lev[t->next];
	/* zero the padding: the last partial word and the words up to MIN_WORDS */
	memset(cur + len / 4, 0, (size_t)(m - len / 4) * sizeof(uint32_t));
	memcpy(cur, b, (size_t)len);
	t->ref_len[t->next] = -1;
	int k = closest_ref(t, cur, len, m);
	const uint32_t *ref = k >= 0 ? t->lev[k] : NULL;
	int off = 0;
	while (m > 2) {
		int half = m / 2;
		int up = off + m;
		/* first the nodes the reference has, and a prefetch of the
		 * table slots of the others, so that their cache misses overlap */
		int nfind = 0;
		for (int i = 0; i < half; i++) {
			uint32_t l = cur[off + 2 * i];
			uint32_t r = cur[off + 2 * i + 1];
			if (ref && l == ref[off + 2 * i] && r == ref[off + 2 * i + 1]) {
				cur[up + i] = ref[up + i];
				continue;
			}
			cur[up + i] = 0;
			t->find[nfind++] = i;
			uint64_t h = mix(l | (uint64_t)r << 32);
			const NodeSeg *g = &t->nodes[seg_index(h)];
			if (g->cap)
				__builtin_prefetch(&g->e[pos_of(g->cap, h)]);
		}
		for (int fk = 0; fk < nfind; fk++) {
			int i = t->find[fk];
			cur[up + i] = node_find(s, cur[off + 2 * i], cur[off + 2 * i + 1], add);
			if (!cur[up + i])
				return 0;
		}
		if (m & 1)
			cur[up + half] = cur[off + m - 1];
		off = up;
		m = half + (m & 1);
	}
	t->ref_len[t->next] = len;
	t->next = (t->next + 1) % NREF;
	return cur[off] | (uint64_t)cur[off + 1] << 32;
}

static Roots *roots_of(Store *s, int len, int add)
{
	Tree *t = s->tree;
	if (len < t->nroots && t->roots[len])
		return t->roots[len];
	if (!add)
		return NULL;
	if (len >= t->nroots) {
		int n = len + 1;
		Roots **nr = realloc(t->roots, sizeof(Roots *) * (size_t)n);
		if (!nr)
			return NULL;
		memset(nr + t->nroots, 0, sizeof(Roots *) * (size_t)(n - t->nroots));
		t->roots = nr;
		t->nroots = n;
	}
	t->roots[len] = calloc(1, sizeof(Roots));
	if (t->roots[len])
		s->bytes += sizeof(Roots);
	return t->roots[len];
}

/* the slot of root `key` in its segment, or -1 (*gp is set either way) */
static int64_t root_slot(Roots *r, uint64_t key, uint64_t h, Seg **gp)
{
	Seg *g = &r->seg[seg_index(h)];
	*gp = g;
	if (!g->cap)
		return -1;
	for (uint32_t j = pos_of(g->cap, h); g->e[j]; j = next_pos(g->cap, j))
		if (g->e[j] == key)
			return j;
	return -1;
}

int tree_init(Store *s)
{
	s->tree = calloc(1, sizeof(Tree));
	if (!s->tree)
		return -1;
	s->mode = STORE_TREE;
	for (int k = 0; k < NREF; k++)
		s->tree->ref_len[k] = -1;
	s->bytes += sizeof(Tree);
	return 0;
}

void tree_free(Store *s)
{
	Tree *t = s->tree;
	if (!t)
		return;
	for (size_t c = 0; c < t->nchunk; c++)
		free(t->chunk[c]);
	free(t->chunk);
	for (int i = 0; i < SEGS; i++)
		free(t->nodes[i].e);
	for (int l = 0; l < t->nroots; l++) {
		if (!t->roots[l])
			continue;
		for (int i = 0; i < SEGS; i++) {
			free(t->roots[l]->seg[i].e);
			free(t->roots[l]->seg[i].pay);
		}
		free(t->roots[l]);
	}
	free(t->roots);
	free(t->rec);
	free(t->reclen);
	free(t);
	s->tree = NULL;
}

static int keep_record(Store *s, uint64_t key, int len)
{
	Tree *t = s->tree;
	if (s->nrec == t->reccap) {
		size_t ncap = t->reccap ? t->reccap * 2 : 1 << 12;
		size_t add = (ncap - t->reccap) * (sizeof(uint64_t) + sizeof(uint16_t));
		if (s->limit && s->bytes + add > s->limit)
			return -1;
		uint64_t *nr = realloc(t->rec, sizeof(uint64_t) * ncap);
		if (!nr)
			return -1;
		t->rec = nr;
		uint16_t *nl = realloc(t->reclen, sizeof(uint16_t) * ncap);
		if (!nl)
			return -1;
		t->reclen = nl;
		t->reccap = ncap;
		s->bytes += add;
	}
	t->rec[s->nrec] = key;
	t->reclen[s->nrec] = (uint16_t)len;
	return 0;
}

int tree_insert(Store *s, const uint8_t *b, int len, size_t *idx)
{
	*idx = 0;
	if (s->full)
		return store_has(s, b, len, 0) ? 0 : -1;
	uint64_t key = fold(s, b, len, 1);
	Roots *r = key ? roots_of(s, len, 1) : NULL;
	if (!r) {
		s->full = 1;
		return -1;
	}
	uint64_t h = root_hash(key, len);
	Seg *g;
	if (root_slot(r, key, h, &g) >= 0)
		return 0;
	if (needs_room(g->n, g->cap) && root_seg_grow(s, g, len) < 0) {
		s->full = 1;
		return -1;
	}
	if (s->indexed && keep_record(s, key, len) < 0) {
		s->full = 1;
		return -1;
	}
	uint32_t j = pos_of(g->cap, h);
	while (g->e[j])
		j = next_pos(g->cap, j);
	g->e[j] = key;
	g->n++;
	*idx = s->nrec++;
	s->n++;
	return 1;
}

/* the slot's payload, or the slot itself (as non-NULL) without payload */
static uint8_t *lookup(const Store *s, const uint8_t *b, int len)
{
	Store *w = (Store *)s;     /* fold without `add` writes only scratch */
	uint64_t key = fold(w, b, len, 0);
	Roots *r = key ? roots_of(w, len, 0) : NULL;
	if (!r)
		return NULL;
	Seg *g;
	int64_t j = root_slot(r, key, root_hash(key, len), &g);
	if (j < 0)
		return NULL;
	return g->pay ? g->pay + (size_t)j * (size_t)s->payload : (uint8_t *)g->e;
}

int tree_has(const Store *s, const uint8_t *b, int len)
{
	return lookup(s, b, len) != NULL;
}

uint8_t *tree_payload(Store *s, const uint8_t *b, int len)
{
	if (!s->payload)
		return NULL;
	return lookup(s, b, len);
}

/* Unfold a root: the inverse of fold, level by level from the top.  The
 * level sizes are those fold went through for this length. */
const uint8_t *tree_get(Store *s, size_t idx, int *len)
{
	Tree *t = s->tree;
	uint64_t key = t->rec[idx];
	*len = t->reclen[idx];
	int m = words_of(*len);
	int sizes[32];
	int nl = 0;
	for (int k = m; k > 2; k = k / 2 + (k & 1))
		sizes[nl++] = k;
	uint32_t *w = t->w;
	w[0] = (uint32_t)key;
	w[1] = (uint32_t)(key >> 32);
	while (nl > 0) {
		int below = sizes[--nl];
		int half = below / 2;
		if (below & 1)
			w[below - 1] = w[half];
		for (int i = half - 1; i >= 0; i--) {
			uint64_t pair = t->chunk[w[i] >> CHUNK_NODES_BITS][w[i] & (CHUNK_NODES - 1)];
			w[2 * i] = (uint32_t)pair;
			w[2 * i + 1] = (uint32_t)(pair >> 32);
		}
	}
	memcpy(t->out, w, (size_t)*len);
	return t->out;
}
