/* sym_bytes.c — a transition group's bytes D (issue 39): what the steps
 * from one location may read or write, from the access analysis
 * (lang/access.h), global arrays refined to the elements frozen indices
 * name.  search/sym/sym.c's head says what a group is; docs/symbolic.md,
 * "Transition groups" and "Frozen indices", why these sets suffice. */
#include "sym_impl.h"
#include <stdlib.h>
#include <string.h>

/* ---- the groups' bytes ---- */

static void mark(char *in, int from, int n)
{
	memset(in + from, 1, (size_t)n);
}

static void mark_procs(Sym *s, char *in)
{
	mark(in, s->l.gbytes, s->l.pmax * s->l.pcell);
}

void sym_mark_chans(Sym *s, char *in)
{
	mark(in, sym_kcell(&s->l, 0), s->l.kmax * s->l.kcell);
}

static int has_rendezvous(const Model *m)
{
	for (int i = 0; i < m->nchanspecs; i++)
		if (m->chanspecs[i]->cap == 0)
			return 1;
	return 0;
}

/* ---- frozen indices ----
 *
 * A global array indexed by what never changes in the process (its
 * parameters and other locals no statement of its proctype writes, _pid,
 * constants) is touched by one process at one element only: the
 * philosophers' fork[i] and fork[(i + 1) % N].  The access analysis names
 * the whole array, so a group's bytes D would hold every element and its
 * projections multiply by every combination of the others' (4,426
 * projections learned for philosophers(8), whose 6,561 states the
 * explicit search stores in 0.07 s).  Here such an array contributes the
 * elements its indices name, evaluated in a witness of the group: a
 * group is keyed by the values of its proctype's frozen index locals as
 * well as its location, so every state of the group gives every such
 * index the same value.  Writes outside D are still caught by the
 * internal check; reads are covered by this argument, and the refinement
 * is off for a location whose steps create processes (their initialisers'
 * reads, which the steps' own expressions do not show) or read what D
 * cannot place. */

/* a local of pt that no statement of pt writes (set at creation only) */
static int frozen_local(Sym *s, const Proctype *pt, const Var *v)
{
	if (!v || v->scope != SC_LOCAL || v->arrlen || v->in_func)
		return 0;
	int mine = 0;
	for (int i = 0; i < pt->nlocals; i++)
		mine |= pt->locals[i] == v;
	return mine && !(access_find(s->acc->own[pt->index], A_LOCAL, v) & AM_WRITE);
}

/* is e made only of constants, _pid and pt's frozen locals? */
static int frozen_expr(Sym *s, const Proctype *pt, const Expr *e)
{
	if (!e)
		return 1;
	switch (e->k) {
	case E_CONST: case E_PID:
		return 1;
	case E_VAR:
		return !e->a && frozen_local(s, pt, e->var);
	case E_UN:
		return frozen_expr(s, pt, e->a);
	case E_BIN:
		return frozen_expr(s, pt, e->a) && frozen_expr(s, pt, e->b);
	case E_COND:
		return frozen_expr(s, pt, e->a) && frozen_expr(s, pt, e->b) && frozen_expr(s, pt, e->c);
	default:
		return 0;
	}
}

static void frozen_vars(Sym *s, const Proctype *pt, const Expr *e, char *used)
{
	if (!e)
		return;
	if (e->k == E_VAR && frozen_local(s, pt, e->var))
		for (int i = 0; i < pt->nlocals; i++)
			if (pt->locals[i] == e->var)
				used[i] = 1;
	frozen_vars(s, pt, e->a, used);
	frozen_vars(s, pt, e->b, used);
	frozen_vars(s, pt, e->c, used);
}

static int is_global_array(const Expr *e)
{
	return e->k == E_VAR && e->var && e->var->scope == SC_GLOBAL && e->var->arrlen > 0;
}

/* Is the channel e names the same in every state of a group?  When it is
 * made of constants, _pid and frozen locals (a `chan in` parameter), or
 * is a global chan variable (an element at a frozen index) that no
 * statement writes: set by its declaration, before any process runs.
 * Its id is then evaluated in a witness, and the channel's cell is the
 * id's (the k-th channel of a state is cell k, sym_layout.h). */
static int chan_frozen(Sym *s, const Proctype *pt, const Expr *e)
{
	if (frozen_expr(s, pt, e))
		return 1;
	if (e->k != E_VAR || !e->var || e->var->scope != SC_GLOBAL || e->var->kind != TY_CHAN ||
	    (e->var->arrlen && !frozen_expr(s, pt, e->a)) || (!e->var->arrlen && e->a))
		return 0;
	for (int t = 0; t < s->m->nptypes; t++)
		if (access_find(s->acc->own[t], A_GLOBAL, e->var) & AM_WRITE)
			return 0;
	return 1;
}

typedef struct KeyWalk { Sym *s; const Proctype *pt; char *used; } KeyWalk;

static int key_expr(Visitor *v, Expr *e, Use use)
{
	(void)use;
	KeyWalk *k = v->ctx;
	if (is_global_array(e) && e->a && frozen_expr(k->s, k->pt, e->a))
		frozen_vars(k->s, k->pt, e->a, k->used);
	if (use_is_chan(use) && chan_frozen(k->s, k->pt, e))
		frozen_vars(k->s, k->pt, e, k->used);
	return 0;
}

/* Sym.fkey for every proctype: the cell offsets of the frozen locals its
 * global arrays are indexed by and its channels are named by */
void sym_frozen_keys(Sym *s)
{
	const Model *m = s->m;
	const Program *prog = s->vm->prog;
	s->fkey = calloc((size_t)m->nptypes, sizeof *s->fkey);
	s->nfkey = calloc((size_t)m->nptypes, sizeof *s->nfkey);
	if (!s->fkey || !s->nfkey)
		abort();   /* (a few bytes a proctype, once) */
	for (int t = 0; t < m->nptypes && !s->nofrozen; t++) {
		Proctype *pt = m->ptypes[t];
		char *used = calloc((size_t)pt->nlocals + 1, 1);
		KeyWalk k = { s, pt, used };
		Visitor v = { key_expr, &k, pt, IN_BODY };
		for (int i = 0; i < prog->ntrans; i++)
			if (prog->trans[i]->owner == pt && prog->trans[i]->st)
				visit_step(&v, prog->trans[i]->st);
		if (pt->provided)
			visit_expr(&v, pt->provided, USE_COND);
		int n = 0;
		for (int i = 0; i < pt->nlocals; i++)
			if (used[i])
				n += pt->locals[i]->elemsize;
		if (n > 0 && n <= SYM_MAXKEY) {
			s->fkey[t] = malloc(sizeof(int) * (size_t)n);
			for (int i = 0; i < pt->nlocals; i++)
				for (int b = 0; used[i] && b < pt->locals[i]->elemsize; b++)
					s->fkey[t][s->nfkey[t]++] = 3 + pt->locals[i]->offset + b;
		}
		free(used);
	}
}

/* a group's refinement: per global array, the elements its closure's
 * steps index (precise) or "whole" */
typedef struct Refine {
	Sym *s;
	const Proctype *pt;
	Exec x;                    /* a witness of the group, to evaluate the indices */
	int ok;                    /* a witness was found and nothing turns the refinement off */
	char *whole;               /* by global array: some use is not a frozen index */
	char **elem;               /* by global array: the elements indexed */
	const Var **vars; int nvars;
	char *chans;               /* the channel cells the steps name (kmax) */
	int chan_whole;            /* some channel is not named by a frozen expression */
} Refine;

static int refine_slot(Refine *r, const Var *v)
{
	for (int i = 0; i < r->nvars; i++)
		if (r->vars[i] == v)
			return i;
	r->vars[r->nvars] = v;
	r->elem[r->nvars] = calloc((size_t)v->arrlen, 1);
	if (!r->elem[r->nvars])
		abort();
	return r->nvars++;
}

static int refine_expr(Visitor *v, Expr *e, Use use)
{
	Refine *r = v->ctx;
	if (use_is_chan(use)) {
		if (!chan_frozen(r->s, r->pt, e))
			r->chan_whole = 1;
		else {
			r->x.err = 0;
			int32_t cid = vm_eval(&r->x, e);
			if (r->x.err || cid < 1 || cid > r->s->l.kmax)
				r->chan_whole = 1;   /* (an error or an object's channel: the move says so) */
			else
				r->chans[cid - 1] = 1;
		}
	}
	if (!is_global_array(e))
		return 0;
	int i = refine_slot(r, e->var);
	if (!e->a || !frozen_expr(r->s, r->pt, e->a)) {
		r->whole[i] = 1;
		return 0;
	}
	r->x.err = 0;
	int32_t idx = vm_eval(&r->x, e->a);
	if (r->x.err || idx < 0 || idx >= e->var->arrlen)
		r->whole[i] = 1;
	else
		r->elem[i][idx] = 1;
	return 0;
}

/* the steps of transition t as the access analysis counts them
 * (lang/access.c trans_access: a d_step's body, the provided clause) */
static void refine_trans(Refine *r, Visitor *v, const Trans *t)
{
	if (t->dstep) {
		const Code *k = t->dstep;
		for (int l = 0; l < k->nlocs; l++)
			for (int i = 0; i < k->locs[l].nt; i++)
				refine_trans(r, v, k->locs[l].t[i]);
	} else if (t->st)
		visit_step(v, t->st);
	if (r->pt->provided)
		visit_expr(v, r->pt->provided, USE_COND);
}

/* does the access set a rule out the refinement (steps that create
 * processes, reads D cannot place)? */
static int refine_blocked(const Access *a)
{
	for (int i = 0; i < a->n; i++)
		switch (a->v[i].kind) {
		case A_LOCAL: case A_PID: case A_NRPR: case A_GLOBAL: case A_CHAN:
		case A_REMOTE: case A_REMOTE_AT: case A_REMOTE_VAR:
			break;
		default:
			return 1;
		}
	return 0;
}

static void mark_access(Sym *s, char *in, const Access *a, const Refine *r)
{
	for (int i = 0; i < a->n; i++) {
		const AccItem *it = &a->v[i];
		switch (it->kind) {
		case A_LOCAL: case A_PID: case A_NRPR:
			break;     /* the own cell and the header are always in D */
		case A_GLOBAL: {
			const Var *v = it->obj;
			int k = -1;
			for (int j = 0; r && r->ok && v->arrlen && j < r->nvars; j++)
				if (r->vars[j] == v && !r->whole[j])
					k = j;
			if (k < 0)
				mark(in, GOFF + v->offset, v->elemsize * (v->arrlen ? v->arrlen : 1));
			else
				for (int e = 0; e < v->arrlen; e++)
					if (r->elem[k][e])
						mark(in, GOFF + v->offset + e * v->elemsize, v->elemsize);
			break;
		}
		case A_CHAN:
			if (r && r->ok && !r->chan_whole) {
				for (int k = 0; k < s->l.kmax; k++)
					if (r->chans[k])
						mark(in, sym_kcell(&s->l, k), s->l.kcell);
			} else
				sym_mark_chans(s, in);
			/* a rendezvous moves the receiver too, which writes what it
			 * receives into: its cell and the globals (the receive's set
			 * is the receiver's location's, not this one's) */
			if (has_rendezvous(s->m))
				mark(in, 0, s->l.width);
			break;
		case A_RUN:
			mark_procs(s, in);
			sym_mark_chans(s, in);
			break;
		case A_REMOTE: case A_REMOTE_AT: case A_REMOTE_VAR:
			mark_procs(s, in);
			break;
		default:   /* timeout, enabled, _last, np_, priorities, the heap, calls */
			mark(in, 0, s->l.width);
			break;
		}
	}
}

/* the locations the atomic sequence from loc pc reaches */
static void closure(const Code *code, int pc, char *seen)
{
	if (seen[pc])
		return;
	seen[pc] = 1;
	const Loc *L = &code->locs[pc];
	for (int i = 0; i < L->nt; i++)
		if (L->t[i]->atomic)
			closure(code, L->t[i]->to, seen);
}

/* D for process p at (t, pc): the sets of every location of the closure,
 * global arrays refined where the indices are frozen (witness: a state
 * of the group, in the fixed layout) */
void sym_mark_group(Sym *s, char *in, int p, int t, int pc, const uint8_t *witness)
{
	const Proctype *pt = s->m->ptypes[t];
	const Code *code = pt->code;
	char *seen = calloc((size_t)code->nlocs, 1);
	const Var **vars = malloc(sizeof *vars * (size_t)(s->m->nglobals + 1));
	char *whole = calloc((size_t)s->m->nglobals + 1, 1);
	char **elem = calloc((size_t)s->m->nglobals + 1, sizeof *elem);
	if (!seen || !vars || !whole || !elem)
		abort();   /* (a few KB at the start of a group) */
	closure(code, pc, seen);
	char *chans = calloc((size_t)s->l.kmax + 1, 1);
	if (!chans)
		abort();
	Refine r = { .s = s, .pt = pt, .ok = witness && !s->nofrozen, .whole = whole, .elem = elem, .vars = vars, .chans = chans };
	State st;
	uint8_t *sv = NULL;
	if (r.ok) {
		sv = malloc(MAXSTATE);
		if (!sv)
			abort();
		sym_decode(&s->l, witness, sv);
		st.b = sv;
		sv_index(s->m, &st);
		exec_init(&r.x, s->vm, &st, p);
		Visitor v = { refine_expr, &r, (Proctype *)pt, IN_BODY };
		for (int l = 0; l < code->nlocs && r.ok; l++) {
			if (!seen[l])
				continue;
			const Loc *L = &code->locs[l];
			if (refine_blocked(s->acc->loc[L->gid]))
				r.ok = 0;
			for (int i = 0; i < L->nt && r.ok; i++)
				refine_trans(&r, &v, L->t[i]);
		}
	}
	for (int l = 0; l < code->nlocs; l++)
		if (seen[l])
			mark_access(s, in, s->acc->loc[code->locs[l].gid], &r);
	for (int i = 0; i < r.nvars; i++)
		free(elem[i]);
	free(elem);
	free(chans);
	free(whole);
	free(vars);
	free(seen);
	free(sv);
}
