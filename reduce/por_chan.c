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
 *
 * What conflicts: with a receive, another receive or a test of the
 * channel's length or contents (len, empty, full, a poll, a sorted send,
 * which inserts ahead of the head); with a send, another send or a test.
 * A receive and a send by different processes do not conflict (as in
 * SPIN, where xs says nothing about receivers): while the channel is
 * neither empty nor full both stay enabled, and they commute (the send
 * appends, the receive takes the head).  That holds only when nobody
 * looks at whether the other process's send or receive can run, so a
 * transition whose enabledness is observed counts as a test too: one
 * with an else beside it (the else runs exactly when it cannot), an
 * unless escape (it disables the statements it guards), and every channel
 * access inside a d_step (what the d_step does may depend on it).
 * tests/models/sym/chan_else_beside_send.pml, chan_else_beside_recv.pml,
 * chan_unless_recv.pml and chan_dstep_else.pml fail without these.
 *
 * On a rendezvous channel a send is executable exactly while a receiver
 * stands at a matching receive (and the other way round): its
 * enabledness depends on where the partner is, not on the channel.  So
 * when a rendezvous send or receive is observed (an else beside it, an
 * escape, a d_step), any step that brings a process to a location
 * offering a rendezvous access can disable what observes it, however
 * private the step is: such steps are not safe (chan_enables_observed;
 * found by tests/gen's chan programs, seeds 94 and 102:
 * tests/models/sym/chan_else_rendezvous.pml).
 *
 * Every access at a location inside an atomic sequence (after its first
 * step) where its process may block is observed too (por_inside.c says
 * where it may).  While a process keeps atomic control nobody
 * else moves and the never claim does not either (vm/layer_claim.c,
 * pan's rule); only where the sequence's process blocks halfway do the
 * others, and the claim, see the state.  So whether such a location can
 * run decides what the rest of the system sees: another process's receive
 * that makes room for the sequence's send, or a send that feeds its
 * receive, changes the run as much as a visible move
 * (tests/models/live/por_atomic_block_chan.pml under a claim, found by
 * helper-37's review; tests/models/sym/por_atomic_block_watch.pml in a
 * safety search, where a third process watches the value, found by
 * helper-38's generator; pan's reduction misses both once B declares
 * xr q, and the rendezvous form even without).
 */
#include "por.h"
#include "../lang/access.h"
#include <stdlib.h>
#include <string.h>

/* what a site does to its channel: receive, send, test; a test that
 * only a receive can make false (nempty(q), full(q) where a guard needs
 * them true) or only a send (nfull(q), empty(q)) */
enum { SITE_R = 1, SITE_W = 2, SITE_T = 4, SITE_TR = 8, SITE_TS = 16 };
typedef struct Site { int kind; const Expr *ch; } Site;
typedef struct Reach { Site *s; int n; int unknown; int spawn; } Reach;

/* A guard (an expression statement) that reads shared state only through
 * tests of channel lengths (Holzmann & Peled's statement types 4 and 5,
 * nfull(q) for q's only sender, nempty(q) for its only receiver, and
 * their negations), or that waits for a timeout. */
enum { SIDE_RECV, SIDE_SEND };
typedef struct Term { const Expr *ch; int side; } Term;
typedef struct Guard {
	int timeout;           /* a conjunct is timeout */
	const Expr **priv;     /* conjuncts over the process's own variables */
	int npriv;
	Term *terms;           /* the channel tests in the other conjuncts */
	int nterms;
} Guard;

struct ChanTable {
	const Program *p;
	int observed_rv;        /* some observed send or receive may be on a rendezvous channel */
	const Var **unstable;   /* chan variables stored into after their declaration */
	int nunstable;
	const Var **notbuf;     /* chan parameters some run may pass a rendezvous channel */
	int nnotbuf;
	Reach **reach;          /* by Loc.gid: proctypes' locations only */
	unsigned char *inside;  /* by Loc.gid: inside an atomic sequence, may block there (por_inside.c) */
	Guard **guards;         /* by Trans.id: guards that may be safe */
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

/* ---- guards ---- */

/* over the process's own variables and constants only */
static int expr_private(const Expr *e)
{
	if (!e)
		return 1;
	switch (e->k) {
	case E_CONST: case E_PID: case E_MTYPE_NAME:
		return 1;
	case E_VAR:
		return e->var && e->var->scope == SC_LOCAL && !e->var->in_func && expr_private(e->a);
	case E_UN: case E_BIN: case E_COND:
		return expr_private(e->a) && expr_private(e->b) && expr_private(e->c);
	default:
		return 0;
	}
}

/* the channel tests of a conjunct, whose other leaves are private */
static int collect_terms(const ChanTable *ct, const Expr *e, Guard *g)
{
	if (!e)
		return 1;
	switch (e->k) {
	case E_NEMPTY: case E_EMPTY: case E_NFULL: case E_FULL:
		if (!stable_chan(ct, e->a))
			return 0;
		g->terms = xgrow(g->terms, g->nterms + 1, sizeof *g->terms);
		g->terms[g->nterms].ch = e->a;
		g->terms[g->nterms].side = e->k == E_NEMPTY || e->k == E_EMPTY ? SIDE_RECV : SIDE_SEND;
		g->nterms++;
		return 1;
	case E_CONST: case E_PID: case E_MTYPE_NAME: case E_VAR:
		return expr_private(e);
	case E_UN: case E_BIN: case E_COND:
		return collect_terms(ct, e->a, g) && collect_terms(ct, e->b, g) && collect_terms(ct, e->c, g);
	default:
		return 0;
	}
}

static int timeout_conjunct(const Expr *e)
{
	if (e->k == E_BIN && e->op == OP_AND)
		return timeout_conjunct(e->a) || timeout_conjunct(e->b);
	return e->k == E_TIMEOUT;
}

static int conjuncts(const ChanTable *ct, const Expr *e, Guard *g)
{
	if (e->k == E_BIN && e->op == OP_AND)
		return conjuncts(ct, e->a, g) && conjuncts(ct, e->b, g);
	if (e->k == E_TIMEOUT)
		return 1;
	if (expr_private(e)) {
		g->priv = xgrow(g->priv, g->npriv + 1, sizeof *g->priv);
		g->priv[g->npriv++] = e;
		return 1;
	}
	return collect_terms(ct, e, g);
}

static int is_term(const Guard *g, const void *obj)
{
	for (int i = 0; i < g->nterms; i++)
		if (g->terms[i].ch == obj)
			return 1;
	return 0;
}

/* a guard whose shared reads are all channel tests of its own (checked
 * against the access set too: a provided clause joins it), or one with a
 * timeout conjunct: NULL if not */
static Guard *guard_of(const ChanTable *ct, const Trans *t)
{
	const Stmt *s = t->st;
	if (t->dstep || !s || s->k != S_EXPR || !s->rhs)
		return NULL;
	Guard *g = xalloc(sizeof *g);
	g->timeout = timeout_conjunct(s->rhs);
	if (g->timeout)
		return g;
	if (!conjuncts(ct, s->rhs, g))
		return NULL;
	const Access *a = ct->p->access->trans[t->id];
	if (a->writes_ref || !g->nterms)
		return NULL;
	for (int i = 0; i < a->n; i++) {
		const AccItem *it = &a->v[i];
		if (it->kind == A_LOCAL || it->kind == A_PID)
			continue;
		if (it->kind == A_CHAN && it->mode == AM_TEST && is_term(g, it->obj))
			continue;
		if (it->kind == A_GLOBAL && it->mode == AM_READ && ((const Var *)it->obj)->kind == TY_CHAN)
			continue;
		return NULL;
	}
	return g;
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

/* the kind of the test of channel expression ch in expression e: at a
 * positive place of a guard (under && and || only), nempty(q) and full(q)
 * can only be made false by a receive, nfull(q) and empty(q) by a send;
 * a receive or a send that makes the guard true only enables it */
static int test_kind(const Expr *e, const void *ch, int pos)
{
	if (!e)
		return 0;
	if (e->a == ch) {
		if (e->k == E_NEMPTY || e->k == E_FULL)
			return pos ? SITE_TR : SITE_T;
		if (e->k == E_NFULL || e->k == E_EMPTY)
			return pos ? SITE_TS : SITE_T;
		if (e->k == E_LEN || e->k == E_POLL)
			return SITE_T;
	}
	int p = pos && e->k == E_BIN && (e->op == OP_AND || e->op == OP_OR);
	int k = test_kind(e->a, ch, p);
	if (!k)
		k = test_kind(e->b, ch, p);
	if (!k)
		k = test_kind(e->c, ch, 0);
	for (int i = 0; !k && i < e->nargs; i++)
		k = test_kind(e->args[i], ch, 0);
	return k;
}

/* observed: the transition's enabledness is read by a sibling (an else
 * beside it, a lower unless level) or its outcome by the rest of a d_step;
 * then every access is a test too */
static int site_kind(const Trans *t, const AccItem *it, int observed)
{
	int kind = 0;
	if (it->mode & AM_SEND)
		kind |= SITE_W;
	if (it->mode & AM_RECV)
		kind |= SITE_R;
	if (observed)
		kind |= SITE_T;
	else if (it->mode & AM_TEST) {
		int k = 0;
		if (t->st && t->st->k == S_EXPR && !t->dstep)
			k = test_kind(t->st->rhs, it->obj, 1);
		kind |= k ? k : SITE_T;
	}
	return kind;
}

/* a call's code is not tracked; a new process could touch anything */
static void add_sites(const ChanTable *ct, Reach *r, const Trans *t, const Access *a, int observed)
{
	for (int i = 0; i < a->n; i++)
		switch (a->v[i].kind) {
		case A_CHAN: add_site(ct, r, site_kind(t, &a->v[i], observed), a->v[i].obj); break;
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
			int has_else = 0;
			for (int i = 0; i < k->locs[x].nt; i++)
				has_else |= k->locs[x].t[i]->is_else;
			for (int i = 0; i < k->locs[x].nt; i++) {
				const Trans *t = k->locs[x].t[i];
				add_sites(ct, r, t, at->trans[t->id], has_else || t->escape || t->dstep || ct->inside[k->locs[x].gid]);
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

static int not_buffered_param(const ChanTable *ct, const Var *v)
{
	for (int i = 0; i < ct->nnotbuf; i++)
		if (ct->notbuf[i] == v)
			return 1;
	return 0;
}

/* may channel expression e denote a rendezvous channel?  A chan variable
 * never stored into is known not to when declared with a buffered
 * initialiser (every element of an array shares it, whatever the index),
 * or when it is a parameter that every run passes such a channel
 * (find_buffered_params) */
static int maybe_buffered_var(const ChanTable *ct, const Expr *e, int any_index)
{
	if (!e || e->k != E_VAR || !e->var || e->var->kind != TY_CHAN || e->var->in_func || is_unstable(ct, e->var))
		return 0;
	if (!any_index && !stable_chan(ct, e))
		return 0;
	const Var *v = e->var;
	if (v->is_param)
		return v->scope == SC_LOCAL && !not_buffered_param(ct, v);
	return (v->scope == SC_GLOBAL || v->scope == SC_LOCAL) && v->chan && v->chan->cap > 0;
}

static int maybe_rendezvous(const ChanTable *ct, const Expr *e)
{
	return !maybe_buffered_var(ct, e, 0);
}

/* A chan parameter is known buffered when its proctype is not active and
 * every run of it passes a channel known buffered there: a fixpoint over
 * the run sites, starting from "every parameter buffered" and taking
 * back what a site contradicts (found by the reduction's cost on pftp,
 * whose fc takes its buffered channels as parameters;
 * bench/RESULTS.md, "The figures behind the code") */
typedef struct RunScan { ChanTable *ct; int changed; } RunScan;

static void not_buffered(ChanTable *ct, const Var *v, int *changed)
{
	if (not_buffered_param(ct, v))
		return;
	PUSH(ct->notbuf, ct->nnotbuf, v);
	*changed = 1;
}

static int run_site(Visitor *v, Expr *e, Use use)
{
	(void)use;
	RunScan *rs = v->ctx;
	if (e->k != E_RUN || !e->ptype)
		return 0;
	const Proctype *pt = e->ptype;
	for (int i = 0; i < pt->nparams; i++) {
		const Var *p = pt->params[i];
		if (p->kind != TY_CHAN)
			continue;
		if (i >= e->nargs || !maybe_buffered_var(rs->ct, e->args[i], 1))
			not_buffered(rs->ct, p, &rs->changed);
	}
	return 0;
}

static void find_buffered_params(ChanTable *ct)
{
	const Model *m = ct->p->m;
	int changed = 0;
	for (int i = 0; i < m->nptypes; i++) {
		const Proctype *pt = m->ptypes[i];
		for (int j = 0; j < pt->nparams; j++)
			if (pt->params[j]->kind == TY_CHAN && (pt->active || pt->is_never))
				not_buffered(ct, pt->params[j], &changed);
	}
	RunScan rs = { ct, 1 };
	while (rs.changed) {
		rs.changed = 0;
		Visitor v;
		memset(&v, 0, sizeof v);
		v.expr = run_site;
		v.ctx = &rs;
		visit_model(&v, (Model *)m);
	}
}

/* does the access set send or receive on a channel that may be a rendezvous? */
static int rendezvous_io(const ChanTable *ct, const Access *a)
{
	for (int i = 0; i < a->n; i++) {
		const AccItem *it = &a->v[i];
		if (it->kind == A_CHAN && (it->mode & (AM_SEND | AM_RECV)) && maybe_rendezvous(ct, it->obj))
			return 1;
	}
	return 0;
}

/* is a rendezvous send or receive observed anywhere (an else beside it,
 * an escape, a d_step)? */
static int code_observes_rendezvous(const ChanTable *ct, const Code *k)
{
	const AccessTable *at = ct->p->access;
	for (int l = 0; k && l < k->nlocs; l++) {
		int has_else = 0;
		for (int i = 0; i < k->locs[l].nt; i++)
			has_else |= k->locs[l].t[i]->is_else;
		for (int i = 0; i < k->locs[l].nt; i++) {
			const Trans *t = k->locs[l].t[i];
			if ((has_else || t->escape || t->dstep || ct->inside[k->locs[l].gid]) && rendezvous_io(ct, at->trans[t->id]))
				return 1;
		}
	}
	return 0;
}

int chan_enables_observed(const ChanTable *ct, const Trans *t)
{
	if (!ct->observed_rv || !t->owner || !t->owner->code)
		return 0;
	const Code *k = t->owner->code;
	if (t->to < 0 || t->to >= k->nlocs)
		return 0;
	const Loc *to = &k->locs[t->to];
	for (int i = 0; i < to->nt; i++)
		if (rendezvous_io(ct, ct->p->access->trans[to->t[i]->id]))
			return 1;
	return 0;
}

int chan_stable_expr(const ChanTable *ct, const Expr *e)
{
	return stable_chan(ct, e);
}

int chan_maybe_rendezvous(const ChanTable *ct, const Expr *e)
{
	return maybe_rendezvous(ct, e);
}

const AccessTable *ct_access(const ChanTable *ct)
{
	return ct->p->access;
}

ChanTable *chan_table(const Program *p)
{
	ChanTable *ct = xalloc(sizeof *ct);
	ct->p = p;
	ct->reach = xalloc(sizeof(Reach *) * ((size_t)p->nlocs + 1));
	find_unstable(ct);
	find_buffered_params(ct);
	/* where an atomic sequence can block halfway (por_inside.c) */
	ct->inside = por_inside(ct, p);
	for (int i = 0; i < p->m->nptypes; i++)
		reach_all(ct, p->m->ptypes[i]->code);
	for (int i = 0; i < p->m->nptypes; i++)
		ct->observed_rv |= code_observes_rendezvous(ct, p->m->ptypes[i]->code);
	for (int i = 0; i < p->m->nfuncs; i++)
		ct->observed_rv |= code_observes_rendezvous(ct, p->m->funcs[i]->code);
	ct->guards = xalloc(sizeof(Guard *) * ((size_t)p->ntrans + 1));
	for (int i = 0; i < p->ntrans; i++)
		ct->guards[i] = guard_of(ct, p->trans[i]);
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
	if (ct->guards[t->id])
		return 1;
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

/* channel e of process pid in s: its id, length and capacity; 0 if it
 * is not a buffered channel of the state (none, one inside an object, a
 * rendezvous) */
static int buffered(VM *vm, const State *s, int pid, const Expr *e, int *len, int *cap)
{
	int cid = chan_value(s, pid, e);
	if (cid < 1 || cid > s->nchan)
		return 0;
	const uint8_t *cb = s->b + s->coff[cid - 1];
	*cap = vm->m->chanspecs[cb[0]]->cap;
	*len = cb[2];
	return *cap > 0 ? cid : 0;
}

/* A guard cannot change its value while its process stands still if one
 * of its private conjuncts is false (it stays disabled), or if each of
 * its channel tests is stable: nempty(q) and empty(q) while q is not
 * empty and no other process can still receive from q (sends only
 * lengthen it), nfull(q) and full(q) while q is not full and no other
 * process can still send to it.  The guard itself changes nothing, so
 * another process's tests do not matter.  A guard with a timeout
 * conjunct is never enabled in a state where its process has a move: the
 * reduction only takes a process with a move, and its moves stay enabled
 * while the others move, so the timeout stays disabled too.  "A move"
 * without a timeout: where every move is one (nothing else can move) the
 * premise fails, and layer_por.c's safe_in checks it (por_loc_timeout). */
static int guard_holds(const ChanTable *ct, VM *vm, const State *s, int pid, const Guard *g)
{
	if (g->timeout)
		return 1;
	Exec x;
	memset(&x, 0, sizeof x);
	x.vm = vm;
	x.s = (State *)s;                                 /* read only */
	x.pid = pid;
	for (int i = 0; i < g->npriv; i++) {
		x.err = 0;
		int32_t v = vm_eval(&x, g->priv[i]);
		if (!x.err && v == 0)
			return 1;
	}
	for (int i = 0; i < g->nterms; i++) {
		int len, cap, cid = buffered(vm, s, pid, g->terms[i].ch, &len, &cap);
		if (!cid)
			return 0;
		int recv = g->terms[i].side == SIDE_RECV;
		if (recv ? len == 0 : len >= cap)
			return 0;
		if (others_reach(ct, s, pid, cid, recv ? SITE_R : SITE_W))
			return 0;
	}
	return 1;
}

/* Process pid's death (it is the last process) removes it and the
 * channels it created, and lowers _nr_pr (por.c takes care of readers).
 * It commutes with every other process's move unless that creates a
 * process (its pid would differ; and pid could no longer die), calls a
 * function (the state vector's size), or touches one of the channels
 * that go: none of that may be reachable. */
int chan_death_holds(const ChanTable *ct, const State *s, int pid)
{
	if (others_reach(ct, s, pid, 0, 0))
		return 0;
	for (int c = 0; c < s->nchan; c++)
		if (s->b[s->coff[c] + 1] == pid &&
		    others_reach(ct, s, pid, c + 1, SITE_R | SITE_W | SITE_T | SITE_TR | SITE_TS))
			return 0;
	return 1;
}

int chan_trans_timeout(const ChanTable *ct, const Trans *t)
{
	return ct->guards[t->id] && ct->guards[t->id]->timeout;
}

int chan_cond_holds(const ChanTable *ct, VM *vm, const State *s, int pid, const Trans *t)
{
	if (ct->guards[t->id])
		return guard_holds(ct, vm, s, pid, ct->guards[t->id]);
	const Stmt *st = t->st;
	int len, cap, cid = buffered(vm, s, pid, st->lhs, &len, &cap);
	if (!cid)
		return 0;
	int recv = st->k == S_RECV;
	if (recv ? len == 0 : len >= cap) return 0;
	int conflict = recv ? (SITE_R | SITE_T | SITE_TR) : (SITE_W | SITE_T | SITE_TS);
	return !others_reach(ct, s, pid, cid, conflict);
}
