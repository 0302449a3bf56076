/* orbit.c — an orbit oracle for dspin's symmetry reductions (issue 5).
 *
 * For each model in tests/orbit/models/ (N identical processes, some with
 * heap objects) the library is driven the way cli/main.c drives it:
 *
 *   -sym=none       heap_canonical 0, GC hook with canonical 0, no ProcSym
 *   -sym=heap       heap_canonical 1
 *   -sym=proc       heap_canonical 0, procsym_analyze(vm, 0)
 *   -sym=heap,proc  heap_canonical 1, procsym_analyze(vm, 1)
 *
 * Every stored state is collected through SearchOpts.on_store.  The
 * unreduced states are mapped to the minimum byte vector of their orbit by
 * brute force: every permutation in G -- the instances of each
 * interchangeable proctype permuted among their own positions (whole
 * process blocks moved, channel creator bytes rewritten as
 * reduce/procsym.c does) -- each followed, for the heap orbits, by the
 * canonical heap numbering with the identity visiting order
 * (heap_collect(vm, s, 1, NULL)); the lexicographic minimum over all
 * permutations is the orbit's representative.  Three orbit counts:
 *
 *   heap orbits  identity permutation only, canonical heap   (vs -sym=heap)
 *   proc orbits  process permutations, heap left as stored   (vs -sym=proc)
 *   full orbits  process permutations + canonical heap       (vs heap,proc)
 *
 * Checked: orbits <= reduced stored <= unreduced stored; the set of orbit
 * representatives of the reduced run's stored states equals the orbit set
 * of the unreduced run (soundness: every stored state is a symmetric image
 * of a reachable one; completeness: every reachable orbit is stored);
 * -sym=heap stores exactly the heap orbits (Lemma 1: the heap numbering is
 * canonical); flat models store exactly one state per process orbit
 * (block-byte tie-breaking makes the pc-sort canonical there).  With a heap
 * pc-sorting is not canonical (Iosif, section 3), so reduced may exceed
 * the orbit count: not asserted, the ratio is printed.
 *
 * Instances that terminate (ProcSym.terminating; models term_*).  The
 * reduced search removes a finished interchangeable instance at once, where
 * SPIN holds it until every later-created process is gone
 * (docs/symmetry.md, "Processes that terminate"): it stores
 * representatives of N(s), s a reachable unreduced state, where N cuts out
 * every finished instance of an interchangeable proctype (pc at its
 * proctype's closing brace, call depth 0), moves the later blocks down,
 * rewrites nproc and renames the creator byte of each channel made by a
 * later process.  N is written here from the state layout (N_map), not
 * with procsym_drop.  The initial state is left alone (removals start with
 * the first move).  So for these models the unreduced states go through N
 * before their process orbits are taken, and every stored state of
 * -sym=proc and -sym=heap,proc past the initial one must be a fixed point
 * of N (no finished interchangeable instance stored).  -sym=heap does not
 * remove anything and is checked as before.
 *
 * N does not commute with G: the search sorts (a pi in G) and then removes,
 * i.e. it stores N(pi(s)), and when the interchangeable processes of
 * several proctypes are interleaved (W V W V) removing a V at the other V's
 * position leaves the survivors in another order of proctypes, which no
 * permutation in G undoes.  Such orders are not observable (no process
 * whose pid or position matters may be created among the instances,
 * docs/symmetry.md), so the search quotients by the larger group Gs:
 * interchangeable processes of any proctype permuted among the positions
 * of interchangeable processes between the same two other processes
 * (a segment; the others stay where they are, since whether one of them
 * may die depends on what lies above it).  Checked for terminating
 * models: the Gs-orbit sets of N(unreduced) and of the stored states are
 * equal, Gs orbits <= stored <= unreduced; with one interchangeable
 * proctype (then Gs is within G) also everything above with N applied
 * (equal G-orbit sets, exactly one stored state per orbit for flat
 * models); with several, flat models still store no two states of one
 * G orbit.  An instance created below a process that is not
 * interchangeable (an active proctype declared before init, and run by
 * init) and one created above it are in different segments, and the
 * search sorts within segments only (reduce/procsym_canon.c; swapping them
 * across init once let init die before the instance above it, found by
 * this oracle): for such a model (term_straddle.pml, marked 2 below) only
 * the Gs checks apply, and no pairs are built across a segment.
 *
 * Second part (Lemma 2): pairs of states equal up to a process swap and a
 * heap permutation are built from stored states and canonicalized with
 * procsym_canon; see pair_test().
 *
 * Third part: models process symmetry must refuse -- P reads _pid
 * (refuse_pid.pml) or breaks the flag[_pid] idiom (refuse_pid_*.pml:
 * arithmetic, <, printf, run, channels, ++ on a pid, a constant index,
 * a constant index in the never claim, instances that end); a terminating W with _nr_pr read other than as a test
 * for 1 (refuse_nr2.pml) or with a later-created proctype reading _pid
 * (refuse_pidreader.pml).  Checked through the library (ps->eligible,
 * procsym_report's "\tprocess symmetry: P left out: ..." line; the search
 * runs as -sym=none) and, when the dspin executable is given as argv[1],
 * through the command line (same verdict, same states, the summary line).
 * For the terminating ones a run with W made interchangeable by hand must
 * miss the error: the refusal is what keeps the reduction sound there.
 *
 * Fourth part: models with an error and terminating instances, or
 * instances that read _pid (pid_bug3.pml); every mode must find it, and the trails -sym=proc and -sym=heap,proc write must
 * replay (dspin -t: the unreduced model, deaths in SPIN's order).
 *
 * Exit status 0 when every check passes.
 */
#include "../../lang/ast.h"
#include "../../lang/code.h"
#include "../../vm/vm.h"
#include "../../heap/heap.h"
#include "../../search/search.h"
#include "../../reduce/reduce.h"
#include <gc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#ifndef ORBIT_MODELS
#define ORBIT_MODELS "tests/orbit/models"
#endif

static int failures;
#define CHECK(c, ...) do { if (!(c)) { failures++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } } while (0)

/* ---- a set of byte vectors ---- */
typedef struct Vec { int len; uint8_t *b; } Vec;
typedef struct VSet { Vec *v; size_t n, cap; } VSet;

static void vs_add(VSet *s, const uint8_t *b, int len)
{
	if (s->n == s->cap) { s->cap = s->cap ? s->cap * 2 : 1024; s->v = realloc(s->v, s->cap * sizeof(Vec)); }
	s->v[s->n].len = len;
	s->v[s->n].b = malloc((size_t)len);
	memcpy(s->v[s->n].b, b, (size_t)len);
	s->n++;
}
static int vcmp(const void *pa, const void *pb)
{
	const Vec *a = pa, *b = pb;
	if (a->len != b->len) return a->len < b->len ? -1 : 1;
	return memcmp(a->b, b->b, (size_t)a->len);
}
static void vs_free(VSet *s)
{
	for (size_t i = 0; i < s->n; i++) free(s->v[i].b);
	free(s->v); memset(s, 0, sizeof *s);
}
/* sort and drop duplicates; returns the number of distinct vectors */
static size_t vs_unique(VSet *s)
{
	if (!s->n) return 0;
	qsort(s->v, s->n, sizeof(Vec), vcmp);
	size_t k = 1;
	for (size_t i = 1; i < s->n; i++) {
		if (vcmp(&s->v[i], &s->v[k - 1])) s->v[k++] = s->v[i];
		else free(s->v[i].b);
	}
	s->n = k;
	return k;
}
static int vs_equal(const VSet *a, const VSet *b)
{
	if (a->n != b->n) return 0;
	for (size_t i = 0; i < a->n; i++) if (vcmp(&a->v[i], &b->v[i])) return 0;
	return 1;
}

/* ---- driving the library like cli/main.c ---- */
static void collect(void *ctx, const uint8_t *b, int len) { vs_add(ctx, b, len); }

static int load(const char *path, VM *vm)
{
	Diag diag = DIAG_INIT;
	Model *m = parse_file(&diag, path, NULL, 0);
	if (!m || diag.count) return -1;
	check_model(&diag, m);
	if (diag.count) return -1;
	Program *p = compile_model(&diag, m);
	if (!p || diag.count) return -1;
	memset(vm, 0, sizeof *vm);
	vm->prog = p; vm->m = m; vm->out = stdout;
	return 0;
}

enum { SYM_NONE, SYM_HEAP, SYM_PROC, SYM_HEAPPROC };
static const char *SYMNAME[] = { "none", "heap", "proc", "heap,proc" };

/* run one search; collects stored states into out (may be NULL) */
static SearchResult run(VM *vm, int mode, VSet *out, ProcSym **psout)
{
	int heap = mode == SYM_HEAP || mode == SYM_HEAPPROC;
	SearchOpts so; memset(&so, 0, sizeof so);
	so.quiet = 1;
	ProcSym *ps = NULL;
	if (mode == SYM_PROC || mode == SYM_HEAPPROC)
		ps = procsym_analyze(vm, heap);
	StackSpec sp = { .heap_canonical = heap, .ps = ps };
	so.stack = stack_build(vm, &sp);
	if (psout) *psout = ps;
	if (out) { so.on_store = collect; so.on_store_ctx = out; }
	SearchResult r;
	search_run(vm, &so, &r);
	return r;
}

/* ---- brute-force orbit representatives ---- */

/* ---- the pid idiom (models pid_*: docs/symmetry.md, "Instances that
 * read _pid") ----
 * For these models the table below says, independently of dspin's
 * analysis, which proctype reads _pid, which global arrays it indexes by
 * pid (element i belongs to pid i + k) and which variables hold its pids.
 * The oracle permutes those itself (apply_perm), and checks that
 * procsym_analyze found exactly these. */
typedef struct OPid {
	int cls;                        /* the class's proctype, -1: none */
	const Var *arr[8]; int k[8], narr;
	const Var *val[8]; int owner[8], voff[8], nval;   /* owner: proctype, -1 global; voff: pid + voff held */
} OPid;
static OPid opid = { -1, { 0 }, { 0 }, 0, { 0 }, { 0 }, { 0 }, 0 };

/* "P: flag/0 want/0 =turn =me =x@1" (x holds pid + 1) */
static int opid_parse(const Model *m, const char *spec, OPid *o)
{
	memset(o, 0, sizeof *o);
	o->cls = -1;
	if (!spec) return 0;
	char buf[256], *save = NULL;
	snprintf(buf, sizeof buf, "%s", spec);
	char *tok = strtok_r(buf, " ", &save);
	for (int i = 0; tok && i < m->nptypes; i++)
		if (strlen(tok) == strlen(m->ptypes[i]->name) + 1 && !strncmp(tok, m->ptypes[i]->name, strlen(tok) - 1)) o->cls = i;
	if (o->cls < 0) return -1;
	while ((tok = strtok_r(NULL, " ", &save))) {
		if (tok[0] == '=') {
			const Var *v = NULL; int owner = -1;
			char *at = strchr(tok, '@');
			o->voff[o->nval] = at ? atoi(at + 1) : 0;
			if (at) *at = 0;
			for (int i = 0; i < m->nglobals; i++) if (!strcmp(m->globals[i]->name, tok + 1)) v = m->globals[i];
			for (int t = 0; !v && t < m->nptypes; t++)
				for (int i = 0; i < m->ptypes[t]->nlocals; i++)
					if (!strcmp(m->ptypes[t]->locals[i]->name, tok + 1)) { v = m->ptypes[t]->locals[i]; owner = t; }
			if (!v) return -1;
			o->val[o->nval] = v; o->owner[o->nval++] = owner;
		} else {
			char *sl = strchr(tok, '/');
			if (!sl) return -1;
			*sl = 0;
			const Var *v = NULL;
			for (int i = 0; i < m->nglobals; i++) if (!strcmp(m->globals[i]->name, tok)) v = m->globals[i];
			if (!v) return -1;
			o->arr[o->narr] = v; o->k[o->narr++] = atoi(sl + 1);
		}
	}
	return 0;
}

/* dst = the process permutation `from` (new position -> old position)
 * applied to src: blocks moved, channel creators renamed; for the pid
 * idiom (opid) the arrays' elements moved with their pids and the pids
 * held in variables renamed. */
static int apply_perm(const Model *m, const uint8_t *src, int len, const int *from, uint8_t *dst)
{
	State s; s.b = (uint8_t *)src; sv_index(m, &s);
	int n = s.nproc, to[MAXPROC];
	memset(dst, 0, MAXSTATE);
	memcpy(dst, src, (size_t)len);
	int w = s.poff[0];
	for (int j = 0; j < n; j++) {
		int o = from[j], sz = s.poff[o + 1] - s.poff[o];
		memcpy(dst + w, src + s.poff[o], (size_t)sz);
		w += sz;
		to[o] = j;
	}
	for (int c = 0; c < s.nchan; c++) {
		uint8_t *cr = dst + s.coff[c] + 1;
		if (*cr < n) *cr = (uint8_t)to[*cr];
	}
	if (opid.cls < 0) return len;
	for (int i = 0; i < opid.narr; i++) {
		const Var *v = opid.arr[i];
		for (int j = 0; j < n; j++)
			if (sv_ptype(&s, j) == opid.cls)
				memcpy(dst + GOFF + v->offset + (j - opid.k[i]) * v->elemsize,
				       src + GOFF + v->offset + (from[j] - opid.k[i]) * v->elemsize, (size_t)v->elemsize);
	}
	State d; d.b = dst; sv_index(m, &d);
	for (int i = 0; i < opid.nval; i++) {
		const Var *v = opid.val[i];
		for (int j = -1; j < n; j++) {
			uint8_t *base;
			if (j < 0) {
				if (opid.owner[i] >= 0) continue;
				base = dst + GOFF;
			} else {
				if (opid.owner[i] < 0 || sv_ptype(&d, j) != opid.owner[i]) continue;
				base = dst + d.poff[j] + PHDR;
			}
			for (int e = 0; e < (v->arrlen ? v->arrlen : 1); e++) {
				uint8_t *a = base + v->offset + e * v->elemsize;
				int x = vm_load(a, v->kind, v->bits) - opid.voff[i];
				if (x >= 0 && x < n && sv_ptype(&s, x) == opid.cls) vm_store(a, v->kind, v->bits, to[x] + opid.voff[i]);
			}
		}
	}
	return len;
}

/* The permutations of a state's processes that the oracle quotients by.
 * G: instances of each interchangeable proctype move among their own
 * positions (what procsym_canon sorts), every other process stays.
 * Gs (seg): interchangeable processes of any proctypes move among the
 * positions of interchangeable processes of the same segment -- the
 * stretch between two processes that are not interchangeable -- every
 * other process stays (why: see the header).  Each permutation `from`
 * (new position -> old position) is handed to fn. */
typedef struct Perms {
	const ProcSym *ps;
	int seg, n, type[MAXPROC], segof[MAXPROC], used[MAXPROC], from[MAXPROC];
	void (*fn)(void *ctx, const int *from, int n);
	void *ctx;
} Perms;

static void perm_rec(Perms *p, int j)
{
	if (j == p->n) { p->fn(p->ctx, p->from, p->n); return; }
	int t = p->type[j];
	if (!p->ps || !p->ps->eligible[t]) { p->from[j] = j; p->used[j] = 1; perm_rec(p, j + 1); p->used[j] = 0; return; }
	for (int k = 0; k < p->n; k++) {
		if (p->used[k] || !p->ps->eligible[p->type[k]]) continue;
		if (p->seg ? p->segof[k] != p->segof[j] : p->type[k] != t) continue;
		p->used[k] = 1; p->from[j] = k;
		perm_rec(p, j + 1);
		p->used[k] = 0;
	}
}

/* ps NULL: the identity only */
static void for_perms(VM *vm, const ProcSym *ps, int seg, const uint8_t *b,
		      void (*fn)(void *, const int *, int), void *ctx)
{
	Perms p; memset(&p, 0, sizeof p);
	p.ps = ps; p.seg = seg; p.fn = fn; p.ctx = ctx;
	State s; s.b = (uint8_t *)b; sv_index(vm->m, &s);
	p.n = s.nproc;
	for (int j = 0, sg = 0; j < p.n; j++) {
		p.type[j] = sv_ptype(&s, j);
		if (!ps || !ps->eligible[p.type[j]]) sg++;
		p.segof[j] = sg;
	}
	perm_rec(&p, 0);
}

typedef struct Orb {
	VM *vm;
	const uint8_t *src; int len;
	int heap;                    /* canonical heap after each permutation */
	uint8_t *tmp, *best; int bestlen, have;
	long nperm;
} Orb;

static void orb_try(void *ctx, const int *from, int n)
{
	Orb *o = ctx;
	(void)n;
	int len = apply_perm(o->vm->m, o->src, o->len, from, o->tmp);
	if (o->heap && o->vm->m->has_heap) {
		State s; s.b = o->tmp; sv_index(o->vm->m, &s);
		heap_collect(o->vm, &s, 1, NULL, NULL);
		len = s.len;
	}
	o->nperm++;
	if (!o->have || len < o->bestlen || (len == o->bestlen && memcmp(o->tmp, o->best, (size_t)len) < 0)) {
		memcpy(o->best, o->tmp, (size_t)len);
		o->bestlen = len; o->have = 1;
	}
}

/* the lexicographic minimum over G (seg: Gs), each permutation followed
 * by the canonical heap when heap is set */
static int orbit_min(VM *vm, const ProcSym *ps, int heap, int seg, const uint8_t *b, int len, uint8_t *out, long *nperm)
{
	static uint8_t tmp[MAXSTATE];
	Orb o; memset(&o, 0, sizeof o);
	o.vm = vm; o.src = b; o.len = len; o.heap = heap;
	o.tmp = tmp; o.best = out;
	for_perms(vm, ps, seg, b, orb_try, &o);
	if (nperm) *nperm = o.nperm;
	return o.bestlen;
}

/* ---- N: finished interchangeable instances removed ----
 * Written here from the state layout (vm/vm.h), not with procsym_drop: the
 * kept process blocks are copied in order, nproc (b[0]) is rewritten, the
 * vector re-indexed, and each channel's creator byte renamed to its
 * creator's new position.  A finished instance is one at its proctype's
 * closing brace (code->endloc) outside any call.  Returns the new length;
 * *ndrop (if given) counts the removed instances. */
static int finished_at(VM *vm, const State *s, int j)
{
	const Proctype *pt = vm->m->ptypes[sv_ptype(s, j)];
	return sv_depth(s, j) == 0 && sv_pc(s, j) == pt->code->endloc;
}

static int N_map(VM *vm, const ProcSym *ps, const uint8_t *src, int len, uint8_t *dst, int *ndrop)
{
	const Model *m = vm->m;
	State s; s.b = (uint8_t *)src; sv_index(m, &s);
	int n = s.nproc, newpos[MAXPROC], k = 0;
	for (int j = 0; j < n; j++)
		newpos[j] = ps->eligible[sv_ptype(&s, j)] && finished_at(vm, &s, j) ? -1 : k++;
	if (ndrop) *ndrop = n - k;
	memset(dst, 0, MAXSTATE);
	int w = s.poff[0];
	memcpy(dst, src, (size_t)w);                    /* header and globals */
	for (int j = 0; j < n; j++) {
		if (newpos[j] < 0) continue;
		int sz = s.poff[j + 1] - s.poff[j];
		memcpy(dst + w, src + s.poff[j], (size_t)sz);
		w += sz;
	}
	memcpy(dst + w, src + s.poff[n], (size_t)(len - s.poff[n]));   /* channels, heap */
	dst[0] = (uint8_t)k;
	State d; d.b = dst; sv_index(m, &d);
	for (int c = 0; c < d.nchan; c++) {
		uint8_t *cr = dst + d.coff[c] + 1;
		if (*cr >= n) continue;                 /* a global channel (255) or the heap's (0xFE) */
		CHECK(newpos[*cr] >= 0, "N: channel %d was created by a removed process (%d)", c, *cr);
		if (newpos[*cr] >= 0) *cr = (uint8_t)newpos[*cr];
	}
	CHECK(d.len == len - (s.poff[n] - w), "N: length %d after removing %d bytes from %d", d.len, s.poff[n] - w, len);
	return d.len;
}

static int same_vec(const uint8_t *a, int la, const uint8_t *b, int lb)
{
	return la == lb && !memcmp(a, b, (size_t)la);
}

/* out = the orbit representatives (G, or Gs with seg) of the states in
 * `in`; with init given (and ps->terminating), every state but the initial
 * one is first mapped through N.  *ndistinct (if given): how many distinct
 * states N produced. */
static void orbit_set(VM *vm, const ProcSym *ps, int heap, int seg, const VSet *in, VSet *out, long *maxperm,
		      const Vec *init, size_t *ndistinct)
{
	static uint8_t buf[MAXSTATE], nb[MAXSTATE];
	int useN = init && ps && ps->terminating;
	VSet nset = { 0 };
	for (size_t i = 0; i < in->n; i++) {
		long np;
		const uint8_t *b = in->v[i].b; int len = in->v[i].len;
		if (useN && !same_vec(b, len, init->b, init->len)) {
			len = N_map(vm, ps, b, len, nb, NULL);
			b = nb;
		}
		if (ndistinct) vs_add(&nset, b, len);
		int l = orbit_min(vm, ps, heap, seg, b, len, buf, &np);
		if (maxperm && np > *maxperm) *maxperm = np;
		vs_add(out, buf, l);
	}
	vs_unique(out);
	if (ndistinct) *ndistinct = vs_unique(&nset);
	vs_free(&nset);
}

/* ---- a state, readably (for failure reports) ---- */
static void print_vars(const uint8_t *base, Var **v, int nv)
{
	for (int i = 0; i < nv; i++) {
		int n = v[i]->arrlen ? v[i]->arrlen : 1;
		printf(" %s=", v[i]->name);
		for (int k = 0; k < n; k++) {
			const uint8_t *a = base + v[i]->offset + k * v[i]->elemsize;
			if (k) printf(",");
			if (v[i]->kind == TY_RECORD) {
				for (int x = 0; x < v[i]->elemsize; x++) printf("%s%02x", x ? "" : "<", a[x]);
				printf(">");
			} else if (v[i]->kind == TY_REF) {
				printf(a[0] ? "#%d" : "null", a[0]);
			} else {
				printf("%d", vm_load(a, v[i]->kind, v[i]->bits));
			}
		}
	}
}

static void print_state(VM *vm, const char *tag, const uint8_t *b, int len)
{
	const Model *m = vm->m;
	State s; s.b = (uint8_t *)b; sv_index(m, &s);
	printf("    %s (%d bytes):", tag, len);
	print_vars(b + GOFF, m->globals, m->nglobals);
	printf("\n");
	for (int j = 0; j < s.nproc; j++) {
		const Proctype *pt = m->ptypes[sv_ptype(&s, j)];
		int pc = sv_pc(&s, j), d = sv_depth(&s, j);
		printf("      [%d] %s pc %d", j, pt->name, pc);
		if (!d && pc == pt->code->endloc) printf(" (end)");
		else if (!d && pc < pt->code->nlocs) printf(" (line %d)", pt->code->locs[pc].pos.line);
		if (d) printf(" depth %d", d);
		print_vars(b + s.poff[j] + PHDR, pt->locals, pt->nlocals);
		printf("\n");
	}
	for (int c = 0; c < s.nchan; c++) {
		const uint8_t *ch = b + s.coff[c];
		printf("      chan %d: spec %d creator %d len %d\n", c, ch[0], ch[1], ch[2]);
	}
	for (int k = 0; k < s.nslot; k++) {
		const uint8_t *o = b + s.hoff[k];
		if (o[0] == FREE_SLOT) { printf("      #%d free\n", k + 1); continue; }
		const Record *r = m->records[o[0]];
		printf("      #%d %s", k + 1, r->name);
		print_vars(o + 1, r->fields, r->nfields);
		printf("\n");
	}
}

/* the vectors in a but not in b (both sorted, unique), at most `max` */
static void print_missing(VM *vm, const char *tag, const VSet *a, const VSet *b, int max)
{
	int shown = 0;
	for (size_t i = 0; i < a->n && shown < max; i++)
		if (!bsearch(&a->v[i], b->v, b->n, sizeof(Vec), vcmp)) {
			print_state(vm, tag, a->v[i].b, a->v[i].len);
			shown++;
		}
}

/* ---- Lemma 2 on constructed pairs ----
 * s: a state stored by -sym=heap,proc.  For two instances i, k of an
 * interchangeable proctype with different pcs, s2 = s with blocks i and k
 * swapped and its heap renumbered by a different visiting order (a heap
 * permutation).  Then
 *   procsym_canon(s,  identity)  ==  procsym_canon(s2, swap(i,k))   (Lemma 2)
 * must hold byte for byte; whether it also holds with an identity
 * permutation for s2 (i.e. without Fig. 5's tracking) is counted. */
typedef struct PairStats { long pairs, lemma2_ok, ident_ok; } PairStats;

static void pair_test(VM *vm, const ProcSym *ps, const VSet *stored, PairStats *st, long limit)
{
	static uint8_t a[MAXSTATE], b2[MAXSTATE], c[MAXSTATE];
	uint8_t acc[MAXPROC], accin[MAXPROC];
	for (size_t x = 0; x < stored->n && st->pairs < limit; x++) {
		const uint8_t *sb = stored->v[x].b; int len = stored->v[x].len;
		State s; s.b = (uint8_t *)sb; sv_index(vm->m, &s);
		int n = s.nproc;
		for (int i = 0; i < n; i++) for (int k = i + 1; k < n; k++) {
			int t = sv_ptype(&s, i);
			if (sv_ptype(&s, k) != t || !ps->eligible[t] || sv_pc(&s, i) == sv_pc(&s, k)) continue;
			if (st->pairs >= limit) return;
			st->pairs++;
			/* A: s itself, identity */
			memset(a, 0, MAXSTATE); memcpy(a, sb, (size_t)len);
			procsym_canon(ps, vm, a, len, NULL, 0, acc, NULL, NULL);
			/* s2: swap i and k, then permute the heap (visit processes
			 * in reverse order) */
			int from[MAXPROC];
			for (int j = 0; j < n; j++) from[j] = j;
			from[i] = k; from[k] = i;
			apply_perm(vm->m, sb, len, from, b2);
			int len2 = len;
			if (vm->m->has_heap) {
				int rev[MAXPROC];
				for (int j = 0; j < n; j++) rev[j] = n - 1 - j;
				State s2; s2.b = b2; sv_index(vm->m, &s2);
				heap_collect(vm, &s2, 1, rev, NULL);
				len2 = s2.len;
			}
			memcpy(c, b2, MAXSTATE);
			/* B: s2 with the swap as the accumulated permutation */
			for (int j = 0; j < n; j++) accin[j] = (uint8_t)from[j];
			procsym_canon(ps, vm, b2, len2, accin, n, acc, NULL, NULL);
			State sa; sa.b = a; sv_index(vm->m, &sa);
			State sb2; sb2.b = b2; sv_index(vm->m, &sb2);
			if (sa.len == sb2.len && !memcmp(a, b2, (size_t)sa.len)) st->lemma2_ok++;
			/* C: s2 with an identity permutation */
			procsym_canon(ps, vm, c, len2, NULL, 0, acc, NULL, NULL);
			State sc; sc.b = c; sv_index(vm->m, &sc);
			if (sa.len == sc.len && !memcmp(a, c, (size_t)sa.len)) st->ident_ok++;
		}
	}
}

/* ---- part 1: the orbit table ---- */
static long total_pairs;
static const struct { const char *name; int terminating; const char *pid; } MODELS[] = {
	{ "flat_mutex3.pml", 0, NULL }, { "flat_tokens4.pml", 0, NULL }, { "flat_chan2.pml", 0, NULL },
	{ "heap_pair2.dpml", 0, NULL }, { "heap_nodes2.dpml", 0, NULL }, { "heap_cells3.dpml", 0, NULL },
	{ "heap_chanobj2.dpml", 0, NULL },
	/* instances that terminate: N applies */
	{ "term_flat3.pml", 1, NULL }, { "term_later.pml", 1, NULL }, { "term_mixed.pml", 1, NULL },
	{ "term_heap3.dpml", 1, NULL }, { "term_chan.pml", 1, NULL },
	{ "term_monitor_wait.pml", 1, NULL },
	/* instances below and above init, in two segments: Gs only (header) */
	{ "term_straddle.pml", 2, NULL },
	/* instances that read _pid: arrays and pid values permuted (OPid) */
	{ "pid_flag3.pml", 0, "P: flag/0" },
	{ "pid_turn3.pml", 0, "P: want/0 =turn =me" },
	{ "pid_offset.pml", 0, "P: slot/1 =turn =last" },
	{ "pid_peterson2.pml", 0, "user: flag/0 =turn" },
	{ "pid_manna3.pml", 0, "client: =request =respond" },
	{ "pid_seen3.pml", 0, "P: =turn =seen" },
	{ "pid_hyman2.pml", 0, "p: b/0 =k =i =j" },
	{ "pid_shift3.pml", 0, "P: slot/0 =owner@1 =me@1" },
	{ "pid_heap2.dpml", 0, "P: flag/0" },
};

/* the N lines printed under the table */
static char nlines[4096];

/* procsym_analyze found the class, arrays and pid values the table says */
static void check_pid_analysis(const char *name, const ProcSym *ps)
{
	int n = 0;
	for (int i = 0; i < opid.narr; i++)
		for (int j = 0; j < ps->nparr; j++)
			n += ps->parr[j].v == opid.arr[i] && ps->parr[j].k == opid.k[i] && ps->parr[j].ptype == opid.cls;
	CHECK(n == opid.narr && ps->nparr == opid.narr, "%s: dspin permutes %d arrays, the table says %d (%d agree)", name, ps->nparr, opid.narr, n);
	n = 0;
	for (int i = 0; i < opid.nval; i++)
		for (int j = 0; j < ps->npval; j++)
			n += ps->pval[j].v == opid.val[i] && ps->pval[j].ptype == opid.cls && ps->pval[j].off == opid.voff[i] &&
			     (ps->pval[j].owner ? ps->pval[j].owner->index : -1) == opid.owner[i];
	CHECK(n == opid.nval && ps->npval == opid.nval, "%s: dspin maps %d pid-holding variables, the table says %d (%d agree)", name, ps->npval, opid.nval, n);
	CHECK(ps->eligible[opid.cls], "%s: the class that reads _pid is left out: %s", name, ps->reason[opid.cls]);
}

static void orbit_model(const char *name, int terminating, const char *pid)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", ORBIT_MODELS, name);
	VM vm;
	if (load(path, &vm)) { CHECK(0, "%s: does not compile", name); return; }
	CHECK(opid_parse(vm.m, pid, &opid) == 0, "%s: bad pid spec '%s'", name, pid);
	VSet st[4]; memset(st, 0, sizeof st);
	SearchResult r[4];
	ProcSym *ps[4] = { 0 };
	for (int m = 0; m < 4; m++) {
		r[m] = run(&vm, m, &st[m], &ps[m]);
		CHECK(r[m].errors == 0 && !r[m].incomplete, "%s -sym=%s: errors %d incomplete %d", name, SYMNAME[m], r[m].errors, r[m].incomplete);
		CHECK(r[m].stored == st[m].n, "%s -sym=%s: on_store saw %zu states, stored %llu", name, SYMNAME[m], st[m].n, (unsigned long long)r[m].stored);
	}
	CHECK(ps[SYM_PROC]->any && ps[SYM_HEAPPROC]->any, "%s: no interchangeable proctype", name);
	if (opid.cls >= 0) {
		check_pid_analysis(name, ps[SYM_PROC]);
		check_pid_analysis(name, ps[SYM_HEAPPROC]);
	}
	CHECK(ps[SYM_PROC]->terminating == !!terminating && ps[SYM_HEAPPROC]->terminating == !!terminating,
	      "%s: ProcSym.terminating is %d/%d, expected %d", name, ps[SYM_PROC]->terminating, ps[SYM_HEAPPROC]->terminating, !!terminating);
	/* the initial state: the first one stored (N leaves it alone) */
	static uint8_t ib[MAXSTATE];
	State is;
	vm_initial(&vm, &is, ib);
	Vec init = { st[SYM_NONE].v[0].len, st[SYM_NONE].v[0].b };
	CHECK(same_vec(init.b, init.len, ib, is.len), "%s: the first state stored is not the initial state", name);
	/* the reduced runs store no finished interchangeable instance past the
	 * initial state (each is dropped at once) */
	for (int m = SYM_PROC; m <= SYM_HEAPPROC; m++) {
		static uint8_t nb[MAXSTATE];
		size_t bad = 0;
		for (size_t i = 1; i < st[m].n; i++) {
			int nd;
			N_map(&vm, ps[m], st[m].v[i].b, st[m].v[i].len, nb, &nd);
			if (nd && !bad++) print_state(&vm, "stored with a finished instance", st[m].v[i].b, st[m].v[i].len);
		}
		CHECK(bad == 0, "%s -sym=%s: %zu stored states hold a finished interchangeable instance", name, SYMNAME[m], bad);
	}
	/* orbit sets of the unreduced states (through N for the process
	 * orbits when instances terminate) */
	VSet oh = { 0 }, op = { 0 }, of = { 0 };
	long maxperm = 0;
	size_t nN = 0;
	orbit_set(&vm, NULL, 1, 0, &st[SYM_NONE], &oh, NULL, NULL, NULL);
	orbit_set(&vm, ps[SYM_PROC], 0, 0, &st[SYM_NONE], &op, &maxperm, &init, &nN);
	orbit_set(&vm, ps[SYM_HEAPPROC], 1, 0, &st[SYM_NONE], &of, NULL, &init, NULL);
	/* the reduced runs' stored states, mapped the same way (without N:
	 * checked above to be N's fixed points) */
	VSet rh = { 0 }, rp = { 0 }, rf = { 0 };
	orbit_set(&vm, NULL, 1, 0, &st[SYM_HEAP], &rh, NULL, NULL, NULL);
	orbit_set(&vm, ps[SYM_PROC], 0, 0, &st[SYM_PROC], &rp, NULL, NULL, NULL);
	orbit_set(&vm, ps[SYM_HEAPPROC], 1, 0, &st[SYM_HEAPPROC], &rf, NULL, NULL, NULL);
	unsigned long long none = r[SYM_NONE].stored;
	/* heap symmetry: no N, no process permutation */
	CHECK(oh.n <= r[SYM_HEAP].stored && r[SYM_HEAP].stored <= none, "%s -sym=heap: %zu orbits, %llu stored, %llu unreduced", name, oh.n, (unsigned long long)r[SYM_HEAP].stored, none);
	CHECK(vs_equal(&oh, &rh), "%s -sym=heap: the stored states cover %zu orbits, the unreduced space has %zu (sets differ)", name, rh.n, oh.n);
	/* Lemma 1: the heap numbering is canonical */
	CHECK(r[SYM_HEAP].stored == oh.n, "%s -sym=heap: %llu stored, %zu heap orbits", name, (unsigned long long)r[SYM_HEAP].stored, oh.n);
	/* process symmetry */
	struct { int mode, heap; VSet *orb, *red; } cmp[2] = {
		{ SYM_PROC, 0, &op, &rp }, { SYM_HEAPPROC, 1, &of, &rf },
	};
	int ntypes = 0;                  /* interchangeable proctypes */
	for (int t = 0; t < vm.m->nptypes; t++) ntypes += ps[SYM_PROC]->eligible[t] != 0;
	size_t gs[2] = { 0, 0 };
	for (int i = 0; i < 2; i++) {
		int m = cmp[i].mode;
		const char *what = SYMNAME[m];
		unsigned long long stored = r[m].stored;
		CHECK(stored <= none, "%s -sym=%s: %llu stored > %llu unreduced", name, what, stored, none);
		if (terminating) {
			/* Gs: the orbit sets of N(unreduced) and of the stored
			 * states must be equal */
			VSet os = { 0 }, rs = { 0 };
			orbit_set(&vm, ps[m], cmp[i].heap, 1, &st[SYM_NONE], &os, NULL, &init, NULL);
			orbit_set(&vm, ps[m], cmp[i].heap, 1, &st[m], &rs, NULL, NULL, NULL);
			gs[i] = os.n;
			CHECK(os.n <= stored, "%s -sym=%s: %llu stored < %zu Gs orbits", name, what, stored, os.n);
			int eq = vs_equal(&os, &rs);
			CHECK(eq, "%s -sym=%s: the stored states cover %zu Gs orbits, N(unreduced) has %zu (sets differ)", name, what, rs.n, os.n);
			if (!eq) {
				printf("  Gs representatives of N(unreduced), none stored by -sym=%s (at most 4):\n", what);
				print_missing(&vm, "missing", &os, &rs, 4);
				printf("  Gs representatives stored by -sym=%s, none of N(unreduced) (at most 4):\n", what);
				print_missing(&vm, "spurious", &rs, &os, 4);
			}
			vs_free(&os); vs_free(&rs);
		}
		/* G: the orbit sets must be equal (of N(unreduced) when instances
		 * terminate; with several interchangeable proctypes then only
		 * the Gs orbits are, see the header) */
		int g = !terminating || (ntypes == 1 && terminating != 2);
		if (g) {
			CHECK(cmp[i].orb->n <= stored, "%s -sym=%s: %llu stored < %zu orbits", name, what, stored, cmp[i].orb->n);
			int eq = vs_equal(cmp[i].orb, cmp[i].red);
			CHECK(eq, "%s -sym=%s: the stored states cover %zu orbits, the unreduced space has %zu (sets differ)",
			      name, what, cmp[i].red->n, cmp[i].orb->n);
			if (!eq) {
				printf("  orbit representatives reached unreduced%s, not by -sym=%s (at most 4):\n", terminating ? " (through N)" : "", what);
				print_missing(&vm, "missing", cmp[i].orb, cmp[i].red, 4);
				printf("  orbit representatives stored by -sym=%s, not reached unreduced (at most 4):\n", what);
				print_missing(&vm, "spurious", cmp[i].red, cmp[i].orb, 4);
			}
		}
		/* flat models: block-byte tie-breaking makes pc-sorting canonical:
		 * no two stored states share an orbit, and where the orbits are
		 * the quotient, there is one stored state per orbit */
		if (!vm.m->has_heap && terminating != 2) {
			CHECK(cmp[i].red->n == stored, "%s -sym=%s: %llu stored states in %zu orbits (flat: one per orbit)", name, what, stored, cmp[i].red->n);
			if (g)
				CHECK(stored == cmp[i].orb->n, "%s -sym=%s: %llu stored, %zu orbits (flat: one per orbit)", name, what, stored, cmp[i].orb->n);
		}
	}
	/* Lemma 2 on constructed pairs */
	PairStats pst = { 0, 0, 0 };
	pair_test(&vm, ps[SYM_HEAPPROC], &st[SYM_HEAPPROC], &pst, terminating == 2 ? 0 : 5000);
	CHECK(pst.lemma2_ok == pst.pairs, "%s: Lemma 2 pairs: %ld of %ld canonicalize to one state", name, pst.lemma2_ok, pst.pairs);
	if (!vm.m->has_heap)
		CHECK(pst.ident_ok == pst.pairs, "%s: flat pairs with identity permutation: %ld of %ld fold", name, pst.ident_ok, pst.pairs);
	total_pairs += pst.pairs;

	printf("%-17s %3ld %8llu %7zu %7llu %5.2f %7zu %7llu %5.2f %7zu %7llu %5.2f  %5ld/%-5ld %5ld/%-5ld\n", name, maxperm, none,
	       oh.n, (unsigned long long)r[SYM_HEAP].stored, oh.n ? (double)r[SYM_HEAP].stored / oh.n : 0,
	       op.n, (unsigned long long)r[SYM_PROC].stored, op.n ? (double)r[SYM_PROC].stored / op.n : 0,
	       of.n, (unsigned long long)r[SYM_HEAPPROC].stored, of.n ? (double)r[SYM_HEAPPROC].stored / of.n : 0,
	       pst.lemma2_ok, pst.pairs, pst.ident_ok, pst.pairs);
	if (terminating) {
		size_t l = strlen(nlines);
		snprintf(nlines + l, sizeof nlines - l, "%-17s %8llu %6zu  %7zu %7zu %7llu  %7zu %7zu %7llu\n", name, none, nN,
			 op.n, gs[0], (unsigned long long)r[SYM_PROC].stored,
			 of.n, gs[1], (unsigned long long)r[SYM_HEAPPROC].stored);
	}
	opid.cls = -1;
	for (int m = 0; m < 4; m++) vs_free(&st[m]);
	vs_free(&oh); vs_free(&op); vs_free(&of); vs_free(&rh); vs_free(&rp); vs_free(&rf);
}

/* ---- part 2: process symmetry refused ---- */
static int sh_run(const char *cmd, char *out, size_t cap)
{
	FILE *p = popen(cmd, "r");
	if (!p) return -1;
	size_t n = fread(out, 1, cap - 1, p);
	out[n] = 0;
	int st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}
static long stored_of(const char *out)
{
	const char *p = strstr(out, " states, stored");
	if (!p) return -1;
	while (p > out && (p[-1] == ' ' || (p[-1] >= '0' && p[-1] <= '9'))) p--;
	return atol(p);
}

/* A model process symmetry must refuse: proctype `who` left out with the
 * summary line `\tprocess symmetry: <who> left out: <why>...`; the search
 * must run as -sym=none (same states, same verdict: an error).  With
 * `forced`, who is terminating, and a run that makes it interchangeable
 * anyway (a hand-made ProcSym) must miss that error: the refusal is
 * needed, the drop of finished instances would be unsound there. */
static const struct { const char *name, *who, *why; int forced; } REFUSE[] = {
	{ "refuse_pid.pml", "P", "it reads _pid, and uses _pid at 8:13 in a comparison with a constant that is the pid of an instance\n", 0 },
	{ "refuse_nr2.pml", "W", "it can terminate, and _nr_pr is read at ", 1 },
	{ "refuse_nr_assert.pml", "W", "it can terminate, and _nr_pr is read at 4:74 other than by a guard that waits", 1 },
	{ "refuse_nr_more.pml", "U", "it can terminate, and _nr_pr is read at 7:27 other than by a guard that waits for at most 2 processes", 0 },
	{ "refuse_pidreader.pml", "W", "it can terminate, and R reads _pid (a death out of SPIN's order would change R's pid)\n", 1 },
	/* the flag[_pid] idiom broken in each way (reduce/procsym_pid.c) */
	{ "refuse_pid_arith.pml", "P", "it reads _pid, and uses _pid at 7:9 other than as A[_pid], in == or != with a pid or a constant that is none, or stored into a variable that holds pids\n", 0 },
	{ "refuse_pid_less.pml", "P", "it reads _pid, and uses turn (it holds pids) at 6:21 other than as A[_pid]", 0 },
	{ "refuse_pid_print.pml", "P", "it reads _pid, and uses _pid at 5:18 other than as A[_pid]", 0 },
	{ "refuse_pid_run.pml", "P", "it reads _pid, and uses _pid at 6:9 other than as A[_pid]", 0 },
	{ "refuse_pid_chan.pml", "P", "it reads _pid, and indexes c with a pid at 5:3, but c is not a global array of numbers whose elements 0..1 belong to the pids 0..1\n", 0 },
	{ "refuse_pid_incr.pml", "P", "it reads _pid, and uses turn (it holds pids) at 6:3 as a variable written other than by `x = pid`\n", 0 },
	{ "refuse_pid_constidx.pml", "P", "it reads _pid to index flag, which is also indexed at 5:11 by something other than a pid of the class\n", 0 },
	{ "refuse_pid_claim.pml", "P", "it reads _pid to index flag, which is also indexed at 9:6 by something other than a pid of the class (in the never claim)\n", 0 },
	{ "refuse_pid_term.pml", "P", "it reads _pid, and can terminate (a finished instance is removed at once: the pids of later ones would shift)\n", 0 },
};

static void refuse_test(const char *dspin, const char *name, const char *who, const char *why, int forced)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", ORBIT_MODELS, name);
	VM vm;
	if (load(path, &vm)) { CHECK(0, "%s: does not compile", name); return; }
	VSet a = { 0 }, b = { 0 };
	SearchResult r0 = run(&vm, SYM_NONE, &a, NULL);
	ProcSym *ps;
	SearchResult r1 = run(&vm, SYM_PROC, &b, &ps);
	int P = -1;
	for (int i = 0; i < vm.m->nptypes; i++) if (!strcmp(vm.m->ptypes[i]->name, who)) P = i;
	/* other proctypes may stay interchangeable (refuse_pid_run's Q):
	 * then only the verdict is compared */
	int others = ps->any;
	CHECK(P >= 0 && !ps->eligible[P] && (!ps->terminating || others), "%s: %s must be left out", name, who);
	CHECK(r0.errors > 0 && r1.errors == r0.errors, "%s: verdict none %d, proc %d errors", name, r0.errors, r1.errors);
	if (!others) {
		CHECK(r0.stored == r1.stored, "%s: stored none %llu, proc %llu", name, (unsigned long long)r0.stored, (unsigned long long)r1.stored);
		CHECK(vs_unique(&a) == vs_unique(&b) && vs_equal(&a, &b), "%s: the stored states differ", name);
	}
	char line[512];
	snprintf(line, sizeof line, "\tprocess symmetry: %s left out: %s", who, why);
	char rep[2048] = "";
	FILE *f = fmemopen(rep, sizeof rep, "w");
	procsym_report(&vm, ps, f); fclose(f);
	CHECK(strstr(rep, line) != NULL, "%s: report is '%s'", name, rep);
	vs_free(&a); vs_free(&b);
	printf("library: %s -sym=none %llu stored, %d error(s); -sym=proc %llu stored, %d error(s)", name,
	       (unsigned long long)r0.stored, r0.errors, (unsigned long long)r1.stored, r1.errors);
	if (forced && P >= 0) {
		/* who made interchangeable by hand: the drop loses the error */
		ProcSym fp = *ps;
		fp.eligible = calloc((size_t)vm.m->nptypes + 1, 1);
		fp.eligible[P] = 1;
		fp.any = 1;
		fp.terminating = 1;
		SearchOpts so; memset(&so, 0, sizeof so);
		so.quiet = 1;
		StackSpec sp = { .heap_canonical = 0, .ps = &fp };
		so.stack = stack_build(&vm, &sp);
		SearchResult rf;
		search_run(&vm, &so, &rf);
		CHECK(rf.errors == 0, "%s: with %s forced interchangeable the error should be missed (%d found)", name, who, rf.errors);
		printf("; %s forced interchangeable: %llu stored, %d error(s)", who, (unsigned long long)rf.stored, rf.errors);
		free(fp.eligible);
	}
	printf("\n");
	if (!dspin) { printf("(no dspin executable given: command-line check skipped)\n"); return; }
	/* the command line, in a scratch directory (the trail is written next
	 * to the model) */
	char dir[] = "/tmp/dspin_orbit_XXXXXX";
	if (!mkdtemp(dir)) { CHECK(0, "mkdtemp"); return; }
	char cmd[8192], o0[65536], o1[65536];
	snprintf(cmd, sizeof cmd, "cp '%s' '%s/m.pml' && cd '%s' && '%s' -sym=none -por=none m.pml 2>&1", path, dir, dir, dspin);
	int e0 = sh_run(cmd, o0, sizeof o0);
	snprintf(cmd, sizeof cmd, "cd '%s' && '%s' -sym=proc -por=none m.pml 2>&1", dir, dspin);
	int e1 = sh_run(cmd, o1, sizeof o1);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd)) {}
	long s0 = stored_of(o0), s1 = stored_of(o1);
	char nline[520];
	snprintf(nline, sizeof nline, "\n%s", line);
	CHECK(e0 == 1 && e1 == e0, "%s: dspin exit -sym=none %d, -sym=proc %d", name, e0, e1);
	CHECK(s0 > 0 && (others || s0 == s1), "%s: dspin stored -sym=none %ld, -sym=proc %ld", name, s0, s1);
	CHECK(strstr(o1, nline) != NULL, "%s: dspin -sym=proc summary lacks the refusal:\n%s", name, o1);
	CHECK(others || strstr(o1, "-sym=none") != NULL, "%s: dspin -sym=proc should report the search as -sym=none:\n%s", name, o1);
	printf("dspin:   %s -sym=none exit %d, %ld stored; -sym=proc exit %d, %ld stored\n", name, e0, s0, e1, s1);
}

/* ---- part 4: verdicts with terminating instances ----
 * Every -sym mode must find the error -sym=none finds; with the dspin
 * executable, the trail -sym=proc and -sym=heap,proc write must replay
 * (dspin -t: the unreduced model, deaths in SPIN's order). */
static const char *VERDICT[] = {
	"term_trail_held.pml",
	/* the same straddle as term_straddle.pml: the trail once removed init while
	 * an instance created after it lives */
	"term_trail.pml",
	/* the pid idiom: arrays and pid values in the trail's terms */
	"pid_bug3.pml",
	/* pids plus one in x, y, z (SPIN's ex_3c.pml) */
	"pid_faulty2.pml",
};

static void verdict_test(const char *dspin, const char *name)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", ORBIT_MODELS, name);
	VM vm;
	if (load(path, &vm)) { CHECK(0, "%s: does not compile", name); return; }
	SearchResult r[4];
	ProcSym *ps[4] = { 0 };
	printf("library: %s", name);
	for (int m = 0; m < 4; m++) {
		r[m] = run(&vm, m, NULL, &ps[m]);
		printf("%s -sym=%s %llu stored, %d error(s)", m ? ";" : "", SYMNAME[m], (unsigned long long)r[m].stored, r[m].errors);
	}
	printf("\n");
	if (!strncmp(name, "term_", 5))
		CHECK(ps[SYM_PROC]->terminating && ps[SYM_HEAPPROC]->terminating, "%s: no terminating interchangeable proctype", name);
	else
		CHECK(ps[SYM_PROC]->nparr + ps[SYM_PROC]->npval > 0, "%s: no array or pid value permuted with the processes", name);
	CHECK(r[SYM_NONE].errors > 0, "%s -sym=none: no error", name);
	for (int m = 1; m < 4; m++)
		CHECK(r[m].errors == r[SYM_NONE].errors, "%s -sym=%s: %d error(s), -sym=none %d", name, SYMNAME[m], r[m].errors, r[SYM_NONE].errors);
	if (!dspin) return;
	for (int m = SYM_PROC; m <= SYM_HEAPPROC; m++) {
		char dir[] = "/tmp/dspin_orbit_XXXXXX";
		if (!mkdtemp(dir)) { CHECK(0, "mkdtemp"); return; }
		char cmd[8192], o0[65536], o1[65536];
		snprintf(cmd, sizeof cmd, "cp '%s' '%s/m.pml' && cd '%s' && '%s' -sym=%s -por=none m.pml 2>&1", path, dir, dir, dspin, SYMNAME[m]);
		int e0 = sh_run(cmd, o0, sizeof o0);
		int e1 = -1;
		o1[0] = 0;
		if (e0 == 1) {
			snprintf(cmd, sizeof cmd, "cd '%s' && '%s' -t m.pml 2>&1", dir, dspin);
			e1 = sh_run(cmd, o1, sizeof o1);
		}
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
		if (system(cmd)) {}
		CHECK(e0 == 1, "%s: dspin -sym=%s exit %d (the error not found)", name, SYMNAME[m], e0);
		if (e0 == 1)
			CHECK(e1 == 1 && strstr(o1, "error reproduced at step"), "%s: the -sym=%s trail does not reproduce its error (exit %d):\n%s", name, SYMNAME[m], e1, o1);
		printf("dspin:   %s -sym=%s exit %d; -t exit %d\n", name, SYMNAME[m], e0, e1);
	}
}

int main(int argc, char **argv)
{
	GC_INIT();
	setvbuf(stdout, NULL, _IOLBF, 0);
	const char *dspin = argc > 1 ? realpath(argv[1], NULL) : NULL;
	if (argc > 1 && !dspin) { printf("FAIL: no dspin executable at '%s'\n", argv[1]); return 1; }
	printf("orbit oracle: stored states per -sym mode against brute-force orbit counts\n");
	printf("%-17s %3s %8s %7s %7s %5s %7s %7s %5s %7s %7s %5s  %-11s %-11s\n", "model", "|G|", "none",
	       "orb(h)", "heap", "ratio", "orb(p)", "proc", "ratio", "orb(hp)", "hp", "ratio", "lemma2", "ident");
	for (size_t i = 0; i < sizeof MODELS / sizeof *MODELS; i++) orbit_model(MODELS[i].name, MODELS[i].terminating, MODELS[i].pid);
	CHECK(total_pairs > 0, "no pair of instances with different pcs in any model");
	printf("(|G|: permutations tried per state; orb(h|p|hp): heap, process, full orbits of the\n"
	       " unreduced states; ratio: stored / orbits; lemma2: constructed pairs folded with the\n"
	       " swap tracked, ident: folded with an identity permutation -- see docs/symmetry.md)\n");
	printf("\nterminating instances: process orbits of N(unreduced) (see the header)\n"
	       "%-17s %8s %6s  %7s %7s %7s  %7s %7s %7s\n%s", "model", "none", "N",
	       "orb(p)", "orbs(p)", "proc", "orb(hp)", "orbs(hp)", "hp", nlines);
	printf("(N: distinct states after N; orb: G-orbits, orbs: Gs-orbits of N(unreduced))\n");
	for (size_t i = 0; i < sizeof REFUSE / sizeof *REFUSE; i++)
		refuse_test(dspin, REFUSE[i].name, REFUSE[i].who, REFUSE[i].why, REFUSE[i].forced);
	for (size_t i = 0; i < sizeof VERDICT / sizeof *VERDICT; i++)
		verdict_test(dspin, VERDICT[i]);
	if (failures) printf("%d check(s) failed\n", failures);
	else printf("all checks passed\n");
	return failures ? 1 : 0;
}
