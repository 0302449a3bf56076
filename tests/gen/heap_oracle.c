/* heap_oracle.c — an independent check of -sym=heap's state count.
 *
 *   dspin_heap_oracle [-heap=N] [-maxobj=K] [-DNAME=V ...] model.dpml
 *
 * 1. Runs the unreduced search (heap_canonical = 0, the garbage collector as
 *    the CLI installs it, -sym=none -por=none -e) and keeps every stored
 *    state through SearchOpts.on_store.
 * 2. Canonicalizes each stored state by brute force: every permutation of
 *    its live objects (free slots dropped), every reference rewritten
 *    (globals: Model.grefoffs; process locals: Proctype.refoffs; call
 *    frames; channel message fields with ftypes == TY_REF or TY_CHAN;
 *    object fields: Record.refoffs; ids of channels embedded in objects),
 *    and the lexicographically least byte vector is the canonical form.
 *    Distinct canonical forms are counted.
 * 3. Runs the -sym=heap -por=none -e search (heap_canonical = 1) and takes
 *    its stored count.
 *
 * Both counts must be equal (heap symmetry is canonical, Iosif Lemma 1, and
 * the reduced search stores exactly one state per orbit).  Output:
 *   oracle=N heap=M none=U errors_none=E1 errors_heap=E2 maxobj=K
 * Exit 0 if N == M, 1 if they differ, 2 on a model error, 3 if a state has
 * more than -maxobj live objects (default 7; the brute force is k!).
 */
#include "../../lang/ast.h"
#include "../../lang/code.h"
#include "../../vm/vm.h"
#include "../../search/search.h"
#include "../../heap/heap.h"
#include "../../reduce/reduce.h"
#include <gc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static VM vm;
static Model *M;

/* ---- a set of byte vectors (open addressing, FNV-1a) ---- */
typedef struct Vec { uint8_t *b; int len; } Vec;
typedef struct Set { Vec *t; size_t cap, n; } Set;

static uint64_t hashv(const uint8_t *b, int len)
{
	uint64_t h = 1469598103934665603ull;
	for (int i = 0; i < len; i++) { h ^= b[i]; h *= 1099511628211ull; }
	return h;
}
static int set_add(Set *s, const uint8_t *b, int len)
{
	if ((s->n + 1) * 2 > s->cap) {
		size_t nc = s->cap ? s->cap * 2 : 1024;
		Vec *nt = calloc(nc, sizeof *nt);
		for (size_t i = 0; i < s->cap; i++) if (s->t[i].b) {
			size_t j = hashv(s->t[i].b, s->t[i].len) & (nc - 1);
			while (nt[j].b) j = (j + 1) & (nc - 1);
			nt[j] = s->t[i];
		}
		free(s->t); s->t = nt; s->cap = nc;
	}
	size_t j = hashv(b, len) & (s->cap - 1);
	while (s->t[j].b) {
		if (s->t[j].len == len && !memcmp(s->t[j].b, b, len)) return 0;
		j = (j + 1) & (s->cap - 1);
	}
	s->t[j].b = malloc(len ? len : 1); memcpy(s->t[j].b, b, len); s->t[j].len = len;
	s->n++;
	return 1;
}

/* ---- collected states ---- */
static Vec *stored; static size_t nstored, capstored;
static void collect(void *ctx, const uint8_t *b, int len)
{
	(void)ctx;
	if (nstored == capstored) { capstored = capstored ? capstored * 2 : 4096; stored = realloc(stored, capstored * sizeof *stored); }
	stored[nstored].b = malloc(len ? len : 1); memcpy(stored[nstored].b, b, len); stored[nstored].len = len;
	nstored++;
}


static int maxobj = 7, too_many;

/* Rewriting one edge under the permutation newloc (old location -> new).
 * Edges are references (one byte) and channel ids of channels embedded in
 * objects (two bytes, CHAN_OBJ + (location-1)*CHAN_SLOTS + slot). */
static int NSLOT;
static const int *NEWLOC;
static void rw_ref(uint8_t *a) { if (*a) *a = (uint8_t)(*a <= NSLOT ? NEWLOC[*a] : 0); }
static void rw_chan(uint8_t *a)
{
	uint16_t c; memcpy(&c, a, 2);
	if (c < CHAN_OBJ) return;
	int obj = (c - CHAN_OBJ) / CHAN_SLOTS + 1, slot = (c - CHAN_OBJ) % CHAN_SLOTS;
	int n = obj <= NSLOT ? NEWLOC[obj] : 0;
	c = n ? (uint16_t)(CHAN_OBJ + (n - 1) * CHAN_SLOTS + slot) : 0;
	memcpy(a, &c, 2);
}
static void rw_block(uint8_t *base, const int *refs, int nrefs, const int *chans, int nchans)
{
	for (int i = 0; i < nrefs; i++) rw_ref(base + refs[i]);
	for (int i = 0; i < nchans; i++) rw_chan(base + chans[i]);
}
static void rw_msgs(uint8_t *cb, ChanSpec *cs)
{
	for (int i = 0; i < cb[2]; i++)
		for (int f = 0; f < cs->nfields; f++) {
			uint8_t *a = cb + CHDR + i * cs->msgsize + cs->foff[f];
			if (cs->ftypes[f] == TY_REF) rw_ref(a);
			else if (cs->ftypes[f] == TY_CHAN) rw_chan(a);
		}
}

/* Write the state with live objects ordered by perm (perm[i] = old 1-based
 * location of the object placed at new location i+1): globals, process
 * locals, call frames, channel messages and object fields rewritten. */
static int render(const State *s, const int *perm, int k, uint8_t *out)
{
	int newloc[MAXOBJ + 1];
	memset(newloc, 0, sizeof newloc);
	for (int i = 0; i < k; i++) newloc[perm[i]] = i + 1;
	NSLOT = s->nslot; NEWLOC = newloc;
	int hstart = s->nslot ? s->hoff[0] : s->len;
	memcpy(out, s->b, hstart);
	out[2] = (uint8_t)k;
	rw_block(out + GOFF, M->grefoffs, M->ngrefoffs, M->gchanoffs, M->ngchanoffs);
	for (int pid = 0; pid < s->nproc; pid++) {
		Proctype *pt = M->ptypes[s->b[s->poff[pid]]];
		rw_block(out + s->poff[pid] + PHDR, pt->refoffs, pt->nrefoffs, pt->chanoffs, pt->nchanoffs);
		int off = s->poff[pid] + PHDR + pt->localsize;
		for (int d = 0; d < s->b[s->poff[pid] + 3]; d++) {   /* call frames */
			Proctype *f = M->funcs[s->b[off]];
			rw_block(out + off + FHDR, f->refoffs, f->nrefoffs, f->chanoffs, f->nchanoffs);
			off += FHDR + f->localsize;
		}
	}
	for (int c = 0; c < s->nchan; c++) {
		uint8_t *cb = out + s->coff[c];
		rw_msgs(cb, M->chanspecs[cb[0]]);
	}
	int n = hstart;
	for (int i = 0; i < k; i++) {
		int o = perm[i];
		int sz = s->hoff[o] - s->hoff[o - 1];
		uint8_t *ob = out + n;
		memcpy(ob, s->b + s->hoff[o - 1], sz);
		Record *r = M->records[ob[0]];
		rw_block(ob + 1, r->refoffs, r->nrefoffs, r->chanrefoffs, r->nchanrefoffs);
		for (int c = 0; c < r->nchanoffs; c++) rw_msgs(ob + 1 + r->chanoffs[c], r->chanspec_of[c]);
		n += sz;
	}
	return n;
}

static uint8_t cur[MAXSTATE], best[MAXSTATE];

static int canon(const uint8_t *b, int len, uint8_t *outbest)
{
	static uint8_t buf[MAXSTATE];
	memcpy(buf, b, len);
	State s; memset(&s, 0, sizeof s);
	s.b = buf; sv_index(M, &s);
	int live[MAXOBJ], k = 0;
	for (int i = 0; i < s.nslot; i++) if (buf[s.hoff[i]] != FREE_SLOT) live[k++] = i + 1;
	if (k > maxobj) { too_many = 1; return -1; }
	/* all permutations, lexicographic order of index arrays */
	int idx[MAXOBJ], perm[MAXOBJ];
	for (int i = 0; i < k; i++) idx[i] = i;
	int bl = -1;
	for (;;) {
		for (int i = 0; i < k; i++) perm[i] = live[idx[i]];
		int n = render(&s, perm, k, cur);
		if (bl < 0 || (n == bl && memcmp(cur, outbest, n) < 0) || n < bl) { memcpy(outbest, cur, n); bl = n; }
		/* next permutation */
		int i = k - 2;
		while (i >= 0 && idx[i] > idx[i + 1]) i--;
		if (i < 0) break;
		int j = k - 1;
		while (idx[j] < idx[i]) j--;
		int t = idx[i]; idx[i] = idx[j]; idx[j] = t;
		for (int a = i + 1, z = k - 1; a < z; a++, z--) { t = idx[a]; idx[a] = idx[z]; idx[z] = t; }
	}
	return bl;
}

int main(int argc, char **argv)
{
	GC_INIT();
	const char *file = NULL, *cpp[64]; int ncpp = 0, heap_bound = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strncmp(a, "-heap=", 6)) heap_bound = atoi(a + 6);
		else if (!strncmp(a, "-maxobj=", 8)) maxobj = atoi(a + 8);
		else if (!strncmp(a, "-D", 2) || !strncmp(a, "-U", 2) || !strncmp(a, "-I", 2)) { if (ncpp < 64) cpp[ncpp++] = a; }
		else if (a[0] == '-') { fprintf(stderr, "dspin_heap_oracle: unknown option %s\n", a); return 2; }
		else file = a;
	}
	if (!file) { fprintf(stderr, "usage: dspin_heap_oracle [-heap=N] [-maxobj=K] model\n"); return 2; }
	if (maxobj > 9) maxobj = 9;
	Diag diag = DIAG_INIT;
	M = parse_file(&diag, file, cpp, ncpp);
	if (diag.count) return 2;
	check_model(&diag, M);
	if (diag.count) return 2;
	Program *prog = compile_model(&diag, M);
	if (diag.count) return 2;

	/* dspin runs no heap symmetry on such a model (an object's channel
	 * id became data, issue 37): nothing to compare the orbits with */
	const char *refused = heap_symmetry_refused(M);
	if (refused) { printf("oracle=skip reason=heap_symmetry_left_out\n"); return 3; }
	memset(&vm, 0, sizeof vm);
	vm.prog = prog; vm.m = M; vm.out = stdout;
	vm.heap_bound = heap_bound;

	SearchOpts so; memset(&so, 0, sizeof so);
	so.keep_going = 1; so.quiet = 1;
	so.on_store = collect;
	SearchResult r1, r2;
	StackSpec plain = { .heap_canonical = 0 }, canonical = { .heap_canonical = 1 };
	so.stack = stack_build(&vm, &plain);
	search_run(&vm, &so, &r1);

	so.on_store = NULL;
	so.stack = stack_build(&vm, &canonical);
	search_run(&vm, &so, &r2);

	Set set = { 0 };
	int maxk = 0;
	for (size_t i = 0; i < nstored; i++) {
		int n = canon(stored[i].b, stored[i].len, best);
		if (n < 0) break;
		set_add(&set, best, n);
		int k = best[2]; if (k > maxk) maxk = k;
	}
	if (too_many) { printf("oracle=skip heap=%llu none=%llu reason=more_than_%d_objects\n",
		(unsigned long long)r2.stored, (unsigned long long)r1.stored, maxobj); return 3; }
	if (r1.incomplete || r2.incomplete) { printf("oracle=skip reason=incomplete\n"); return 3; }
	printf("oracle=%zu heap=%llu none=%llu errors_none=%d errors_heap=%d maxobj=%d\n",
	       set.n, (unsigned long long)r2.stored, (unsigned long long)r1.stored, r1.errors, r2.errors, maxk);
	if (nstored != r1.stored) { printf("on_store saw %zu states, search reports %llu stored\n", nstored, (unsigned long long)r1.stored); return 1; }
	return set.n == r2.stored ? 0 : 1;
}
