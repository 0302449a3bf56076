/* heap_canon.c — the canonical heap permutation against a brute force.
 *
 * Random heaps of up to 7 slots are written directly into state vectors of
 *   class N { byte v; N a; N b; } N r1, r2, r3;
 * and collected with heap_collect.  An independent model of the heap in this
 * file (reachability by BFS, isomorphism by trying every bijection) checks:
 *  (a) every permutation of the slot order gives the same canonical vector;
 *  (b) the canonical heap holds exactly the reachable objects (and the
 *      non-canonical sweep keeps reachable objects in place, frees the rest);
 *  (c) two heaps have equal canonical vectors iff they are isomorphic.
 */
#include <criterion/criterion.h>
#include <gc.h>
#include <string.h>
#include <stdlib.h>
#include "../../lang/ast.h"
#include "../../lang/code.h"
#include "../../vm/vm.h"
#include "../../heap/heap.h"

#define MAXN 7

/* An abstract heap: n slots (1-based references, 0 = null). */
typedef struct AH {
	int n;
	int live[MAXN];
	int v[MAXN], a[MAXN], b[MAXN];
	int r[3];
} AH;

static const char *SRC =
	"class N { byte v; N a; N b; }\n"
	"N r1, r2, r3;\n"
	"active proctype P() { skip }\n";

static Model *M;
static VM vm;
static uint8_t basebuf[MAXSTATE];
static State base;
static int hstart;                 /* first heap byte in the base state */
static int roff[3];                /* byte offsets of r1..r3 */
static int cid, objsize, offv, offa, offb;

static void setup(void)
{
	GC_INIT();
	Diag diag = DIAG_INIT;
	M = parse_string(&diag, "heap_canon", SRC);
	cr_assert_not_null(M);
	cr_assert_eq(check_model(&diag, M), 0);
	Program *p = compile_model(&diag, M);
	cr_assert_not_null(p);
	memset(&vm, 0, sizeof vm);
	vm.prog = p; vm.m = M; vm.out = stdout;
	vm_initial(&vm, &base, basebuf);
	cr_assert_eq(base.nslot, 0);
	hstart = base.len;
	const char *rn[3] = { "r1", "r2", "r3" };
	for (int k = 0; k < 3; k++) {
		roff[k] = -1;
		for (int i = 0; i < M->nglobals; i++)
			if (!strcmp(M->globals[i]->name, rn[k])) roff[k] = GOFF + M->globals[i]->offset;
		cr_assert_geq(roff[k], GOFF);
	}
	Record *r = NULL;
	for (int i = 0; i < M->nrecords; i++)
		if (!strcmp(M->records[i]->name, "N")) r = M->records[i];
	cr_assert_not_null(r);
	cid = r->id;
	cr_assert_eq(M->records[cid], r);
	cr_assert_neq(cid, FREE_SLOT);
	objsize = 1 + r->size;
	offv = offa = offb = -1;
	for (int i = 0; i < r->nfields; i++) {
		Var *f = r->fields[i];
		if (!strcmp(f->name, "v")) offv = 1 + f->offset;
		if (!strcmp(f->name, "a")) offa = 1 + f->offset;
		if (!strcmp(f->name, "b")) offb = 1 + f->offset;
	}
	cr_assert(offv > 0 && offa > 0 && offb > 0);
	cr_assert_eq(r->nrefoffs, 2);
	cr_assert_eq(M->ngrefoffs, 3);
}

/* ---- random numbers (xorshift, seeded per test case) ---- */
static uint64_t rs;
static unsigned rnd(unsigned n)
{
	rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
	return (unsigned)(rs % n);
}
static void seed(uint64_t s) { rs = s * 0x9E3779B97F4A7C15ull + 12345; for (int i = 0; i < 4; i++) rnd(2); }

static int rand_ref(const AH *h)
{
	int nl = 0, l[MAXN];
	for (int i = 0; i < h->n; i++) if (h->live[i]) l[nl++] = i + 1;
	if (!nl || rnd(3) == 0) return 0;
	return l[rnd(nl)];
}

static void rand_heap(AH *h, int maxn, int nvals)
{
	memset(h, 0, sizeof *h);
	h->n = (int)rnd(maxn + 1);
	for (int i = 0; i < h->n; i++) {
		h->live[i] = rnd(6) != 0;
		if (h->live[i]) h->v[i] = (int)rnd(nvals);
	}
	for (int i = 0; i < h->n; i++)
		if (h->live[i]) { h->a[i] = rand_ref(h); h->b[i] = rand_ref(h); }
	for (int k = 0; k < 3; k++) h->r[k] = rand_ref(h);
}

/* sigma[i]: new 0-based position of old slot i */
static void permute(const AH *h, const int *sigma, AH *out)
{
	memset(out, 0, sizeof *out);
	out->n = h->n;
#define MAP(x) ((x) ? sigma[(x) - 1] + 1 : 0)
	for (int i = 0; i < h->n; i++) {
		int j = sigma[i];
		out->live[j] = h->live[i];
		if (h->live[i]) { out->v[j] = h->v[i]; out->a[j] = MAP(h->a[i]); out->b[j] = MAP(h->b[i]); }
	}
	for (int k = 0; k < 3; k++) out->r[k] = MAP(h->r[k]);
#undef MAP
}

/* ---- state vectors ---- */
static void encode(const AH *h, State *s, uint8_t *buf)
{
	memset(buf, 0, MAXSTATE);
	memcpy(buf, basebuf, hstart);
	for (int k = 0; k < 3; k++) buf[roff[k]] = (uint8_t)h->r[k];
	buf[2] = (uint8_t)h->n;
	int off = hstart;
	for (int i = 0; i < h->n; i++) {
		if (!h->live[i]) { buf[off++] = FREE_SLOT; continue; }
		buf[off] = (uint8_t)cid;
		buf[off + offv] = (uint8_t)h->v[i];
		buf[off + offa] = (uint8_t)h->a[i];
		buf[off + offb] = (uint8_t)h->b[i];
		off += objsize;
	}
	s->b = buf;
	sv_index(M, s);
	cr_assert_eq(s->len, off);
}

/* Read a collected state back; checks the non-heap part is the base. */
static void decode(const State *s, AH *h)
{
	memset(h, 0, sizeof *h);
	for (int i = 0; i < hstart; i++) {
		if (i == 2 || i == roff[0] || i == roff[1] || i == roff[2]) continue;
		cr_assert_eq(s->b[i], basebuf[i], "byte %d outside the heap changed", i);
	}
	h->n = s->b[2];
	cr_assert_eq(h->n, s->nslot);
	cr_assert_leq(h->n, MAXN);
	for (int k = 0; k < 3; k++) h->r[k] = s->b[roff[k]];
	int off = hstart;
	for (int i = 0; i < h->n; i++) {
		cr_assert_eq(s->hoff[i], off);
		if (s->b[off] == FREE_SLOT) { off++; continue; }
		cr_assert_eq(s->b[off], cid);
		h->live[i] = 1;
		h->v[i] = s->b[off + offv];
		h->a[i] = s->b[off + offa];
		h->b[i] = s->b[off + offb];
		off += objsize;
	}
	cr_assert_eq(s->len, off);
	cr_assert_eq(s->hoff[h->n], off);
}

static int collect(const AH *h, int canonical, State *s, uint8_t *buf)
{
	encode(h, s, buf);
	return heap_collect(&vm, s, canonical, NULL, NULL);
}

/* ---- the brute force ---- */
static int reach(const AH *h, int *in)   /* in[i]: slot i+1 reachable; returns count */
{
	int q[MAXN + 3], qn = 0, cnt = 0;
	memset(in, 0, sizeof(int) * MAXN);
	for (int k = 0; k < 3; k++) q[qn++] = h->r[k];
	while (qn) {
		int x = q[--qn];
		if (!x || in[x - 1] || !h->live[x - 1]) continue;
		in[x - 1] = 1; cnt++;
		q[qn++] = h->a[x - 1];
		q[qn++] = h->b[x - 1];
	}
	return cnt;
}

static int next_perm(int *p, int n)
{
	int i = n - 2;
	while (i >= 0 && p[i] > p[i + 1]) i--;
	if (i < 0) return 0;
	int j = n - 1;
	while (p[j] < p[i]) j--;
	int t = p[i]; p[i] = p[j]; p[j] = t;
	for (int a = i + 1, b = n - 1; a < b; a++, b--) { t = p[a]; p[a] = p[b]; p[b] = t; }
	return 1;
}

/* Are the reachable parts of g and h isomorphic (roots to roots)? */
static int isomorphic(const AH *g, const AH *h)
{
	int ig[MAXN], ih[MAXN], lg[MAXN], lh[MAXN];
	int kg = reach(g, ig), kh = reach(h, ih);
	if (kg != kh) return 0;
	int n = 0, m = 0;
	for (int i = 0; i < g->n; i++) if (ig[i]) lg[n++] = i + 1;
	for (int i = 0; i < h->n; i++) if (ih[i]) lh[m++] = i + 1;
	int p[MAXN];
	for (int i = 0; i < n; i++) p[i] = i;
	do {
		int f[MAXN + 1] = { 0 };      /* g slot -> h slot, 0 -> 0 */
		for (int i = 0; i < n; i++) f[lg[i]] = lh[p[i]];
		int ok = 1;
		for (int k = 0; k < 3 && ok; k++) ok = f[g->r[k]] == h->r[k];
		for (int i = 0; i < n && ok; i++) {
			int x = lg[i], y = f[x];
			ok = g->v[x - 1] == h->v[y - 1] && f[g->a[x - 1]] == h->a[y - 1] && f[g->b[x - 1]] == h->b[y - 1];
		}
		if (ok) return 1;
	} while (next_perm(p, n));
	return 0;
}

static int same_vec(const State *x, const State *y)
{
	return x->len == y->len && !memcmp(x->b, y->b, x->len);
}

static uint8_t b0[MAXSTATE], b1[MAXSTATE];

TestSuite(heap_canon, .init = setup);

/* (a) + (b) */
Test(heap_canon, permutation_invariance_and_garbage)
{
	long nperms = 0;
	for (int sd = 0; sd < 200; sd++) {
		seed((uint64_t)sd);
		AH h, c, q;
		rand_heap(&h, MAXN, 3);
		int in[MAXN], k = reach(&h, in);
		State s0, s1;
		int got = collect(&h, 1, &s0, b0);
		cr_assert_eq(got, k, "seed %d: %d objects alive, brute force %d", sd, got, k);
		decode(&s0, &c);
		/* (b): exactly the reachable objects, no free slots, same shape */
		cr_assert_eq(c.n, k, "seed %d: canonical heap has %d slots, %d reachable", sd, c.n, k);
		for (int i = 0; i < c.n; i++) cr_assert(c.live[i], "seed %d: free slot in canonical heap", sd);
		int cin[MAXN];
		cr_assert_eq(reach(&c, cin), k, "seed %d: canonical heap holds garbage", sd);
		cr_assert(isomorphic(&h, &c), "seed %d: canonical heap not isomorphic to the original", sd);
		/* (a): every permutation of the slot order */
		int sigma[MAXN];
		for (int i = 0; i < h.n; i++) sigma[i] = i;
		do {
			permute(&h, sigma, &q);
			collect(&q, 1, &s1, b1);
			cr_assert(same_vec(&s0, &s1), "seed %d: permuted heap canonicalises differently", sd);
			nperms++;
		} while (next_perm(sigma, h.n));
	}
	cr_assert_gt(nperms, 10000);
}

/* (b) for -sym=none: reachable objects stay put, garbage becomes free
 * slots, trailing free slots are dropped. */
Test(heap_canon, sweep_in_place)
{
	for (int sd = 0; sd < 500; sd++) {
		seed((uint64_t)sd + 100000);
		AH h, c;
		rand_heap(&h, MAXN, 3);
		int in[MAXN], k = reach(&h, in);
		int last = 0;
		for (int i = 0; i < h.n; i++) if (in[i]) last = i + 1;
		State s;
		int got = collect(&h, 0, &s, b0);
		cr_assert_eq(got, k, "seed %d", sd);
		decode(&s, &c);
		cr_assert_eq(c.n, last, "seed %d: %d slots kept, last reachable is %d", sd, c.n, last);
		for (int k2 = 0; k2 < 3; k2++) cr_assert_eq(c.r[k2], h.r[k2], "seed %d: root moved", sd);
		for (int i = 0; i < c.n; i++) {
			cr_assert_eq(c.live[i], in[i], "seed %d slot %d: live %d, reachable %d", sd, i + 1, c.live[i], in[i]);
			if (in[i])
				cr_assert(c.v[i] == h.v[i] && c.a[i] == h.a[i] && c.b[i] == h.b[i],
					"seed %d slot %d: object changed", sd, i + 1);
		}
	}
}

/* (c) equal canonical vectors iff isomorphic */
Test(heap_canon, canonical_iff_isomorphic)
{
	int neq = 0, nne = 0;
	for (int sd = 0; sd < 600; sd++) {
		seed((uint64_t)sd + 200000);
		AH g, h, t;
		int mode = (int)rnd(3);
		rand_heap(&g, mode == 0 ? 3 : MAXN, 2);
		if (mode == 0) rand_heap(&h, 3, 2);        /* tiny independent heaps: collisions */
		else {
			/* a permuted copy, maybe with one small change */
			int sigma[MAXN];
			for (int i = 0; i < g.n; i++) sigma[i] = i;
			for (int i = g.n - 1; i > 0; i--) { int j = (int)rnd(i + 1), x = sigma[i]; sigma[i] = sigma[j]; sigma[j] = x; }
			permute(&g, sigma, &h);
			if (mode == 2 && h.n) {
				int i = (int)rnd(h.n);
				switch (rnd(4)) {
				case 0: if (h.live[i]) h.v[i] ^= 1; break;
				case 1: if (h.live[i]) h.a[i] = rand_ref(&h); break;
				case 2: if (h.live[i]) h.b[i] = rand_ref(&h); break;
				default: h.r[rnd(3)] = rand_ref(&h); break;
				}
			}
		}
		(void)t;
		State s0, s1;
		collect(&g, 1, &s0, b0);
		collect(&h, 1, &s1, b1);
		int eq = same_vec(&s0, &s1), iso = isomorphic(&g, &h);
		cr_assert_eq(eq, iso, "seed %d: canonical vectors %s but heaps %s", sd,
			eq ? "equal" : "differ", iso ? "isomorphic" : "not isomorphic");
		if (eq) neq++; else nne++;
	}
	cr_assert_gt(neq, 50);
	cr_assert_gt(nne, 50);
}
