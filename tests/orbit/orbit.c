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
 * brute force: every permutation of the instances of each interchangeable
 * proctype (whole process blocks moved, channel creator bytes rewritten as
 * reduce/procsym.c does), each followed -- for the heap orbits -- by the
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
 * canonical).  pc-sorting is not canonical (Iosif, section 3), so reduced
 * may exceed the orbit count: not asserted, the ratio is printed.
 *
 * Second part (Lemma 2): pairs of states equal up to a process swap and a
 * heap permutation are built from stored states and canonicalized with
 * procsym_canon; see pair_test().
 *
 * Third part: a model whose proctype reads _pid must be refused by
 * -sym=proc; checked through the library and, when the dspin executable is
 * given as argv[1], through the command line (same verdict, same states,
 * "\tprocess symmetry: P left out" in the summary).
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
	Model *m = parse_file(path, NULL, 0);
	if (!m || diag_count) return -1;
	check_model(m);
	if (diag_count) return -1;
	Program *p = compile_model(m);
	if (!p || diag_count) return -1;
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

/* dst = the process permutation `from` (new position -> old position)
 * applied to src: blocks moved, channel creators renamed. */
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
	return len;
}

typedef struct Orb {
	VM *vm; const ProcSym *ps;
	const uint8_t *src; int len;
	int heap;                    /* canonical heap after each permutation */
	int n, type[MAXPROC], used[MAXPROC], from[MAXPROC];
	uint8_t *tmp, *best; int bestlen, have;
	long nperm;
} Orb;

static void orb_try(Orb *o)
{
	int len = apply_perm(o->vm->m, o->src, o->len, o->from, o->tmp);
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

/* position j gets some unused old position of the same interchangeable type */
static void orb_rec(Orb *o, int j)
{
	if (j == o->n) { orb_try(o); return; }
	int t = o->type[j];
	if (!o->ps || !o->ps->eligible[t]) { o->from[j] = j; o->used[j] = 1; orb_rec(o, j + 1); o->used[j] = 0; return; }
	for (int k = 0; k < o->n; k++) {
		if (o->used[k] || o->type[k] != t || !o->ps->eligible[o->type[k]]) continue;
		o->used[k] = 1; o->from[j] = k;
		orb_rec(o, j + 1);
		o->used[k] = 0;
	}
}

/* ps NULL: identity only */
static int orbit_min(VM *vm, const ProcSym *ps, int heap, const uint8_t *b, int len, uint8_t *out, long *nperm)
{
	static uint8_t tmp[MAXSTATE];
	Orb o; memset(&o, 0, sizeof o);
	o.vm = vm; o.ps = ps; o.src = b; o.len = len; o.heap = heap;
	o.tmp = tmp; o.best = out;
	State s; s.b = (uint8_t *)b; sv_index(vm->m, &s);
	o.n = s.nproc;
	for (int j = 0; j < o.n; j++) o.type[j] = sv_ptype(&s, j);
	orb_rec(&o, 0);
	if (nperm) *nperm = o.nperm;
	return o.bestlen;
}

static void orbit_set(VM *vm, const ProcSym *ps, int heap, const VSet *in, VSet *out, long *maxperm)
{
	static uint8_t buf[MAXSTATE];
	for (size_t i = 0; i < in->n; i++) {
		long np;
		int l = orbit_min(vm, ps, heap, in->v[i].b, in->v[i].len, buf, &np);
		if (maxperm && np > *maxperm) *maxperm = np;
		vs_add(out, buf, l);
	}
	vs_unique(out);
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
static const char *MODELS[] = {
	"flat_mutex3.pml", "flat_tokens4.pml", "flat_chan2.pml",
	"heap_pair2.dpml", "heap_nodes2.dpml", "heap_cells3.dpml",
};

static void orbit_model(const char *name)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", ORBIT_MODELS, name);
	VM vm;
	if (load(path, &vm)) { CHECK(0, "%s: does not compile", name); return; }
	VSet st[4]; memset(st, 0, sizeof st);
	SearchResult r[4];
	ProcSym *ps[4] = { 0 };
	for (int m = 0; m < 4; m++) {
		r[m] = run(&vm, m, &st[m], &ps[m]);
		CHECK(r[m].errors == 0 && !r[m].incomplete, "%s -sym=%s: errors %d incomplete %d", name, SYMNAME[m], r[m].errors, r[m].incomplete);
		CHECK(r[m].stored == st[m].n, "%s -sym=%s: on_store saw %zu states, stored %llu", name, SYMNAME[m], st[m].n, (unsigned long long)r[m].stored);
	}
	CHECK(ps[SYM_PROC]->any && ps[SYM_HEAPPROC]->any, "%s: no interchangeable proctype", name);
	int nproc = vm.m->nptypes;
	(void)nproc;
	/* orbit sets of the unreduced states */
	VSet oh = { 0 }, op = { 0 }, of = { 0 };
	long maxperm = 0;
	orbit_set(&vm, NULL, 1, &st[SYM_NONE], &oh, NULL);
	orbit_set(&vm, ps[SYM_PROC], 0, &st[SYM_NONE], &op, &maxperm);
	orbit_set(&vm, ps[SYM_HEAPPROC], 1, &st[SYM_NONE], &of, NULL);
	/* the reduced runs' stored states, mapped the same way */
	VSet rh = { 0 }, rp = { 0 }, rf = { 0 };
	orbit_set(&vm, NULL, 1, &st[SYM_HEAP], &rh, NULL);
	orbit_set(&vm, ps[SYM_PROC], 0, &st[SYM_PROC], &rp, NULL);
	orbit_set(&vm, ps[SYM_HEAPPROC], 1, &st[SYM_HEAPPROC], &rf, NULL);
	unsigned long long none = r[SYM_NONE].stored;
	struct { const char *what; VSet *orb, *red; unsigned long long stored; } cmp[3] = {
		{ "heap", &oh, &rh, r[SYM_HEAP].stored },
		{ "proc", &op, &rp, r[SYM_PROC].stored },
		{ "heap,proc", &of, &rf, r[SYM_HEAPPROC].stored },
	};
	for (int i = 0; i < 3; i++) {
		CHECK(cmp[i].orb->n <= cmp[i].stored, "%s -sym=%s: %llu stored < %zu orbits", name, cmp[i].what, cmp[i].stored, cmp[i].orb->n);
		CHECK(cmp[i].stored <= none, "%s -sym=%s: %llu stored > %llu unreduced", name, cmp[i].what, cmp[i].stored, none);
		CHECK(vs_equal(cmp[i].orb, cmp[i].red), "%s -sym=%s: the stored states cover %zu orbits, the unreduced space has %zu (sets differ)",
		      name, cmp[i].what, cmp[i].red->n, cmp[i].orb->n);
	}
	/* Lemma 1: the heap numbering is canonical */
	CHECK(r[SYM_HEAP].stored == oh.n, "%s -sym=heap: %llu stored, %zu heap orbits", name, (unsigned long long)r[SYM_HEAP].stored, oh.n);
	/* Lemma 2 on constructed pairs */
	PairStats pst = { 0, 0, 0 };
	pair_test(&vm, ps[SYM_HEAPPROC], &st[SYM_HEAPPROC], &pst, 5000);
	CHECK(pst.lemma2_ok == pst.pairs, "%s: Lemma 2 pairs: %ld of %ld canonicalize to one state", name, pst.lemma2_ok, pst.pairs);
	if (!vm.m->has_heap)
		CHECK(pst.ident_ok == pst.pairs, "%s: flat pairs with identity permutation: %ld of %ld fold", name, pst.ident_ok, pst.pairs);
	total_pairs += pst.pairs;

	printf("%-17s %3ld %8llu %7zu %7llu %5.2f %7zu %7llu %5.2f %7zu %7llu %5.2f  %5ld/%-5ld %5ld/%-5ld\n", name, maxperm, none,
	       oh.n, (unsigned long long)r[SYM_HEAP].stored, oh.n ? (double)r[SYM_HEAP].stored / oh.n : 0,
	       op.n, (unsigned long long)r[SYM_PROC].stored, op.n ? (double)r[SYM_PROC].stored / op.n : 0,
	       of.n, (unsigned long long)r[SYM_HEAPPROC].stored, of.n ? (double)r[SYM_HEAPPROC].stored / of.n : 0,
	       pst.lemma2_ok, pst.pairs, pst.ident_ok, pst.pairs);
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

static void refuse_test(const char *dspin)
{
	const char *name = "refuse_pid.pml";
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", ORBIT_MODELS, name);
	VM vm;
	if (load(path, &vm)) { CHECK(0, "%s: does not compile", name); return; }
	VSet a = { 0 }, b = { 0 };
	SearchResult r0 = run(&vm, SYM_NONE, &a, NULL);
	ProcSym *ps;
	SearchResult r1 = run(&vm, SYM_PROC, &b, &ps);
	int P = -1;
	for (int i = 0; i < vm.m->nptypes; i++) if (!strcmp(vm.m->ptypes[i]->name, "P")) P = i;
	CHECK(P >= 0 && !ps->eligible[P] && !ps->any, "%s: P must be left out", name);
	CHECK(r0.errors > 0 && r1.errors == r0.errors, "%s: verdict none %d, proc %d errors", name, r0.errors, r1.errors);
	CHECK(r0.stored == r1.stored, "%s: stored none %llu, proc %llu", name, (unsigned long long)r0.stored, (unsigned long long)r1.stored);
	CHECK(vs_unique(&a) == vs_unique(&b) && vs_equal(&a, &b), "%s: the stored states differ", name);
	char rep[1024] = "";
	FILE *f = fmemopen(rep, sizeof rep, "w");
	procsym_report(&vm, ps, f); fclose(f);
	CHECK(strstr(rep, "\tprocess symmetry: P left out: it reads _pid") != NULL, "%s: report is '%s'", name, rep);
	vs_free(&a); vs_free(&b);
	printf("library: %s -sym=none %llu stored, %d error(s); -sym=proc %llu stored, %d error(s)\n", name,
	       (unsigned long long)r0.stored, r0.errors, (unsigned long long)r1.stored, r1.errors);
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
	CHECK(e0 == 1 && e1 == e0, "%s: dspin exit -sym=none %d, -sym=proc %d", name, e0, e1);
	CHECK(s0 > 0 && s0 == s1, "%s: dspin stored -sym=none %ld, -sym=proc %ld", name, s0, s1);
	CHECK(strstr(o1, "\n\tprocess symmetry: P left out: it reads _pid\n") != NULL, "%s: dspin -sym=proc summary lacks the refusal:\n%s", name, o1);
	CHECK(strstr(o1, "-sym=none") != NULL, "%s: dspin -sym=proc should report the search as -sym=none:\n%s", name, o1);
	printf("dspin:   %s -sym=none exit %d, %ld stored; -sym=proc exit %d, %ld stored\n", name, e0, s0, e1, s1);
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
	for (size_t i = 0; i < sizeof MODELS / sizeof *MODELS; i++) orbit_model(MODELS[i]);
	CHECK(total_pairs > 0, "no pair of instances with different pcs in any model");
	printf("(|G|: permutations tried per state; orb(h|p|hp): heap, process, full orbits of the\n"
	       " unreduced states; ratio: stored / orbits; lemma2: constructed pairs folded with the\n"
	       " swap tracked, ident: folded with an identity permutation -- see docs/symmetry.md)\n");
	refuse_test(dspin);
	if (failures) printf("%d check(s) failed\n", failures);
	else printf("all checks passed\n");
	return failures ? 1 : 0;
}
