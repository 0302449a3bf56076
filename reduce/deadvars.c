/* deadvars.c — dead variable elimination (-deadvars) as a layer over the
 * next-state interface: in every state the layer hands up, each process's
 * locals that are dead at its pc hold zero, so states that differ only in
 * values no execution reads again become one state.  SPIN does the same by
 * default (its data-flow optimisation and dead variable elimination, which
 * `spin -o1` / `-o2` turn off); dspin does it on -deadvars.
 *
 * Which locals are live is the classic backward data-flow analysis over
 * the control-flow graph of each proctype (Aho, Sethi and Ullman,
 * "Compilers", section 10.6, live-variable analysis), to its least
 * fixpoint:
 *
 *     live(l) = U over the transitions t leaving l (unless escapes too)
 *               of  use(t)  U  (live(t.to) - def(t))
 *
 * use(t): the locals one step of t reads (lang/access.h: A_LOCAL items
 * with AM_READ; a d_step's whole body).  def(t): the scalars every step of
 * t overwrites whole (an item that is written and not read, of a variable
 * that is neither an array nor a record: an assignment, a receive, a select
 * or for into the plain variable); a d_step defines nothing.  A local the
 * provided clause reads, and `_priority`, are live everywhere.
 *
 * Why a state s and its image N(s) (dead locals zeroed) are bisimilar: a
 * dead local of a process is, on every path of that process from its pc,
 * overwritten before it is read, and no one else reads it, so every
 * transition is enabled in s iff in N(s), does the same to everything live,
 * and leads to states that again differ in dead locals only (a local dead
 * at l and not defined by t is dead at t.to).  Assertions, run-time errors,
 * end states, claims and fairness depend on live values and pcs only.  The
 * layer therefore keeps every verdict, and its counts never exceed the
 * search's without it (N merges states, it never splits one).
 *
 * Without heap symmetry (-sym=none, proc) on a model with objects, locals
 * that hold references, channel ids or records are never reset: freeing an
 * object earlier changes which slot the next `new` takes, so two paths to
 * one state of the unreduced search could reach two states here (the
 * random-program driver found it: more states stored than without the
 * layer).  With the canonical heap the numbering depends on the state
 * only, and N maps heap-symmetric states to heap-symmetric states.
 *
 * Calls.  Functions and methods get the same analysis over their own
 * code and locals (their frames).  While a call is pending, the caller's
 * frame (or the proctype's locals) waits at the call transition ct, whose
 * return still reads the left side's index or base and writes its target:
 * what it keeps is use(ct) U (live(ct.to) - def(ct)), computed for every
 * call transition; the innermost frame is at the process's pc.
 *
 * Left out (no local of theirs is ever reset): proctypes that a remote
 * reference `P[i]:x` names anywhere (a claim, an ltl formula or another
 * process could read the local); a function's locals are never named
 * remotely.
 */
#include "reduce.h"
#include "../lang/access.h"
#include <stdlib.h>
#include <string.h>

typedef struct DeadRange { int off, len; unsigned char heapish; } DeadRange;
typedef struct DeadLoc { int first, n; } DeadLoc;      /* ranges[first .. first+n) */
/* one code's table: a proctype's (eligible, or not at all) or a function's */
typedef struct DeadType { int eligible; DeadLoc *loc; int nlocs; } DeadType;
typedef struct DeadConf {
	DeadType *pt; int npt;
	DeadType *fn; int nfn;
	DeadLoc *call;           /* by Trans.id: the caller's dead locals while that call is pending */
	int ntrans;
	DeadRange *r; int nr;
	int eligible_types;      /* how many codes take part */
} DeadConf;

/* ---------------------------------------------------------------- analysis */

typedef uint64_t Word;
#define WBITS 64
#define SETW(n) (((n) + WBITS - 1) / WBITS)

static int local_index(const Proctype *pt, const Var *v)
{
	for (int i = 0; i < pt->nlocals; i++)
		if (pt->locals[i] == v) return i;
	return -1;
}

typedef struct Collect { const Proctype *pt; Word *set; } Collect;

static int note_local(Visitor *v, Expr *e, Use use)
{
	(void)use;
	Collect *c = v->ctx;
	if ((e->k == E_VAR || e->k == E_FIELD) && e->var && e->var->scope == SC_LOCAL) {
		int i = local_index(c->pt, e->var);
		if (i >= 0) c->set[i / WBITS] |= (Word)1 << (i % WBITS);
	}
	return 0;
}

/* use and def of one transition of pt's code */
static void use_def(const AccessTable *at, const Proctype *pt, const Trans *t, Word *use, Word *def)
{
	const Access *a = at->trans[t->id];
	if (!a) return;
	for (int k = 0; k < a->n; k++) {
		const AccItem *it = &a->v[k];
		if (it->kind != A_LOCAL) continue;
		const Var *v = it->obj;
		int i = local_index(pt, v);
		if (i < 0) continue;
		Word bit = (Word)1 << (i % WBITS);
		if (it->mode & AM_READ) use[i / WBITS] |= bit;
		else if ((it->mode & AM_WRITE) && !t->dstep && !v->arrlen && v->kind != TY_RECORD)
			def[i / WBITS] |= bit;
	}
}

static int eligible(const Program *p, const Proctype *pt)
{
	const AccessTable *at = p->access;
	if (pt->is_never || !pt->code || !pt->nlocals) return 0;
	if (!pt->is_func && access_find(at->model, A_REMOTE, pt)) return 0;
	return 1;
}

/* The transfer through transition t: the locals live before it, given
 * those live after it (after: NULL at a target outside the code), word w;
 * ud holds t's use and def (2 W words, use_def). */
static Word through(const Word *ud, const Word *after, const Word *always, int W, int w)
{
	return ud[w] | always[w] | (after ? after[w] & ~ud[W + w] : 0);
}

/* the locals pt's provided clause reads and its _priority: live
 * everywhere (W words, filled in) */
static void live_always(const Proctype *pt, Word *always)
{
	if (pt->provided) {
		Collect c = { pt, always };
		Visitor v = { note_local, &c, (Proctype *)pt, IN_PROVIDED };
		visit_expr(&v, pt->provided, USE_COND);
	}
	if (pt->prio_var) {
		int i = local_index(pt, pt->prio_var);
		if (i >= 0) always[i / WBITS] |= (Word)1 << (i % WBITS);
	}
}

/* the live sets of every location of pt's code, to the least fixpoint;
 * ud: use and def of each transition, location by location (first[l]:
 * the index of location l's first) */
static Word *liveness(const Code *k, const Word *ud, const int *first, const Word *always, int W)
{
	Word *live = calloc((size_t)k->nlocs * W, sizeof(Word));
	for (int changed = 1; changed;) {
		changed = 0;
		for (int l = k->nlocs - 1; l >= 0; l--) {
			const Loc *lc = &k->locs[l];
			Word *out = live + (size_t)l * W;
			for (int j = 0; j < lc->nt; j++) {
				const Trans *t = lc->t[j];
				const Word *after = t->to >= 0 && t->to < k->nlocs ? live + (size_t)t->to * W : NULL;
				for (int w = 0; w < W; w++) {
					Word x = through(ud + (size_t)(first[l] + j) * 2 * W, after, always, W, w);
					if (x & ~out[w]) { out[w] |= x; changed = 1; }
				}
			}
		}
	}
	return live;
}

/* a range of the location whose list starts at first (neighbours in
 * that list merge, never across two locations' lists) */
static void add_range(DeadConf *cf, int *cap, int first, int off, int len, int heapish)
{
	if (cf->nr > first) {
		DeadRange *last = &cf->r[cf->nr - 1];
		if (last->off + last->len == off) { last->len += len; last->heapish |= (unsigned char)heapish; return; }
	}
	if (cf->nr == *cap) { *cap = *cap ? *cap * 2 : 64; cf->r = xgrow(cf->r, *cap, sizeof(DeadRange)); }
	cf->r[cf->nr++] = (DeadRange){ off, len, (unsigned char)heapish };
}

/* the ranges of pt's locals that are not in the set keep (W words) */
static void dead_ranges(DeadConf *cf, int *cap, DeadLoc *dl, const Proctype *pt, const Word *keep, int keep_refs)
{
	dl->first = cf->nr;
	/* locals in layout order, so that neighbours merge */
	for (int i = 0; i < pt->nlocals; i++) {
		const Var *v = pt->locals[i];
		if (keep[i / WBITS] >> (i % WBITS) & 1) continue;
		int len = v->elemsize * (v->arrlen ? v->arrlen : 1);
		int heapish = v->kind == TY_REF || v->kind == TY_CHAN || v->kind == TY_RECORD;
		if (heapish && keep_refs) continue;
		if (len > 0) add_range(cf, cap, dl->first, v->offset, len, heapish);
	}
	dl->n = cf->nr - dl->first;
}

/* the tables of one code: by location, and for its call transitions */
static void analyze_code(DeadConf *cf, int *cap, DeadType *dt, const Program *p, const Proctype *pt, int keep_refs)
{
	int W = SETW(pt->nlocals);
	const Code *k = pt->code;
	/* each transition's use and def, once (the fixpoint passes over them
	 * again and again) */
	int *first = malloc(sizeof(int) * (size_t)(k->nlocs + 1)), n = 0;
	for (int l = 0; l < k->nlocs; l++) { first[l] = n; n += k->locs[l].nt; }
	Word *ud = calloc((size_t)(n ? n : 1) * 2 * W, sizeof(Word));
	for (int l = 0; l < k->nlocs; l++)
		for (int j = 0; j < k->locs[l].nt; j++) {
			Word *u = ud + (size_t)(first[l] + j) * 2 * W;
			use_def(p->access, pt, k->locs[l].t[j], u, u + W);
		}
	Word *always = calloc((size_t)W, sizeof(Word));
	live_always(pt, always);
	Word *live = liveness(k, ud, first, always, W);
	Word *keep = calloc((size_t)W, sizeof(Word));
	dt->nlocs = k->nlocs;
	dt->loc = xalloc(sizeof(DeadLoc) * (size_t)(k->nlocs ? k->nlocs : 1));
	for (int l = 0; l < k->nlocs; l++) {
		dead_ranges(cf, cap, &dt->loc[l], pt, live + (size_t)l * W, keep_refs);
		for (int j = 0; j < k->locs[l].nt; j++) {
			const Trans *t = k->locs[l].t[j];
			if (!t->st || t->st->k != S_CALL || t->dstep || t->id < 0 || t->id >= cf->ntrans || cf->call[t->id].n >= 0)
				continue;
			/* a pending call keeps what is live just before it */
			const Word *after = t->to >= 0 && t->to < k->nlocs ? live + (size_t)t->to * W : NULL;
			for (int w = 0; w < W; w++)
				keep[w] = through(ud + (size_t)(first[l] + j) * 2 * W, after, always, W, w);
			dead_ranges(cf, cap, &cf->call[t->id], pt, keep, keep_refs);
		}
	}
	free(first); free(ud); free(always); free(live); free(keep);
	dt->eligible = 1;
	cf->eligible_types++;
}

static DeadConf *analyze(const VM *vm, int keep_refs)
{
	const Model *m = vm->m;
	const Program *p = vm->prog;
	DeadConf *cf = xalloc(sizeof *cf);
	cf->npt = m->nptypes;
	cf->pt = xalloc(sizeof(DeadType) * (size_t)(m->nptypes ? m->nptypes : 1));
	cf->nfn = m->nfuncs;
	cf->fn = xalloc(sizeof(DeadType) * (size_t)(m->nfuncs ? m->nfuncs : 1));
	cf->ntrans = p->ntrans;
	cf->call = xalloc(sizeof(DeadLoc) * (size_t)(p->ntrans ? p->ntrans : 1));
	for (int i = 0; i < p->ntrans; i++)
		cf->call[i].n = -1;   /* not a call transition of an analysed code */
	int cap = 0;
	for (int ti = 0; ti < m->nptypes; ti++)
		if (eligible(p, m->ptypes[ti]))
			analyze_code(cf, &cap, &cf->pt[ti], p, m->ptypes[ti], keep_refs);
	for (int fi = 0; fi < m->nfuncs; fi++)
		if (eligible(p, m->funcs[fi]))
			analyze_code(cf, &cap, &cf->fn[fi], p, m->funcs[fi], keep_refs);
	return cf;
}

/* ---------------------------------------------------------------- the layer */

/* zero the ranges of dl in the locals block at base; 1 when a heapish one
 * changed */
static int zero(const DeadConf *cf, const DeadLoc *dl, uint8_t *base, int keep_heapish)
{
	int heap = 0;
	for (int k = 0; k < dl->n; k++) {
		const DeadRange *r = &cf->r[dl->first + k];
		if (keep_heapish && r->heapish) continue;
		uint8_t *p = base + r->off;
		for (int j = 0; j < r->len; j++)
			if (p[j]) { memset(p, 0, (size_t)r->len); heap |= r->heapish; break; }
	}
	return heap;
}

/* the dead locals of one level of a process: the table t of its code at
 * pc when it is the innermost level, else those of the pending call
 * callid (the next frame's) */
static const DeadLoc *level_dead(const DeadConf *cf, const DeadType *t, int innermost, int pc, int callid)
{
	if (!t->eligible) return NULL;
	if (innermost) return pc >= 0 && pc < t->nlocs ? &t->loc[pc] : NULL;
	return callid >= 0 && callid < cf->ntrans && cf->call[callid].n >= 0 ? &cf->call[callid] : NULL;
}

/* zero the dead locals of every process of the state at b, in every frame;
 * 1 when a reference, channel id or record changed (the collector must
 * run) */
static int reset(const DeadConf *cf, const VM *vm, uint8_t *b, int keep_heapish)
{
	const Model *m = vm->m;
	State st;
	st.b = b;
	sv_index(m, &st);
	int heap = 0;
	for (int pid = 0; pid < st.nproc; pid++) {
		int off = st.poff[pid];
		int ti = b[off], depth = b[off + 3], pc = sv_pc(&st, pid);
		if (ti >= cf->npt) continue;
		/* the frames: the first after the proctype's locals */
		int foff = off + PHDR + m->ptypes[ti]->localsize;
		int callid = depth ? (b[foff + 1] | b[foff + 2] << 8) : -1;
		const DeadLoc *dl = level_dead(cf, &cf->pt[ti], depth == 0, pc, callid);
		if (dl) heap |= zero(cf, dl, b + off + PHDR, keep_heapish);
		for (int d = 1; d <= depth; d++) {
			int fi = b[foff];
			if (fi >= cf->nfn) break;
			int next = foff + FHDR + m->funcs[fi]->localsize;
			int ncall = d < depth ? (b[next + 1] | b[next + 2] << 8) : -1;
			dl = level_dead(cf, &cf->fn[fi], d == depth, pc, ncall);
			if (dl) heap |= zero(cf, dl, b + foff + FHDR, keep_heapish);
			foff = next;
		}
	}
	return heap;
}

/* keep_heapish: the initial state, which no collector sees (the heap
 * layer collects successors only), keeps its references, channel ids and
 * records: a garbage object left in it would be a state of its own */
static void reset_all(const Layer *l, Ctx *c, SuccBuf *out, int keep_heapish)
{
	const DeadConf *cf = l->conf;
	for (int i = 0; i < out->n; i++) {
		Succ *sc = &out->v[i];
		if (reset(cf, c->vm, out->arena + sc->off, keep_heapish))
			sc->heap_dirty = 1;
	}
}

static int dead_initial(const Layer *l, Ctx *c, SuccBuf *out)
{
	int n = ns_below_initial(l, c, out);
	reset_all(l, c, out, 1);
	return n;
}

static int dead_next_all(const Layer *l, Ctx *c, const SState *s, SuccBuf *out)
{
	ns_below_next_all(l, c, s, out);
	reset_all(l, c, out, 0);
	return out->n;
}

static int dead_next_proc(const Layer *l, Ctx *c, const SState *s, int pid, SuccBuf *out)
{
	ns_below_next_proc(l, c, s, pid, out);
	reset_all(l, c, out, 0);
	return out->n;
}

static const Layer DEAD_LAYER = { .name = "deadvars", .initial = dead_initial,
	.next_all = dead_next_all, .next_proc = dead_next_proc };

Layer *layer_deadvars(VM *vm, int keep_refs)
{
	DeadConf *cf = analyze(vm, keep_refs);
	if (!cf->eligible_types) return NULL;
	return ns_layer(&DEAD_LAYER, cf);
}

int deadvars_ranges(const Layer *top)
{
	for (const Layer *l = top; l; l = l->below)
		if (l->next_all == dead_next_all) return ((const DeadConf *)l->conf)->nr;
	return 0;
}
