/* por_inside.c — where an atomic sequence can block halfway (see
 * por_chan.c, "Every access at a location inside an atomic sequence").
 *
 * While a process keeps atomic control nobody else moves and the never
 * claim does not either; only where the sequence's process blocks do the
 * others and the claim see the state.  So a location inside a sequence
 * whose moves another process can enable (a channel's contents, a
 * rendezvous partner) makes those accesses observed, but only if the
 * process can block there at all.  It cannot where some move always runs
 * (an assignment, an else, ...), or where its receive is on a channel
 * known not to be empty, or its send on a buffered channel known not to
 * be full: nothing else moves inside a sequence, so a test at its start
 * (pftp's `nempty(s2f) && nfull(f2d) -> s2f?type,x; ...; f2d!type,s`)
 * holds until the process itself changes the channel, or blocks
 * somewhere and lets the others move.
 *
 * A must-analysis over each proctype's locations, from "everything
 * known" down to a fixpoint: at a location reached with control (only
 * by steps after which the process keeps it), the facts are what every
 * step into it leaves; a step leaves what held where it was taken (if
 * the process could not block there) with its own effect.  Facts are
 * "not empty" and "not full" of up to 64 channel expressions per
 * proctype whose value is fixed (por_chan.c's stable channels); beyond
 * that, or for anything it does not understand (a call, a d_step, a
 * channel it cannot name, a possible rendezvous send, after which
 * control passes to the receiver), it knows nothing. */
#include "por.h"
#include "../lang/access.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct Facts { uint64_t ne, nf; } Facts;   /* not empty, not full */
static const Facts NONE = { 0, 0 }, TOP = { ~0ULL, ~0ULL };

typedef struct Keys { const Var *v[64]; int idx[64]; int n; } Keys;

static int key_of(const ChanTable *ct, Keys *ks, const Expr *e)
{
	if (!chan_stable_expr(ct, e))
		return -1;
	int idx = e->a ? e->a->val : 0;
	for (int i = 0; i < ks->n; i++)
		if (ks->v[i] == e->var && ks->idx[i] == idx)
			return i;
	if (ks->n == 64)
		return -1;
	ks->v[ks->n] = e->var;
	ks->idx[ks->n] = idx;
	return ks->n++;
}

/* a move that can always run where it stands */
static int always_runs(const Trans *t)
{
	const Stmt *s = t->st;
	if (t->is_else)
		return 1;
	if (t->dstep || !s)
		return 0;
	switch (s->k) {
	case S_ASSIGN: case S_INCR: case S_DECR: case S_PRINTF: case S_PRINTM:
	case S_ASSERT: case S_SKIP: case S_GOTO: case S_BREAK: case S_DECL: case S_SELECT:
		return 1;
	case S_EXPR:
		return s->rhs && ((s->rhs->k == E_CONST && s->rhs->val != 0) || s->rhs->k == E_RUN);
	default:
		return 0;
	}
}

/* a receive whose arguments take any message */
static int takes_any(const Stmt *s)
{
	for (int i = 0; i < s->nargs; i++)
		if (s->args[i]->k != E_VAR && s->args[i]->k != E_UNDERSCORE)
			return 0;
	return 1;
}

/* can t run whatever else holds, given the facts? */
static int covered(const ChanTable *ct, Keys *ks, const Trans *t, Facts in)
{
	const Stmt *s = t->st;
	if (t->dstep || !s || t->escape)
		return 0;
	int k;
	if (s->k == S_RECV && takes_any(s) && (k = key_of(ct, ks, s->lhs)) >= 0)
		return (in.ne >> k) & 1;
	if (s->k == S_SEND && !chan_maybe_rendezvous(ct, s->lhs) && (k = key_of(ct, ks, s->lhs)) >= 0)
		return (in.nf >> k) & 1;
	return 0;
}

static int may_block(const ChanTable *ct, Keys *ks, const Loc *l, Facts in)
{
	for (int i = 0; i < l->nt; i++)
		if (always_runs(l->t[i]) || covered(ct, ks, l->t[i], in))
			return 0;
	return 1;
}

/* the facts a positive guard establishes: nempty(q), nfull(q) among the
 * conjuncts of its top-level && */
static void guard_facts(const ChanTable *ct, Keys *ks, const Expr *e, Facts *o)
{
	if (!e)
		return;
	if (e->k == E_BIN && e->op == OP_AND) {
		guard_facts(ct, ks, e->a, o);
		guard_facts(ct, ks, e->b, o);
		return;
	}
	int k;
	if (e->k == E_NEMPTY && (k = key_of(ct, ks, e->a)) >= 0)
		o->ne |= 1ULL << k;
	if (e->k == E_NFULL && (k = key_of(ct, ks, e->a)) >= 0)
		o->nf |= 1ULL << k;
}

/* the facts after t, from those where it was taken */
static Facts after(const ChanTable *ct, Keys *ks, const Trans *t, Facts in)
{
	const Stmt *s = t->st;
	if (t->dstep || !s || s->k == S_CALL || s->k == S_RETURN)
		return NONE;
	int k;
	switch (s->k) {
	case S_EXPR:
		guard_facts(ct, ks, s->rhs, &in);
		return in;
	case S_RECV:
		if ((k = key_of(ct, ks, s->lhs)) < 0) {
			in.ne = 0;                      /* any channel may be it */
			return in;
		}
		/* two expressions may name one channel (a global and a
		 * parameter bound to it): a receive may empty any */
		if (!s->copy) {
			in.ne = 0;
			in.nf |= 1ULL << k;     /* q?<x> takes nothing out */
		}
		return in;
	case S_SEND:
		/* a rendezvous hands control to the receiver */
		if (chan_maybe_rendezvous(ct, s->lhs) || (k = key_of(ct, ks, s->lhs)) < 0)
			return NONE;
		in.nf = 0;                      /* may fill any (aliases) */
		in.ne |= 1ULL << k;
		return in;
	default:
		/* whatever else touches a channel */
		return access_find(ct_access(ct)->trans[t->id], A_CHAN, NULL) ? NONE : in;
	}
}

static Facts meet(Facts a, Facts b)
{
	Facts r = { a.ne & b.ne, a.nf & b.nf };
	return r;
}

/* all: every location inside a sequence may block (a provided clause or
 * priorities can stop the process anywhere) */
static void code_inside(const ChanTable *ct, const Code *k, int all, unsigned char *inside)
{
	int n = k->nlocs;
	unsigned char *in_seq = calloc((size_t)n + 1, 1), *noctl = calloc((size_t)n + 1, 1), *mb = calloc((size_t)n + 1, 1);
	Facts *in = malloc(sizeof(Facts) * ((size_t)n + 1));
	Keys ks;
	ks.n = 0;
	if (!in_seq || !noctl || !mb || !in) {
		/* no memory for the analysis: every location inside a sequence */
		for (int l = 0; l < n; l++)
			if (k->locs[l].atomic_id && !k->locs[l].atomic_entry)
				inside[k->locs[l].gid] = 1;
		free(in_seq); free(noctl); free(mb); free(in);
		return;
	}
	noctl[k->entry] = 1;
	for (int l = 0; l < n; l++) {
		const Loc *loc = &k->locs[l];
		if (loc->atomic_id && !loc->atomic_entry)
			in_seq[l] = 1;
		for (int j = 0; j < loc->nt; j++) {
			int to = loc->t[j]->to;
			if (to < 0 || to >= n)
				continue;
			if (loc->t[j]->atomic)
				in_seq[to] = 1;
			else
				noctl[to] = 1;
		}
	}
	for (int l = 0; l < n; l++)
		in[l] = noctl[l] || !in_seq[l] ? NONE : TOP;
	for (int changed = !all; changed;) {
		changed = 0;
		for (int l = 0; l < n; l++)
			mb[l] = (unsigned char)may_block(ct, &ks, &k->locs[l], in[l]);
		Facts *next = malloc(sizeof(Facts) * ((size_t)n + 1));
		if (!next)
			break;
		for (int l = 0; l < n; l++)
			next[l] = noctl[l] || !in_seq[l] ? NONE : TOP;
		for (int p = 0; p < n; p++) {
			const Loc *loc = &k->locs[p];
			Facts src = in_seq[p] && !mb[p] ? in[p] : NONE;
			for (int j = 0; j < loc->nt; j++) {
				const Trans *t = loc->t[j];
				if (t->atomic && t->to >= 0 && t->to < n)
					next[t->to] = meet(next[t->to], after(ct, &ks, t, src));
			}
		}
		for (int l = 0; l < n; l++)
			if (next[l].ne != in[l].ne || next[l].nf != in[l].nf)
				changed = 1;
		free(in);
		in = next;
	}
	for (int l = 0; l < n; l++)
		if (in_seq[l] && (all || may_block(ct, &ks, &k->locs[l], in[l])))
			inside[k->locs[l].gid] = 1;
	free(in_seq); free(noctl); free(mb); free(in);
}

unsigned char *por_inside(const ChanTable *ct, const Program *p)
{
	const Model *m = p->m;
	unsigned char *inside = xalloc((size_t)p->nlocs + 1);
	for (int i = 0; i < m->nptypes; i++)
		if (m->ptypes[i]->code)
			code_inside(ct, m->ptypes[i]->code, m->uses_priority || m->ptypes[i]->provided, inside);
	/* a function may be called inside a sequence: all of its locations */
	for (int i = 0; i < m->nfuncs; i++) {
		const Code *k = m->funcs[i]->code;
		for (int l = 0; k && l < k->nlocs; l++)
			inside[k->locs[l].gid] = 1;
	}
	return inside;
}
