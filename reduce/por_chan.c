/* por_chan.c — conditionally safe sends and receives (Holzmann & Peled,
 * "An Improvement in Formal Verification", the channel types of section
 * 3: a receive is safe while its channel is not empty and nobody else
 * receives from it or tests it, a send while its channel is not full and
 * nobody else sends to it or tests it).
 *
 * SPIN takes "nobody else" from the model's xr/xs declarations and checks
 * them only as the search goes; a violation that the reduction itself
 * hides goes unnoticed.  dspin does not trust declarations: it proves the
 * exclusivity in each state from the control-flow graphs.  For every
 * location of every proctype it knows which channel accesses are still
 * reachable (the sites: send, receive, test, with their channel
 * expressions) and whether the process can still create processes or call
 * functions.  A send or receive of P at state s is then safe if its channel
 * is buffered, the length condition holds, and no other live process can
 * reach a conflicting access to that channel from where it is.  Only
 * channel expressions whose value is fixed for the process's life are
 * understood (a chan variable, global or local, never assigned after its
 * declaration or process creation, optionally with a constant index);
 * anything else counts as "might be any channel".  What each transition
 * touches comes from the access sets (lang/access.h); the table built here
 * is part of the POR table and, like it, immutable once built.
 */
#include "por.h"
#include "../lang/access.h"
#include <stdlib.h>
#include <string.h>

enum { SITE_R = 1, SITE_W = 2, SITE_T = 4 };
typedef struct Site { int kind; const Expr *ch; } Site;
typedef struct Reach { Site *s; int n; int unknown; int spawn; } Reach;

struct ChanTable {
	const Program *p;
	const Var **unstable;   /* chan variables stored into after their declaration */
	int nunstable;
	Reach **reach;          /* by Loc.gid: proctypes' locations only */
};

/* every store into a chan variable is in some access set as a write */
static void find_unstable(ChanTable *ct)
{
	const Access *all = ct->p->access->model;
	for (int i = 0; i < all->n; i++) {
		const AccItem *it = &all->v[i];
		const Var *v = it->obj;
		if (it->kind != A_GLOBAL && it->kind != A_LOCAL)
			continue;
		if ((it->mode & AM_WRITE) && v->kind == TY_CHAN)
			PUSH(ct->unstable, ct->nunstable, v);
	}
}

static int is_unstable(const ChanTable *ct, const Var *v)
{
	for (int i = 0; i < ct->nunstable; i++)
		if (ct->unstable[i] == v)
			return 1;
	return 0;
}

/* a channel expression whose value is fixed for the process's life */
static int stable_chan(const ChanTable *ct, const Expr *e)
{
	if (!e || e->k != E_VAR || !e->var || e->var->kind != TY_CHAN)
		return 0;
	const Var *v = e->var;
	if (v->in_func || (v->scope != SC_GLOBAL && v->scope != SC_LOCAL) || is_unstable(ct, v))
		return 0;
	if (e->a && e->a->k != E_CONST)
		return 0;
	if (!e->a && v->arrlen)
		return 0;
	return 1;
}

/* ---- the sites a transition touches ---- */

static void add_site(const ChanTable *ct, Reach *r, int kind, const Expr *ch)
{
	if (!stable_chan(ct, ch)) {
		r->unknown = 1;
		return;
	}
	for (int i = 0; i < r->n; i++)
		if (r->s[i].ch == ch) {
			r->s[i].kind |= kind;
			return;
		}
	r->s = xgrow(r->s, r->n + 1, sizeof *r->s);
	r->s[r->n].kind = kind;
	r->s[r->n].ch = ch;
	r->n++;
}

static int site_kind(int mode)
{
	int kind = 0;
	if (mode & AM_SEND)
		kind |= SITE_W;
	if (mode & AM_RECV)
		kind |= SITE_R | SITE_T;
	if (mode & AM_TEST)
		kind |= SITE_T;
	return kind;
}

/* a call's code is not tracked; a new process could touch anything */
static void add_sites(const ChanTable *ct, Reach *r, const Access *a)
{
	for (int i = 0; i < a->n; i++)
		switch (a->v[i].kind) {
		case A_CHAN: add_site(ct, r, site_kind(a->v[i].mode), a->v[i].obj); break;
		case A_RUN: r->spawn = 1; break;
		case A_CALL: case A_RETURN: r->unknown = 1; break;
		default: break;
		}
}

/* the sites reachable from every location of a proctype */
static void reach_all(ChanTable *ct, const Code *k)
{
	const AccessTable *at = ct->p->access;
	int n = k->nlocs;
	char *seen = malloc((size_t)n);
	int *stack = malloc(sizeof(int) * (size_t)(n + 1));
	for (int l = 0; l < n; l++) {
		Reach *r = xalloc(sizeof *r);
		memset(seen, 0, (size_t)n);
		int sp = 0;
		stack[sp++] = l;
		seen[l] = 1;
		while (sp) {
			int x = stack[--sp];
			for (int i = 0; i < k->locs[x].nt; i++) {
				const Trans *t = k->locs[x].t[i];
				add_sites(ct, r, at->trans[t->id]);
				if (t->to >= 0 && t->to < n && !seen[t->to]) {
					seen[t->to] = 1;
					stack[sp++] = t->to;
				}
			}
		}
		ct->reach[k->locs[l].gid] = r;
	}
	free(seen);
	free(stack);
}

ChanTable *chan_table(const Program *p)
{
	ChanTable *ct = xalloc(sizeof *ct);
	ct->p = p;
	ct->reach = xalloc(sizeof(Reach *) * ((size_t)p->nlocs + 1));
	find_unstable(ct);
	for (int i = 0; i < p->m->nptypes; i++)
		reach_all(ct, p->m->ptypes[i]->code);
	return ct;
}

/* ---- which sends and receives may be safe ---- */

/* a receive's arguments: variables, constants, _ and eval() */
static int plain_recv_args(const Stmt *s)
{
	for (int i = 0; i < s->nargs; i++) {
		ExprKind k = s->args[i]->k;
		if (k != E_VAR && k != E_CONST && k != E_UNDERSCORE && k != E_EVAL)
			return 0;
	}
	return 1;
}

/* besides the channel ch (and reading the variable that names it),
 * only the process's own variables */
static int private_but(const Access *a, const Expr *ch)
{
	if (a->writes_ref)
		return 0;
	for (int i = 0; i < a->n; i++) {
		const AccItem *it = &a->v[i];
		if (it->kind == A_LOCAL || it->kind == A_PID)
			continue;
		if (it->kind == A_CHAN && it->obj == ch)
			continue;
		if (it->kind == A_GLOBAL && it->obj == ch->var && it->mode == AM_READ)
			continue;
		return 0;
	}
	return 1;
}

int chan_cond_trans(const ChanTable *ct, const Trans *t)
{
	const Stmt *s = t->st;
	if (t->dstep || !s || (s->k != S_SEND && s->k != S_RECV))
		return 0;
	if (s->sorted || s->random || s->copy || !stable_chan(ct, s->lhs))
		return 0;
	if (s->k == S_RECV && !plain_recv_args(s))
		return 0;
	return private_but(ct->p->access->trans[t->id], s->lhs);
}

/* ---- the condition in a state ---- */

/* the value of a stable channel expression in process pid's context, or
 * -1 if it cannot be read */
static int chan_value(const State *s, int pid, const Expr *e)
{
	const Var *v = e->var;
	int idx = e->a ? e->a->val : 0;
	if (v->arrlen && (idx < 0 || idx >= v->arrlen))
		return -1;
	const uint8_t *a;
	if (v->scope == SC_GLOBAL)
		a = s->b + GOFF + v->offset;
	else {
		if (pid < 0 || pid >= s->nproc)
			return -1;
		a = s->b + s->poff[pid] + PHDR + v->offset;
	}
	return vm_load(a + idx * v->elemsize, TY_CHAN, v->bits);
}

/* can another process still reach a conflicting access to channel cid? */
static int others_reach(const ChanTable *ct, const State *s, int pid, int cid, int conflict)
{
	const Model *m = ct->p->m;
	for (int y = 0; y < s->nproc; y++) {
		if (y == pid)
			continue;
		const uint8_t *ph = s->b + s->poff[y];
		if (ph[3])
			return 1;                                 /* inside a call: code not tracked */
		const Code *k = m->ptypes[ph[0]]->code;
		const Reach *r = ct->reach[k->locs[sv_pc(s, y)].gid];
		if (!r || r->unknown || r->spawn)
			return 1;
		for (int j = 0; j < r->n; j++)
			if ((r->s[j].kind & conflict) && chan_value(s, y, r->s[j].ch) == cid)
				return 1;
	}
	return 0;
}

int chan_cond_holds(const ChanTable *ct, VM *vm, const State *s, int pid, const Trans *t)
{
	const Stmt *st = t->st;
	int cid = chan_value(s, pid, st->lhs);
	if (cid < 1 || cid > s->nchan)
		return 0;                                     /* no channel, or one inside an object */
	const uint8_t *cb = s->b + s->coff[cid - 1];
	int cap = vm->m->chanspecs[cb[0]]->cap, len = cb[2];
	if (cap == 0)
		return 0;                                     /* rendezvous */
	int recv = st->k == S_RECV;
	if (recv ? len == 0 : len >= cap) return 0;
	int conflict = recv ? (SITE_R | SITE_T) : (SITE_W | SITE_T);
	return !others_reach(ct, s, pid, cid, conflict);
}
