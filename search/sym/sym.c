/* sym.c — the symbolic search, first version: breadth-first, unreduced
 * (issue 39; ../shared/designs/symbolic.md sections 2.2-2.5; LTSmin's
 * pins2lts-sym, "bfs-prev", and its way of learning a relation from an
 * explicit next-state function, expand_group_next).
 *
 * The states are fixed vectors (search/sym/sym_layout.h), one BDD
 * variable pair per bit: the current value at an even variable, the next
 * at the odd one after it.  A transition group is a process position p
 * at one location (proctype t, pc L): its moves are the process's steps
 * from L, an atomic sequence taken whole (search/expand.h follows it).
 * The group's bytes D are what those steps may read or write, from the
 * access analysis (lang/access.h: the location's set, and the sets of
 * the locations its atomic sequence reaches): the process's own cell, the
 * header, the globals named, every channel cell for a channel operation,
 * every process cell for `run`, a remote reference or a rendezvous; a
 * kind of access it cannot place (timeout, enabled, _last, priorities)
 * makes D every byte.  The group's relation relates D's current bits to
 * D's next bits and leaves the other bytes as they are.
 *
 * Learning: for the states of the frontier that stand at the group's
 * location, each projection onto D not learned before gets one witness (a
 * whole state with that projection), which the explicit next-state
 * function expands; its successors by p give the relation's pairs.  A
 * successor that differs from its witness outside D would mean the
 * access analysis missed a write: the search stops there as incomplete
 * ("internal check"), never with a count it cannot vouch for.  A read
 * outside D cannot be checked this way; the analysis is the one
 * partial-order reduction trusts (docs/por.md).
 *
 * BuDDy has one manager per process and is not thread-safe: this file
 * owns it from bdd_init to bdd_done, the one piece of process-wide state
 * in the product (as the design study warns). */
#include "sym_impl.h"
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define check_ends sym_check_ends
#define image sym_image
#define peak sym_peak
#define bdd_ok sym_bdd_ok

#define MAXGROUPS 65536
#define NODE_BYTES 20          /* a BuDDy node: five ints (kernel.h's BddNode) */

void sym_keep(BDD *dst, BDD v)
{
	bdd_addref(v);
	bdd_delref(*dst);
	*dst = v;
}
#define keep sym_keep

/* ---- bytes and cubes ---- */

BDD sym_bytes_cube(const int *bytes, int nbytes, const uint8_t *fix, int next, BDD base)
{
	BDD r = bdd_addref(base);
	for (int k = nbytes - 1; k >= 0; k--) {
		int i = bytes[k];
		for (int b = 7; b >= 0; b--) {
			int v = next ? NXT(i, b) : CUR(i, b);
			BDD t = bdd_and((fix[i] >> (7 - b)) & 1 ? bdd_ithvar(v) : bdd_nithvar(v), r);
			bdd_addref(t);
			bdd_delref(r);
			r = t;
		}
	}
	return r;
}

static BDD bytes_cube(const Group *g, const uint8_t *fix, int next, BDD base)
{
	return sym_bytes_cube(g->bytes, g->nbytes, fix, next, base);
}

/* the bytes of one state of the set c: its path that takes the low branch
 * wherever that is not false (every other node of a reduced BDD reaches
 * true), the variables it skips 0; for a cube over every current
 * variable, that cube's state */
void sym_cube_bytes(BDD c, uint8_t *fix, int width)
{
	memset(fix, 0, (size_t)width);
	while (c != bddtrue && c != bddfalse) {
		int v = bdd_var(c), bit;
		if (bdd_low(c) == bddfalse) {
			bit = 1;
			c = bdd_high(c);
		} else {
			bit = 0;
			c = bdd_low(c);
		}
		if (v % 2 == 0 && bit)
			fix[v / 16] |= (uint8_t)(1 << (7 - (v / 2) % 8));
	}
}

/* the variable set of bytes[0..n) (current or next), referenced;
 * bdd_makeset builds it in the variables' order, whatever it is now */
static BDD var_cube(const int *bytes, int n, int next)
{
	int *v = malloc(sizeof(int) * (size_t)(8 * n + 1));
	if (!v)
		abort();
	for (int k = 0; k < n; k++)
		for (int b = 0; b < 8; b++)
			v[8 * k + b] = next ? NXT(bytes[k], b) : CUR(bytes[k], b);
	BDD r = bdd_addref(bdd_makeset(v, 8 * n));
	free(v);
	return r;
}

/* ---- the groups' bytes ---- */

static void mark(char *in, int from, int n)
{
	memset(in + from, 1, (size_t)n);
}

static void mark_procs(Sym *s, char *in)
{
	mark(in, s->l.gbytes, s->l.pmax * s->l.pcell);
}

static void mark_chans(Sym *s, char *in)
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

typedef struct KeyWalk { Sym *s; const Proctype *pt; char *used; } KeyWalk;

static int key_expr(Visitor *v, Expr *e, Use use)
{
	(void)use;
	KeyWalk *k = v->ctx;
	if (is_global_array(e) && e->a && frozen_expr(k->s, k->pt, e->a))
		frozen_vars(k->s, k->pt, e->a, k->used);
	return 0;
}

/* Sym.fkey for every proctype: the cell offsets of the frozen locals its
 * global arrays are indexed by */
static void frozen_keys(Sym *s)
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
	(void)use;
	Refine *r = v->ctx;
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
			mark_chans(s, in);
			/* a rendezvous moves the receiver too, which writes what it
			 * receives into: its cell and the globals (the receive's set
			 * is the receiver's location's, not this one's) */
			if (has_rendezvous(s->m))
				mark(in, 0, s->l.width);
			break;
		case A_RUN:
			mark_procs(s, in);
			mark_chans(s, in);
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
static void mark_group(Sym *s, char *in, int p, int t, int pc, const uint8_t *witness)
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
	Refine r = { .s = s, .pt = pt, .ok = witness && !s->nofrozen, .whole = whole, .elem = elem, .vars = vars };
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
	free(whole);
	free(vars);
	free(seen);
	free(sv);
}

static Group *group_new(Sym *s, int p, int t, int pc, const uint8_t *key, BDD F)
{
	const Proctype *pt = s->m->ptypes[t];
	Group *g = calloc(1, sizeof *g);
	g->in = calloc((size_t)s->l.width, 1);
	g->bytes = malloc(sizeof(int) * (size_t)s->l.width);
	uint8_t *fix = calloc((size_t)s->l.width, 1);
	if (!g->in || !g->bytes || !fix)
		abort();   /* (a few KB at the start of a group) */
	g->p = p;
	g->t = t;
	g->pc = pc;
	memcpy(g->key, key, (size_t)s->nfkey[t]);
	/* p at (t, pc) with its frozen index locals' values: the cell's
	 * first three bytes and the key's */
	int c0 = sym_pcell(&s->l, p);
	int cell[3 + SYM_MAXKEY] = { c0, c0 + 1, c0 + 2 }, nc = 3;
	fix[c0] = (uint8_t)(t + 1);
	fix[c0 + 1] = (uint8_t)pc;
	fix[c0 + 2] = (uint8_t)(pc >> 8);
	for (int i = 0; i < s->nfkey[t]; i++) {
		cell[nc++] = c0 + s->fkey[t][i];
		fix[c0 + s->fkey[t][i]] = key[i];
	}
	Group tmp = { .bytes = cell, .nbytes = nc };
	g->at = bytes_cube(&tmp, fix, 0, bddtrue);
	free(fix);
	/* a witness, for the frozen indices (any state of the group gives
	 * them the same values) */
	uint8_t *w = NULL;
	if (s->nfkey[t]) {
		BDD here = bdd_addref(bdd_and(F, g->at));
		if (here != bddfalse && (w = malloc((size_t)s->l.width)))
			sym_cube_bytes(here, w, s->l.width);
		bdd_delref(here);
	}
	mark(g->in, 0, GOFF);
	mark(g->in, c0, s->l.pcell);
	if (pt->nlocal_chans)
		mark_chans(s, g->in);
	mark_group(s, g->in, p, t, pc, w);
	free(w);
	int *rest = malloc(sizeof(int) * (size_t)s->l.width), nrest = 0;
	for (int i = 0; i < s->l.width; i++) {
		if (g->in[i])
			g->bytes[g->nbytes++] = i;
		else
			rest[nrest++] = i;
	}
	g->curcube = var_cube(g->bytes, g->nbytes, 0);
	g->nxtcube = var_cube(g->bytes, g->nbytes, 1);
	g->rest = var_cube(rest, nrest, 0);
	free(rest);
	g->rel = bdd_addref(bddfalse);
	g->learned = bdd_addref(bddfalse);
	g->dom = bdd_addref(bddfalse);
	g->errdom = bdd_addref(bddfalse);
	/* -por=improviso: may phase 1 take p's moves here?  Not where one of
	 * them goes into an atomic sequence (as the explicit Improviso: the
	 * sequence is one move, and its steps need not be safe) */
	g->scope = s->improviso ? ns_safe_scope(s->c, pt->code, pc) : NS_SAFE_NEVER;
	const Loc *L = &pt->code->locs[pc];
	for (int i = 0; i < L->nt; i++)
		if (L->t[i]->atomic)
			g->scope = NS_SAFE_NEVER;
	g->p1 = g->scope != NS_SAFE_NEVER;
	g->safe = bdd_addref(g->scope == NS_SAFE_ALWAYS ? g->at : bddfalse);
	g->safelearned = bdd_addref(bddfalse);
	g->safeaway = g->safevars = bddtrue;
	if (g->p1 && g->scope == NS_SAFE_STATE) {
		/* what safe_group reads: the channels' headers, every process's
		 * location and variables, the globals (vm/next.h), and what the
		 * process's own moves read (D: a timeout guard is safe only while
		 * the process has another move, which may hang on a message,
		 * review-models/to_msg.pml): every byte but the messages outside D */
		int *away = malloc(sizeof(int) * (size_t)s->l.width), *kept = malloc(sizeof(int) * (size_t)s->l.width), na = 0, nk = 0;
		int k0 = sym_kcell(&s->l, 0);
		for (int i = 0; i < s->l.width; i++) {
			if (i >= k0 && (i - k0) % s->l.kcell >= 3 && !g->in[i])
				away[na++] = i;
			else
				kept[nk++] = i;
		}
		g->safeaway = var_cube(away, na, 0);
		g->safevars = var_cube(kept, nk, 0);
		free(away);
		free(kept);
	}
	return g;
}

static void group_free(Group *g)
{
	bdd_delref(g->at);
	bdd_delref(g->curcube);
	bdd_delref(g->nxtcube);
	bdd_delref(g->rest);
	bdd_delref(g->rel);
	bdd_delref(g->learned);
	bdd_delref(g->dom);
	bdd_delref(g->errdom);
	bdd_delref(g->safe);
	bdd_delref(g->safelearned);
	bdd_delref(g->safeaway);
	bdd_delref(g->safevars);
	if (g->c2n)
		bdd_freepair(g->c2n);
	free(g->in);
	free(g->bytes);
	free(g);
}

static Group *group_of(Sym *s, int p, int t, int pc, const uint8_t *key, BDD F)
{
	for (int i = 0; i < s->ng; i++)
		if (s->g[i]->p == p && s->g[i]->t == t && s->g[i]->pc == pc && !memcmp(s->g[i]->key, key, (size_t)s->nfkey[t]))
			return s->g[i];
	if (s->ng == MAXGROUPS)
		return NULL;
	Group *g = group_new(s, p, t, pc, key, F);
	s->g[s->ng++] = g;
	return g;
}

/* ---- learning: the expansion's hooks ---- */

void sym_fail(Sym *s, const char *fmt, const char *arg)
{
	if (s->stop && s->r->bound_msg[0])
		return;
	s->stop = 1;
	char msg[256];
	snprintf(msg, sizeof msg, fmt, arg);
	result_note_bound(s->r, msg);
}
#define fail sym_fail

/* an error met at level s->level in state `at` (fixed layout), moves
 * mv[0..n) from it: counted and printed as every search does; the first
 * is kept for its trail */
static void note_error(Sym *s, const char *msg, const uint8_t *at, const Move *mv, int n)
{
	ErrorReport e = result_report_error(s->r, s->o, msg, s->level + n);
	if (e.first) {
		SymError *er = &s->err;
		er->level = s->level;
		er->state = malloc((size_t)s->l.width);
		er->moves = malloc(sizeof(Move) * (size_t)(n ? n : 1));
		if (er->state && er->moves) {
			memcpy(er->state, at, (size_t)s->l.width);
			memcpy(er->moves, mv, sizeof(Move) * (size_t)n);
			er->nmoves = n;
			snprintf(er->msg, sizeof er->msg, "%s", msg);
			s->have_err = 1;
		}
	}
	if (e.stop)
		s->stop = 1;
}

/* the pair (cur[D], next[D]) as one cube, made bottom-up in one pass:
 * the current and next variables interleave, so and-ing a next cube onto
 * a current one bit by bit walks the whole cube for every bit (33% of
 * leader election's time under -por=improviso, perf); referenced */
static BDD pair_cube(const Group *g, const uint8_t *cur, const uint8_t *nxt)
{
	BDD r = bdd_addref(bddtrue);
	for (int k = g->nbytes - 1; k >= 0; k--) {
		int i = g->bytes[k];
		for (int b = 7; b >= 0; b--) {
			int bn = (nxt[i] >> (7 - b)) & 1, bc = (cur[i] >> (7 - b)) & 1;
			BDD t = bdd_addref(bdd_and(bn ? bdd_ithvar(NXT(i, b)) : bdd_nithvar(NXT(i, b)), r));
			bdd_delref(r);
			r = bdd_addref(bdd_and(bc ? bdd_ithvar(CUR(i, b)) : bdd_nithvar(CUR(i, b)), t));
			bdd_delref(t);
		}
	}
	return r;
}

static void on_store(void *arg, const ExpandFound *f, const Move *path)
{
	Sym *s = arg;
	Group *g = s->cg;
	if (s->stop || s->grow || path[0].pid != g->p)
		return;
	int rc = sym_encode(&s->l, f->b, f->len, s->sfix);
	if (rc == SYM_MORE_PROCS || rc == SYM_MORE_CHANS) {
		s->grow = rc;
		return;
	}
	if (rc != SYM_FITS) {
		fail(s, "a state outside the symbolic fragment: %s", rc == SYM_HEAP ? "objects (new)" : rc == SYM_CALL_FRAME ? "function calls" : "more than 255 proctypes or channel types");
		return;
	}
	for (int i = 0; i < s->l.width; i++)
		if (!g->in[i] && s->sfix[i] != s->wfix[i]) {
			char where[64];
			snprintf(where, sizeof where, "byte %d, process %d at pc %d", i, g->p, g->pc);
			fail(s, "internal check: a move wrote outside the bytes the access analysis gave it (%s)", where);
			return;
		}
	BDD t = pair_cube(g, s->wfix, s->sfix);
	s->moved = 1;
	keep(&g->rel, bdd_or(g->rel, t));
	bdd_delref(t);
}

static void on_error(void *arg, const char *msg, const Move *path, int np)
{
	Sym *s = arg;
	/* np 0: the witness itself has no move, a property of the whole
	 * state and not of this group's projection (checked per level) */
	if (np == 0 || path[0].pid != s->cg->p || s->stop)
		return;
	/* the witness has a move, one that fails: not an end state (the
	 * explicit searches count it as a transition; helper-16's review,
	 * runtime_err_end.pml: -e reported an invalid end state besides).
	 * Not in dom: phase 1 must not take a state for a move it cannot
	 * make */
	s->moved_err = 1;
	if (s->cut)
		return;
	note_error(s, msg, s->wfix, path, np);
}

static void on_bound(void *arg, const char *msg, const Move *path, int np)
{
	Sym *s = arg;
	(void)np;
	if (path[0].pid == s->cg->p && !s->cut)
		fail(s, "%s", msg);
}

static int on_stopped(void *arg)
{
	Sym *s = arg;
	return s->stop || s->grow;
}

static const ExpandHooks learn_hooks = { on_store, on_error, on_bound, on_stopped, NULL };

/* -por=improviso, a group whose safety depends on the state: ask
 * ns_safe_group once per projection of its states with a move onto the
 * bytes it may read (group_new: every byte but the messages outside D) */
static void learn_safe(Sym *s, Group *g, BDD here)
{
	BDD mv = bdd_addref(bdd_and(here, g->dom));
	BDD proj = bdd_addref(bdd_exist(mv, g->safeaway));
	BDD todo = bdd_addref(bdd_apply(proj, g->safelearned, bddop_diff));
	bdd_delref(proj);
	while (todo != bddfalse && !s->stop) {
		BDD u = bdd_addref(bdd_satoneset(todo, g->safevars, bddfalse));
		BDD w = bdd_addref(bdd_and(mv, u));
		sym_cube_bytes(w, s->wfix, s->l.width);
		bdd_delref(w);
		int len = sym_decode(&s->l, s->wfix, s->sv);
		SState ss = { s->sv, len, NULL, 0, -1 };
		s->st->safe_calls++;
		if (ns_safe_group(s->c, &ss, g->p))
			keep(&g->safe, bdd_or(g->safe, u));
		keep(&g->safelearned, bdd_or(g->safelearned, u));
		keep(&todo, bdd_apply(todo, u, bddop_diff));
		bdd_delref(u);
	}
	bdd_delref(todo);
	bdd_delref(mv);
}

/* learn g on the states of F at g's location */
static void learn(Sym *s, Group *g, BDD F)
{
	BDD here = bdd_addref(bdd_and(F, g->at));
	BDD proj = bdd_addref(bdd_exist(here, g->rest));
	BDD todo = bdd_addref(bdd_apply(proj, g->learned, bddop_diff));
	bdd_delref(proj);
	s->cg = g;
	while (todo != bddfalse && !s->stop && !s->grow) {
		BDD u = bdd_addref(bdd_satoneset(todo, g->curcube, bddfalse));
		/* a witness: any path of (here and u) to true, the variables it
		 * skips 0 (a full cube of it would make a node per bit) */
		BDD w = bdd_addref(bdd_and(here, u));
		sym_cube_bytes(w, s->wfix, s->l.width);
		bdd_delref(w);
		int len = sym_decode(&s->l, s->wfix, s->sv);
		s->u = u;
		s->moved = 0;
		s->moved_err = 0;
		s->x->oom = 0;
		expand_state(s->x, NULL, s->sv, len, NULL, 0, 0);
		s->st->next_calls++;
		if (s->x->oom)
			fail(s, "%s", "out of memory expanding a witness");
		keep(&g->learned, bdd_or(g->learned, u));
		if (s->moved)
			keep(&g->dom, bdd_or(g->dom, u));
		else if (s->moved_err)
			keep(&g->errdom, bdd_or(g->errdom, u));
		keep(&todo, bdd_apply(todo, u, bddop_diff));
		bdd_delref(u);
		s->st->learned++;
	}
	bdd_delref(todo);
	if (g->p1 && g->scope == NS_SAFE_STATE && !s->stop && !s->grow)
		learn_safe(s, g, here);
	bdd_delref(here);
}

/* the (t, pc) pairs at which some state of F has its process p: their
 * groups learned on F */
void sym_learn_proc(Sym *s, int p, BDD F, int phase1)
{
	/* the key bytes of the cell: type, pc, and every proctype's frozen
	 * index locals */
	int c0 = sym_pcell(&s->l, p);
	char *kb = calloc((size_t)s->l.pcell, 1);
	int *keyb = malloc(sizeof(int) * (size_t)s->l.width), nk = 0;
	int *others = malloc(sizeof(int) * (size_t)s->l.width), no = 0;
	if (!kb || !keyb || !others)
		abort();
	kb[0] = kb[1] = kb[2] = 1;
	for (int t = 0; t < s->m->nptypes; t++)
		for (int i = 0; i < s->nfkey[t]; i++)
			kb[s->fkey[t][i]] = 1;
	for (int i = 0; i < s->l.width; i++) {
		if (i >= c0 && i < c0 + s->l.pcell && kb[i - c0])
			keyb[nk++] = i;
		else
			others[no++] = i;
	}
	BDD keepv = var_cube(keyb, nk, 0);
	BDD oc = var_cube(others, no, 0);
	free(kb);
	free(keyb);
	free(others);
	BDD at = bdd_addref(bdd_exist(F, oc));
	bdd_delref(oc);
	uint8_t key[SYM_MAXKEY];
	while (at != bddfalse && !s->stop && !s->grow) {
		BDD one = bdd_addref(bdd_satoneset(at, keepv, bddfalse));
		uint8_t *b = s->wfix;
		sym_cube_bytes(one, b, s->l.width);
		int t = b[c0] - 1, pc = b[c0 + 1] | b[c0 + 2] << 8;
		if (t >= 0) {
			for (int i = 0; i < s->nfkey[t]; i++)
				key[i] = b[c0 + s->fkey[t][i]];
			Group *g = group_of(s, p, t, pc, key, F);
			if (!g)
				fail(s, "%s", "more than 65,536 transition groups");
			else if (!phase1 || g->p1)
				learn(s, g, F);
		}
		keep(&at, bdd_apply(at, one, bddop_diff));
		bdd_delref(one);
	}
	bdd_delref(at);
	bdd_delref(keepv);
}

void sym_groups_of_frontier(Sym *s, BDD F)
{
	for (int p = 0; p < s->l.pmax && !s->stop && !s->grow; p++)
		sym_learn_proc(s, p, F, 0);
}
#define groups_of_frontier sym_groups_of_frontier

static long double count_states(BDD V, int nvars);

/* sifting (BuDDy's, bytes as blocks) when the visited set has doubled
 * since the last time, from 10,000 nodes on: BuDDy's own trigger, at a
 * garbage collection, hardly ever fires between levels */
/* The order "attach" (../shared/designs/symbolic.md 2.8): process-major,
 * each global byte placed just before the first process cell one of
 * whose groups reads or writes it (groups that touch every process cell,
 * init's runs, left out: they would attach everything to themselves),
 * then the other globals and the channel cells; a byte's bits with their
 * current and next variables interleaved, as at the start.  As a
 * permutation of the bytes it keeps a current variable at every even
 * level (count_states).  0: the order is the one in place. */
static int attach_order(Sym *s)
{
	int w = s->l.width, n = 0;
	int *order = malloc(sizeof(int) * (size_t)w);
	char *placed = calloc((size_t)w, 1);
	int *levels = malloc(sizeof(int) * (size_t)(16 * w));
	if (!order || !placed || !levels)
		abort();
	for (int i = 0; i < GOFF; i++)
		order[n++] = i, placed[i] = 1;
	for (int p = 0; p < s->l.pmax; p++) {
		int c0 = sym_pcell(&s->l, p);
		for (int k = 0; k < s->ng; k++) {
			const Group *g = s->g[k];
			if (g->p != p)
				continue;
			int cells = 0;
			for (int q = 0; q < s->l.pmax; q++)
				cells += g->in[sym_pcell(&s->l, q)];
			if (cells == s->l.pmax && s->l.pmax > 1)
				continue;
			for (int i = GOFF; i < s->l.gbytes; i++)
				if (g->in[i] && !placed[i])
					order[n++] = i, placed[i] = 1;
		}
		for (int i = c0; i < c0 + s->l.pcell; i++)
			order[n++] = i, placed[i] = 1;
	}
	for (int i = 0; i < w; i++)
		if (!placed[i])
			order[n++] = i;
	int same = 1;
	for (int k = 0; k < w; k++) {
		for (int b = 0; b < 8; b++) {
			levels[16 * k + 2 * b] = CUR(order[k], b);
			levels[16 * k + 2 * b + 1] = NXT(order[k], b);
		}
		same &= bdd_var2level(CUR(order[k], 0)) == 16 * k;
	}
	if (!same)
		bdd_setvarorder(levels);
	free(order);
	free(placed);
	free(levels);
	return !same;
}

void sym_sift(Sym *s, BDD V)
{
	if (s->no_attach && !s->o->sym_sift)
		return;
	int n = bdd_nodecount(V);
	if (n < 10000 || n < 2 * s->sifted)
		return;
	if (s->o->sym_sift)
		bdd_reorder(BDD_REORDER_SIFT);
	else {
		/* kept only if it helps: on channel-heavy models (leader
		 * election) the globals are not what the order needs, and the
		 * attach order made the set larger (220,269 -> 243,565 nodes) */
		int nv = bdd_varnum();
		int *was = malloc(sizeof(int) * (size_t)nv);
		if (!was)
			return;
		for (int l = 0; l < nv; l++)
			was[l] = bdd_level2var(l);
		if (!attach_order(s)) {
			free(was);
			s->sifted = n;
			return;
		}
		if (bdd_nodecount(V) > n) {
			bdd_setvarorder(was);
			s->no_attach = 1;   /* (once: reordering a large set costs) */
		} else
			s->st->sifts++;
		free(was);
		s->sifted = bdd_nodecount(V);
		return;
	}
	s->sifted = bdd_nodecount(V);
	s->st->sifts++;
}

/* the states of F no learned group moves from (each group's dom fixes
 * its process's pc), F minus one dom at a time: the union of the doms,
 * over different bytes each, can be far larger than F (1.4 s of leader
 * election's 3.3 under -por=improviso); referenced */
static BDD without_move(Sym *s, BDD F)
{
	BDD r = bdd_addref(F);
	for (int i = 0; i < s->ng && r != bddfalse; i++) {
		keep(&r, bdd_apply(r, s->g[i]->dom, bddop_diff));
		keep(&r, bdd_apply(r, s->g[i]->errdom, bddop_diff));
	}
	return r;
}

/* The valid end states as a set: every process cell empty or at a
 * location whose end flag is set (an end label or the end of its body;
 * vm/next_vm.c vm_valid_end, the test every search asks through
 * ns_valid_end).  Referenced. */
static BDD valid_ends(Sym *s)
{
	BDD all = bdd_addref(bddtrue);
	uint8_t *fix = calloc((size_t)s->l.width, 1);
	for (int p = 0; p < s->l.pmax && fix; p++) {
		int c0 = sym_pcell(&s->l, p);
		int cell[3] = { c0, c0 + 1, c0 + 2 };
		Group tmp = { .bytes = cell, .nbytes = 3 };
		BDD here = bytes_cube(&tmp, fix, 0, bddtrue);   /* the cell empty */
		for (int t = 0; t < s->m->nptypes; t++) {
			const Code *code = s->m->ptypes[t]->code;
			for (int pc = 0; code && pc < code->nlocs; pc++) {
				if (!code->locs[pc].end)
					continue;
				fix[c0] = (uint8_t)(t + 1);
				fix[c0 + 1] = (uint8_t)pc;
				fix[c0 + 2] = (uint8_t)(pc >> 8);
				BDD one = bytes_cube(&tmp, fix, 0, bddtrue);
				keep(&here, bdd_or(here, one));
				bdd_delref(one);
			}
		}
		fix[c0] = fix[c0 + 1] = fix[c0 + 2] = 0;
		keep(&all, bdd_and(all, here));
		bdd_delref(here);
	}
	free(fix);
	return all;
}

/* is the one state of `one` (a set of a single state) a valid end, asked
 * of the explicit next-state interface? */
static int explicit_valid_end(Sym *s, BDD one)
{
	sym_cube_bytes(one, s->wfix, s->l.width);
	int len = sym_decode(&s->l, s->wfix, s->sv);
	SState ss = { s->sv, len, NULL, 0, -1 };
	return ns_valid_end(s->c, &ss);
}

#define ENDS_SAMPLE 4          /* stuck valid ends per level asked of ns_valid_end too */
#define ENDS_REPORTED 20       /* invalid ends reported one by one (as many as are printed) */

/* The states of F without a move that are not valid end states: one set
 * operation (stuck and not valid_ends), not a walk over the stuck states,
 * which took most of the time where there are many (Worst(20), whose
 * last level is 2^20 states where every process has ended).  The set is
 * checked against the explicit test: each invalid end reported, and a
 * few valid ones a level, must get the same answer from ns_valid_end, or
 * the search stops as incomplete (an internal check).  With -e the
 * invalid ends beyond the first ENDS_REPORTED are counted, not walked. */
void sym_check_ends(Sym *s, BDD F)
{
	BDD stuck = without_move(s, F);
	BDD bad = bdd_addref(bdd_apply(stuck, s->ends, bddop_diff));
	BDD good = bdd_addref(bdd_and(stuck, s->ends));
	bdd_delref(stuck);
	for (int n = 0; n < ENDS_SAMPLE && good != bddfalse && !s->stop; n++) {
		BDD one = bdd_addref(bdd_satoneset(good, s->allcur, bddfalse));
		if (!explicit_valid_end(s, one))
			fail(s, "%s", "internal check: a state the symbolic end test takes as a valid end is not one");
		keep(&good, bdd_apply(good, one, bddop_diff));
		bdd_delref(one);
	}
	bdd_delref(good);
	for (int n = 0; bad != bddfalse && !s->stop; n++) {
		if (n == ENDS_REPORTED) {
			long double more = count_states(bad, 2 * 8 * s->l.width);
			long room = (long)INT32_MAX - s->r->errors;
			if (s->o->max_errors)
				room = s->o->max_errors - s->r->errors;
			s->r->errors += more < (long double)room ? (int)more : (int)room;
			if (s->o->max_errors && s->r->errors >= s->o->max_errors)
				s->stop = 1;
			break;
		}
		BDD one = bdd_addref(bdd_satoneset(bad, s->allcur, bddfalse));
		if (explicit_valid_end(s, one))
			fail(s, "%s", "internal check: a state the symbolic end test takes as an invalid end is a valid one");
		else
			note_error(s, "invalid end state", s->wfix, NULL, 0);
		keep(&bad, bdd_apply(bad, one, bddop_diff));
		bdd_delref(one);
	}
	bdd_delref(bad);
}

BDD sym_image(Sym *s, BDD F)
{
	return sym_image_of(s, F, -1);
}

BDD sym_group_image(Sym *s, const Group *g, BDD F)
{
	BDD n = bdd_addref(bdd_appex(F, g->rel, bddop_and, g->curcube));
	BDD c = bdd_addref(bdd_replace(n, s->n2c));
	bdd_delref(n);
	return c;
}

BDD sym_image_of(Sym *s, BDD F, int p)
{
	BDD next = bdd_addref(bddfalse);
	for (int i = 0; i < s->ng; i++) {
		Group *g = s->g[i];
		if (p >= 0 && g->p != p)
			continue;
		BDD c = sym_group_image(s, g, F);
		keep(&next, bdd_or(next, c));
		bdd_delref(c);
	}
	return next;
}

/* the even numbers in [0, v): the current variables before variable v */
static int evens_below(int v)
{
	return (v + 1) / 2;
}

/* the assignments to the current variables from variable `var(n)` on
 * that n holds (n mentions none of the next ones: it is a set of states);
 * memo by node.  A long double has a 64-bit mantissa: exact below 2^64 */
static long double count_from(BDD n, int nvars, long double *memo)
{
	if (n == bddfalse)
		return 0;
	if (n == bddtrue)
		return 1;
	if (memo[n] >= 0)
		return memo[n];
	int v = bdd_var2level(bdd_var(n));
	BDD lo = bdd_low(n), hi = bdd_high(n);
	int vl = lo <= 1 ? nvars : bdd_var2level(bdd_var(lo)), vh = hi <= 1 ? nvars : bdd_var2level(bdd_var(hi));
	long double c = ldexpl(count_from(lo, nvars, memo), evens_below(vl) - evens_below(v + 1)) +
		        ldexpl(count_from(hi, nvars, memo), evens_below(vh) - evens_below(v + 1));
	memo[n] = c;
	return c;
}

/* the states of V: BuDDy's bdd_satcountset counts over all the variables
 * first, which overflows a double beyond 1,024 of them */
static long double count_states(BDD V, int nvars)
{
	int nn = bdd_getallocnum();
	long double *memo = malloc(sizeof(long double) * (size_t)nn);
	if (!memo)
		return -1;
	for (int i = 0; i < nn; i++)
		memo[i] = -1;
	int top = V <= 1 ? nvars : bdd_var2level(bdd_var(V));
	long double c = ldexpl(count_from(V, nvars, memo), evens_below(top));
	free(memo);
	return c;
}

void sym_peak(Sym *s)
{
	int n = bdd_getnodenum();
	if (n > s->st->peak_nodes)
		s->st->peak_nodes = n;
	size_t mem = (size_t)bdd_getallocnum() * NODE_BYTES;
	if (mem > s->r->mem)
		s->r->mem = mem;
}

/* BuDDy's errors come to one handler with no argument: the manager is
 * global, and so is this flag (reset by every run_layout).  After an
 * error BuDDy's operations return error codes that the next operations
 * refuse in turn (false, again through here), so the search only has to
 * stop at the next check and report the memory bound. */
static int bdd_failed;

static void on_bdd_error(int code)
{
	bdd_failed = code;
}

int sym_bdd_ok(Sym *s)
{
	if (!bdd_failed)
		return 1;
	if (!s->stop) {
		s->stop = 1;
		if (bdd_failed == BDD_NODENUM || bdd_failed == BDD_MEMORY)
			s->r->incomplete = 2;
		else {
			char why[64];
			snprintf(why, sizeof why, "BuDDy error %d", bdd_failed);
			fail(s, "%s", why);
		}
	}
	return 0;
}

static void add_level(Sym *s, BDD F)
{
	if (s->nlev == s->caplev) {
		int nc = s->caplev ? 2 * s->caplev : 64;
		BDD *nv = realloc(s->lev, sizeof(BDD) * (size_t)nc);
		if (!nv) {
			fail(s, "%s", "out of memory keeping the levels");
			return;
		}
		s->lev = nv;
		s->caplev = nc;
	}
	s->lev[s->nlev++] = bdd_addref(F);
}

static void error_free(SymError *e)
{
	free(e->state);
	free(e->moves);
	memset(e, 0, sizeof *e);
}

/* the trail of the first error, found backward through the levels */
static void write_trail(Sym *s)
{
	Move *mv = NULL;
	int n = 0;
	if ((s->improviso || s->chain) && sym_levels_in_reach(s) < 0)
		return;
	if (sym_trail(s, &mv, &n) == 0)
		s->r->trail_written = trail_write(s->o, mv, n, s->err.msg) == 0;
	free(mv);
}

/* -m N: as the explicit searches (search/expand.c), the states at depth
 * N are stored, not expanded, and the search is incomplete if one of them
 * has a move.  Learning finds the moves; errors of those moves are not
 * the search's (the explicit one never makes them) */
static void depth_cut(Sym *s, BDD F)
{
	s->cut = 1;
	groups_of_frontier(s, F);
	s->cut = 0;
	if (!bdd_ok(s))
		return;
	BDD still = without_move(s, F);
	if (still != F)
		s->r->incomplete = 1;
	bdd_delref(still);
}

/* -order=chain (LTSmin's chain-prev): each iteration, every process's
 * image of the set grown by the images of the processes before it, minus
 * the visited states, which take each new state at once; the new states
 * of an iteration are the next one's frontier, where their groups are
 * learned and the end states checked (each state is in exactly one).
 * The visited set is the reachable set as the breadth-first search finds
 * it; the iterations are not levels (the trail: sym_levels_in_reach) */
static void chain(Sym *s, BDD *V, BDD *F)
{
	while (*F != bddfalse && !s->stop && !s->grow) {
		groups_of_frontier(s, *F);
		if (!bdd_ok(s) || s->stop || s->grow)
			break;
		if (!s->o->ends_off)
			check_ends(s, *F);
		BDD x = bdd_addref(*F), nw = bdd_addref(bddfalse);
		for (int p = 0; p < s->l.pmax && !s->stop && !s->grow && bdd_ok(s); p++) {
			sym_learn_proc(s, p, x, 0);
			BDD img = sym_image_of(s, x, p);
			keep(&img, bdd_apply(img, *V, bddop_diff));
			keep(V, bdd_or(*V, img));
			keep(&nw, bdd_or(nw, img));
			keep(&x, bdd_or(x, img));
			bdd_delref(img);
		}
		bdd_delref(x);
		keep(F, nw);
		bdd_delref(nw);
		keep(&s->reach, *V);
		s->st->levels++;
		s->level++;
		peak(s);
		sym_sift(s, *V);
	}
	keep(F, bddfalse);
}

/* one search with pmax process and kmax channel cells: 0 done, else the
 * cell kind that ran out */
static int run_layout(Sym *s, const uint8_t *init, int ilen, int pmax, int kmax)
{
	sym_layout_init(&s->l, s->m, pmax, kmax);
	s->st->pmax = pmax;
	s->st->kmax = kmax;
	s->st->width = s->l.width;
	int nvars = 2 * 8 * s->l.width;
	/* -M: the node table's bound (the caches are a fixed eighth of it) */
	long long maxnodes = s->o->mem_limit ? (long long)(s->o->mem_limit / NODE_BYTES) : 0;
	if (maxnodes > (1LL << 30))
		maxnodes = 1LL << 30;
	int initnodes = maxnodes && maxnodes < (1 << 16) ? (int)maxnodes : 1 << 16;   /* grown by BuDDy as needed (a larger start costs every small run its page faults) */
	if (initnodes < 1024)
		initnodes = 1024;
	bdd_init(initnodes, initnodes / 8);
	bdd_failed = 0;
	bdd_error_hook(on_bdd_error);
	bdd_gbc_hook(NULL);        /* (BuDDy prints every collection otherwise) */
	bdd_setmaxincrease(1 << 22);
	bdd_setcacheratio(4);        /* the operation caches grow with the node table (a fixed cache made small sets slow) */
	if (maxnodes)
		bdd_setmaxnodenum(maxnodes > bdd_getallocnum() ? (int)maxnodes : bdd_getallocnum() + 1);   /* (BuDDy refuses its own size) */
	bdd_setvarnum(nvars);
	/* each byte's bits, current and next interleaved, one block that
	 * sifting moves whole (the count needs a current variable at every
	 * even level) */
	for (int i = 0; s->o->sym_sift && i < s->l.width; i++)
		bdd_intaddvarblock(CUR(i, 0), NXT(i, 7), BDD_REORDER_FIXED);
	s->sifted = 0;
	s->no_attach = 0;
	if (s->l.width <= 0)
		abort();   /* (a layout always has the header) */
	s->wfix = calloc((size_t)s->l.width, 1);
	s->sfix = calloc((size_t)s->l.width, 1);
	s->g = calloc(MAXGROUPS, sizeof *s->g);
	int *all = malloc(sizeof(int) * (size_t)s->l.width);
	for (int i = 0; i < s->l.width; i++)
		all[i] = i;
	s->allcur = var_cube(all, s->l.width, 0);
	s->ends = valid_ends(s);
	s->n2c = bdd_newpair();
	for (int v = 0; v < nvars; v += 2)
		bdd_setpair(s->n2c, v + 1, v);
	s->grow = 0;
	s->stop = 0;
	s->nlev = 0;
	int rc = sym_encode(&s->l, init, ilen, s->wfix);
	BDD V = bddfalse, F = bddfalse;
	if (rc == SYM_FITS) {
		V = sym_bytes_cube(all, s->l.width, s->wfix, 0, bddtrue);
		F = bdd_addref(V);
		s->init = bdd_addref(V);
	} else if (rc == SYM_MORE_PROCS || rc == SYM_MORE_CHANS)
		s->grow = rc;
	else
		fail(s, "%s", "objects or function calls in the initial state");
	free(all);
	s->st->levels = 0;
	s->level = 0;
	if (s->improviso && rc == SYM_FITS) {
		bdd_delref(V);
		V = bddfalse;
		sym_improviso(s, F, &V);
		bdd_delref(F);
		F = bddfalse;
	}
	if (s->chain && rc == SYM_FITS) {
		sym_keep(&s->reach, V);
		chain(s, &V, &F);
	}
	while (F != bddfalse && !s->stop && !s->grow) {
		add_level(s, F);
		if (s->o->max_depth && s->level >= s->o->max_depth) {
			depth_cut(s, F);
			break;
		}
		groups_of_frontier(s, F);
		if (!bdd_ok(s) || s->stop || s->grow)
			break;
		if (!s->o->ends_off)
			check_ends(s, F);
		if (s->stop)
			break;
		BDD N = image(s, F);
		keep(&F, bdd_apply(N, V, bddop_diff));
		bdd_delref(N);
		if (!bdd_ok(s))
			break;
		s->st->levels++;
		s->level++;
		BDD nv = bdd_or(V, F);
		if (!bdd_ok(s))
			break;     /* V stays the last complete level's */
		keep(&V, nv);
		peak(s);
		sym_sift(s, V);
	}
	if (!s->grow) {
		s->st->states = count_states(V, nvars);
		s->st->nodes = bdd_nodecount(V);
		s->st->groups = s->ng;
		BDD *rels = malloc(sizeof(BDD) * (size_t)(s->ng ? s->ng : 1));
		for (int i = 0; rels && i < s->ng; i++)
			rels[i] = s->g[i]->rel;
		s->st->rel_nodes = rels ? bdd_anodecount(rels, s->ng) : 0;
		free(rels);
		if (s->have_err && s->o->trail_path)
			write_trail(s);
	}
	peak(s);
	bdd_delref(F);
	bdd_delref(V);
	for (int i = 0; i < s->nlev; i++)
		bdd_delref(s->lev[i]);
	s->nlev = 0;
	for (int i = 0; i < s->ng; i++)
		group_free(s->g[i]);
	s->ng = 0;
	free(s->g);
	free(s->wfix);
	free(s->sfix);
	bdd_freepair(s->n2c);
	bdd_delref(s->allcur);
	bdd_delref(s->ends);
	bdd_delref(s->reach);
	s->reach = bddfalse;
	bdd_delref(s->init);
	s->init = bddfalse;
	bdd_done();
	return s->grow;
}

const char *sym_refused(const Model *m)
{
	if (m->has_heap)
		return "classes and references";
	if (m->nfuncs)
		return "functions";
	if (m->uses_priority)
		return "priorities";
	if (m->never)
		return "a never claim or ltl formula";
	return NULL;
}

/* a fresh result for another layout: what the last one counted is void */
static void reset_result(SearchResult *r, Sym *s)
{
	SymStats keep_st = *s->st;
	memset(r, 0, sizeof *r);
	r->sym.peak_nodes = keep_st.peak_nodes;
	r->sym.learned = keep_st.learned;
	r->sym.next_calls = keep_st.next_calls;
	r->sym.safe_calls = keep_st.safe_calls;
	error_free(&s->err);
	s->have_err = 0;
}

int search_symbolic(VM *vm, const SearchOpts *o, SearchResult *r)
{
	memset(r, 0, sizeof *r);
	double t0 = search_now();
	const char *no = sym_refused(vm->m);
	if (no) {
		snprintf(r->first_error, sizeof r->first_error, "-symbolic: the model is outside the symbolic fragment: %s", no);
		return -1;
	}
	Sym s;
	memset(&s, 0, sizeof s);
	s.vm = vm;
	s.m = vm->m;
	s.o = o;
	s.acc = vm->prog->access;
	s.r = r;
	s.st = &r->sym;
	s.improviso = o->improviso;
	s.chain = o->sym_chain;
	s.reach = bddfalse;
	s.c = ns_ctx_new(o->stack, vm);
	s.x = malloc(sizeof *s.x);
	s.sv = malloc(MAXSTATE);
	SuccBuf sb0;
	memset(&sb0, 0, sizeof sb0);
	if (!s.c || !s.x || !s.sv || ns_initial(s.c, &sb0) != 1) {
		snprintf(r->first_error, sizeof r->first_error, "out of memory");
		return -1;
	}
	expander_init(s.x, s.c, &learn_hooks, &s, 0);
	s.nofrozen = getenv("DSPIN_SYM_WHOLE_ARRAYS") != NULL;
	frozen_keys(&s);
	uint8_t *init = malloc((size_t)sb0.v[0].len);
	int ilen = sb0.v[0].len;
	memcpy(init, sb0.v[0].b, (size_t)ilen);
	succbuf_free(&sb0);
	int pmax = init[0] ? init[0] : 1, kmax = init[1];
	for (;;) {
		int g = run_layout(&s, init, ilen, pmax, kmax);
		if (!g)
			break;
		/* a state needed another cell: again with room for it */
		reset_result(r, &s);
		/* by half again (at least one): a loop of runs (philosophers'
		 * init) would otherwise restart the search once a process */
		int *cells = g == SYM_MORE_PROCS ? &pmax : &kmax, cap = g == SYM_MORE_PROCS ? MAXPROC : MAXCHAN;
		if (*cells >= cap)
			*cells = cap + 1;
		else
			*cells = *cells + (*cells / 2 > 1 ? *cells / 2 : 1) > cap ? cap : *cells + (*cells / 2 > 1 ? *cells / 2 : 1);
		if (pmax > MAXPROC || kmax > MAXCHAN) {
			result_note_bound(r, "more processes or channels than the symbolic layout allows");
			break;
		}
	}
	free(init);
	error_free(&s.err);
	expander_free(s.x);
	for (int t = 0; t < s.m->nptypes; t++)
		free(s.fkey[t]);
	free(s.fkey);
	free(s.nfkey);
	free(s.x);
	free(s.sv);
	ns_ctx_free(s.c);
	r->depth = r->sym.levels;
	r->max_vec = r->sym.width;
	r->stored = r->sym.states < 18446744073709551616.0L ? (uint64_t)r->sym.states : UINT64_MAX;
	r->secs = search_now() - t0;
	return r->errors;
}
