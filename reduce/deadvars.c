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
 * Left out (no local of theirs is ever reset): proctypes that a remote
 * reference `P[i]:x` names anywhere (a claim, an ltl formula or another
 * process could read the local), proctypes that call functions (call frames
 * keep the caller's locals while the pc is in the callee), and processes
 * inside a call.
 */
#include "reduce.h"
#include "../lang/access.h"
#include <stdlib.h>
#include <string.h>

typedef struct DeadRange { int off, len; unsigned char heapish; } DeadRange;
typedef struct DeadLoc { int first, n; } DeadLoc;      /* ranges[first .. first+n) */
typedef struct DeadType { int eligible; DeadLoc *loc; int nlocs; } DeadType;
typedef struct DeadConf {
	DeadType *pt; int npt;
	DeadRange *r; int nr;
	int eligible_types;      /* how many proctypes take part */
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
	if (pt->is_never || pt->is_func || !pt->code || !pt->nlocals) return 0;
	if (access_find(at->model, A_REMOTE, pt)) return 0;
	if (access_find(at->reach[pt->index], A_CALL, NULL)) return 0;
	return 1;
}

/* the live sets of every location of pt's code; NULL if not eligible */
static Word *liveness(const Program *p, const Proctype *pt, int W)
{
	const Code *k = pt->code;
	Word *live = calloc((size_t)k->nlocs * W, sizeof(Word));
	Word *always = calloc((size_t)W, sizeof(Word));
	Word *use = calloc((size_t)W, sizeof(Word)), *def = calloc((size_t)W, sizeof(Word));
	if (pt->provided) {
		Collect c = { pt, always };
		Visitor v = { note_local, &c, (Proctype *)pt, IN_PROVIDED };
		visit_expr(&v, pt->provided, USE_COND);
	}
	if (pt->prio_var) {
		int i = local_index(pt, pt->prio_var);
		if (i >= 0) always[i / WBITS] |= (Word)1 << (i % WBITS);
	}
	for (int changed = 1; changed;) {
		changed = 0;
		for (int l = k->nlocs - 1; l >= 0; l--) {
			const Loc *lc = &k->locs[l];
			Word *out = live + (size_t)l * W;
			for (int j = 0; j < lc->nt; j++) {
				const Trans *t = lc->t[j];
				memset(use, 0, sizeof(Word) * W);
				memset(def, 0, sizeof(Word) * W);
				use_def(p->access, pt, t, use, def);
				const Word *after = t->to >= 0 && t->to < k->nlocs ? live + (size_t)t->to * W : NULL;
				for (int w = 0; w < W; w++) {
					Word x = use[w] | always[w] | (after ? after[w] & ~def[w] : 0);
					if (x & ~out[w]) { out[w] |= x; changed = 1; }
				}
			}
		}
	}
	free(always); free(use); free(def);
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

static DeadConf *analyze(const VM *vm, int keep_refs)
{
	const Model *m = vm->m;
	DeadConf *cf = xalloc(sizeof *cf);
	cf->npt = m->nptypes;
	cf->pt = xalloc(sizeof(DeadType) * (size_t)(m->nptypes ? m->nptypes : 1));
	int cap = 0;
	for (int ti = 0; ti < m->nptypes; ti++) {
		const Proctype *pt = m->ptypes[ti];
		if (!eligible(vm->prog, pt)) continue;
		int W = SETW(pt->nlocals);
		Word *live = liveness(vm->prog, pt, W);
		DeadType *dt = &cf->pt[ti];
		dt->nlocs = pt->code->nlocs;
		dt->loc = xalloc(sizeof(DeadLoc) * (size_t)dt->nlocs);
		for (int l = 0; l < dt->nlocs; l++) {
			dt->loc[l].first = cf->nr;
			/* locals in layout order, so that neighbours merge */
			for (int i = 0; i < pt->nlocals; i++) {
				const Var *v = pt->locals[i];
				if (v->in_func || (live[(size_t)l * W + i / WBITS] >> (i % WBITS) & 1)) continue;
				int len = v->elemsize * (v->arrlen ? v->arrlen : 1);
				int heapish = v->kind == TY_REF || v->kind == TY_CHAN || v->kind == TY_RECORD;
				if (heapish && keep_refs) continue;
				if (len > 0) add_range(cf, &cap, dt->loc[l].first, v->offset, len, heapish);
			}
			dt->loc[l].n = cf->nr - dt->loc[l].first;
		}
		free(live);
		dt->eligible = 1;
		cf->eligible_types++;
	}
	return cf;
}

/* ---------------------------------------------------------------- the layer */

/* zero the dead locals of every process of the state at b; 1 when a
 * reference, channel id or record changed (the collector must run) */
static int reset(const DeadConf *cf, const VM *vm, uint8_t *b, int *changed, int keep_heapish)
{
	State st;
	st.b = b;
	sv_index(vm->m, &st);
	int heap = 0;
	for (int pid = 0; pid < st.nproc; pid++) {
		int ti = sv_ptype(&st, pid);
		if (ti >= cf->npt || !cf->pt[ti].eligible || sv_depth(&st, pid)) continue;
		const DeadType *dt = &cf->pt[ti];
		int pc = sv_pc(&st, pid);
		if (pc < 0 || pc >= dt->nlocs) continue;
		uint8_t *base = b + st.poff[pid] + PHDR;
		const DeadLoc *dl = &dt->loc[pc];
		for (int k = 0; k < dl->n; k++) {
			const DeadRange *r = &cf->r[dl->first + k];
			if (keep_heapish && r->heapish) continue;
			uint8_t *p = base + r->off;
			for (int j = 0; j < r->len; j++)
				if (p[j]) { memset(p, 0, (size_t)r->len); heap |= r->heapish; (*changed)++; break; }
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
	int changed = 0;
	for (int i = 0; i < out->n; i++) {
		Succ *sc = &out->v[i];
		if (reset(cf, c->vm, out->arena + sc->off, &changed, keep_heapish))
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
