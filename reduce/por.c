/* por.c — static classification of safe transitions (see por.h). */
#include "por.h"
#include <stdlib.h>

static int SI;   /* symmetric independence: own reference locals are safe */

/* an expression that reads only the process's own state */
static int local_expr(const Expr *e)
{
	if (!e) return 1;
	switch (e->k) {
	case E_CONST: case E_PID: case E_NULL: return 1;
	case E_VAR:
		if (e->var->scope != SC_LOCAL) return 0;
		return local_expr(e->a);
	case E_FIELD:
		/* a field of an inline record is local; through a reference it is the heap */
		if (e->b->k == E_VAR && e->b->var->kind == TY_REF) return 0;
		if (e->b->k == E_FIELD && e->b->var->kind == TY_REF) return 0;
		return local_expr(e->b) && local_expr(e->a);
	case E_UN: return local_expr(e->a);
	case E_BIN: return local_expr(e->a) && local_expr(e->b);
	case E_COND: return local_expr(e->a) && local_expr(e->b) && local_expr(e->c);
	case E_NEW: return SI;
	default: return 0;    /* channels, run, timeout, _nr_pr, remote, calls... */
	}
}

/* an assignment target that belongs to the process */
static int local_lhs(const Expr *e)
{
	if (!e) return 1;
	if (e->k == E_UNDERSCORE) return 1;
	if (!local_expr(e)) return 0;
	const Var *v = e->var;
	/* writing a reference may free objects (the GC is global): safe only
	 * modulo heap symmetry */
	if (v && v->kind == TY_REF) return SI;
	return 1;
}


static int safe_stmt(const Stmt *s)
{
	if (!s) return 0;
	switch (s->k) {
	case S_EXPR: return local_expr(s->rhs);
	case S_ASSIGN: return local_lhs(s->lhs) && local_expr(s->rhs);
	case S_INCR: case S_DECR: return local_lhs(s->lhs);
	case S_SELECT: return local_lhs(s->lhs);
	case S_ELSE: case S_GOTO: case S_BREAK: case S_SKIP: return 1;
	case S_PRINTF: case S_PRINTM: case S_ASSERT:
		for (int i = 0; i < s->nargs; i++) if (!local_expr(s->args[i])) return 0;
		return local_expr(s->rhs);
	case S_CALL: case S_RETURN:
		/* a call grows the state vector, which is bounded for all processes
		 * together (MAXSTATE): another process's call may fail or not
		 * depending on the order, so calls and returns are not safe */
		return 0;
	case S_SEND: case S_RECV:
		/* safe in the states where the channel is exclusive (por_chan.c) */
		return por_cond_stmt(s, local_expr, local_lhs) ? 2 : 0;
	default: return 0;    /* anything touching shared state */
	}
}

/* 0 unsafe, 1 safe, 2 conditionally safe (a send or receive) */
static int safe_trans(Trans *t)
{
	if (t->dstep) {
		const Code *k = t->dstep;
		for (int l = 0; l < k->nlocs; l++)
			for (int i = 0; i < k->locs[l].nt; i++)
				if (safe_trans(k->locs[l].t[i]) != 1) return 0;
		return 1;
	}
	int r = safe_stmt(t->st);
	t->por_cond = (unsigned char)(r == 2);
	return r;
}

/* ---- what other processes can observe ----
 * A process's own variables are private only if nobody looks at them:
 * a remote reference P[i]:x or P[i]@L reads P's locals or its pc, so every
 * move of P becomes visible to the reader; enabled(), pc_value() and _last
 * observe every process.  (SPIN's reduction ignores remote references and
 * misses errors: `P[0]:x != 2` asserted in Q while P sets x = 1; x = 2;
 * x = 3 is violated, yet pan with its reduction reports no error;
 * tests/models/dyn/por_remote_ref.pml.) */
typedef struct Observed { unsigned char *pt; int all; } Observed;

static void obs_expr(const Expr *e, Observed *o)
{
	if (!e) return;
	if ((e->k == E_REMOTE_LABEL || e->k == E_REMOTE_VAR) && e->ptype) o->pt[e->ptype->index] = 1;
	if (e->k == E_ENABLED || e->k == E_PCVALUE || e->k == E_LASTPID) o->all = 1;
	obs_expr(e->a, o); obs_expr(e->b, o); obs_expr(e->c, o);
	for (int i = 0; i < e->nargs; i++) obs_expr(e->args[i], o);
}

static void obs_stmt(const Stmt *s, Observed *o)
{
	if (!s) return;
	obs_expr(s->lhs, o); obs_expr(s->rhs, o); obs_expr(s->lo, o); obs_expr(s->hi, o);
	for (int i = 0; i < s->nargs; i++) obs_expr(s->args[i], o);
	for (int i = 0; i < s->nbody; i++) obs_stmt(s->body[i], o);
	for (int i = 0; i < s->nopts; i++)
		for (int j = 0; j < s->optlen[i]; j++) obs_stmt(s->opts[i][j], o);
	obs_stmt(s->sub, o); obs_stmt(s->esc, o);
}

static void clear(Proctype *pt)
{
	for (int l = 0; l < pt->code->nlocs; l++) pt->code->locs[l].por_safe = 0;
}

static int classify(Proctype *pt)
{
	int n = 0;
	Code *k = pt->code;
	/* a provided clause reading shared state makes enabledness shared */
	int prov_ok = !pt->provided || local_expr(pt->provided);
	for (int l = 0; l < k->nlocs; l++) {
		Loc *loc = &k->locs[l];
		int ok = prov_ok && loc->nt > 0 && !(l == k->endloc && !pt->is_func);
		int cond = 0;
		for (int i = 0; i < loc->nt && ok; i++) {
			int r = safe_trans(loc->t[i]);
			if (r == 2 && pt->is_func) r = 0;     /* callers' code is not tracked */
			if (r == 0) ok = 0;
			if (r == 2) cond = 1;
		}
		loc->por_safe = (unsigned char)(ok ? (cond ? 2 : 1) : 0);
		n += ok;
	}
	return n;
}

int por_classify(VM *vm, int mode, int heap_sym)
{
	Model *m = vm->m;
	/* Symmetric independence (allocations and reference writes commuting
	 * modulo heap symmetry) is switched off: the heap bound makes them
	 * dependent.  One process freeing or allocating changes whether
	 * another's `new` exceeds the bound, and the random-program driver
	 * found a model (tests/models/dyn/por_si_heap_bound.dpml) whose
	 * heap-bound error -por=si missed.  Until the bound is treated as a
	 * resource limit rather than a property, -por=si = -por=static. */
	SI = 0;
	(void)heap_sym;
	if (mode == POR_NONE || m->never) return 0;
	Observed o = { calloc((size_t)m->nptypes + 1, 1), 0 };
	for (int i = 0; i < m->nptypes; i++) { obs_stmt(m->ptypes[i]->body, &o); obs_expr(m->ptypes[i]->provided, &o); }
	for (int i = 0; i < m->nfuncs; i++) obs_stmt(m->funcs[i]->body, &o);
	por_chan_prepare(m);
	int n = 0;
	for (int i = 0; i < m->nptypes; i++) {
		if (o.all || o.pt[i]) clear(m->ptypes[i]);
		else n += classify(m->ptypes[i]);
	}
	/* a function runs in its caller's frame: observed like any process
	 * once anything is observed (remote references name proctypes, and
	 * the caller could be one of them) */
	int any = o.all;
	for (int i = 0; i < m->nptypes; i++) any |= o.pt[i];
	for (int i = 0; i < m->nfuncs; i++) {
		if (any) clear(m->funcs[i]);
		else n += classify(m->funcs[i]);
	}
	free(o.pt);
	return n;
}

/* ---- the table (adapter over the annotations, until they are gone) ---- */
struct PorTable { unsigned char *cls; int n, nsafe; };

PorTable *por_table(VM *vm, int mode)
{
	PorTable *t = xalloc(sizeof *t);
	t->nsafe = mode == POR_NONE ? 0 : por_classify(vm, mode, 1);
	t->n = vm->prog->nlocs;
	t->cls = xalloc((size_t)t->n + 1);
	for (int i = 0; i < t->n; i++) t->cls[i] = mode == POR_NONE ? 0 : vm->prog->locs[i]->por_safe;
	return t;
}

int por_table_nsafe(const PorTable *t) { return t->nsafe; }
int por_loc_class(const PorTable *t, const Loc *loc) { return t->cls[loc->gid]; }
int por_loc_cond_holds(const PorTable *t, VM *vm, const State *s, int pid, const Loc *loc)
{
	(void)t;
	return por_cond_holds(vm, s, pid, loc);
}
