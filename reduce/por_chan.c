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
 * anything else counts as "might be any channel".
 */
#include "por.h"
#include <stdlib.h>
#include <string.h>

enum { SITE_R = 1, SITE_W = 2, SITE_T = 4 };
typedef struct Site { int kind; const Expr *ch; } Site;
typedef struct Reach { Site *s; int n; int unknown; int spawn; } Reach;

/* chan variables assigned somewhere after their declaration */
static const Var **unstable; static int nunstable, capunstable;

static void note_assigned(const Expr *e)
{
	if (!e || e->k != E_VAR || !e->var || e->var->kind != TY_CHAN) return;
	for (int i = 0; i < nunstable; i++) if (unstable[i] == e->var) return;
	if (nunstable == capunstable) {
		capunstable = capunstable ? capunstable * 2 : 16;
		unstable = xgrow((void *)unstable, capunstable, sizeof *unstable);
	}
	unstable[nunstable++] = e->var;
}

static void scan_assign(const Stmt *s)
{
	if (!s) return;
	if (s->k == S_ASSIGN || s->k == S_SELECT) note_assigned(s->lhs);
	if (s->k == S_RECV) for (int i = 0; i < s->nargs; i++) note_assigned(s->args[i]);
	for (int i = 0; i < s->nbody; i++) scan_assign(s->body[i]);
	for (int i = 0; i < s->nopts; i++)
		for (int j = 0; j < s->optlen[i]; j++) scan_assign(s->opts[i][j]);
	scan_assign(s->sub); scan_assign(s->esc);
}

static int is_unstable(const Var *v)
{
	for (int i = 0; i < nunstable; i++) if (unstable[i] == v) return 1;
	return 0;
}

/* a channel expression whose value is fixed for the process's life */
static int stable_chan(const Expr *e)
{
	if (!e || e->k != E_VAR || !e->var || e->var->kind != TY_CHAN) return 0;
	const Var *v = e->var;
	if (v->in_func || (v->scope != SC_GLOBAL && v->scope != SC_LOCAL) || is_unstable(v)) return 0;
	if (e->a && e->a->k != E_CONST) return 0;
	if (!e->a && v->arrlen) return 0;
	return 1;
}

/* ---- the sites of one transition ---- */
typedef struct Acc { Site *s; int n, cap; int unknown, spawn; } Acc;

static void add_site(Acc *a, int kind, const Expr *ch)
{
	if (!stable_chan(ch)) { a->unknown = 1; return; }
	for (int i = 0; i < a->n; i++) if (a->s[i].ch == ch) { a->s[i].kind |= kind; return; }
	if (a->n == a->cap) { a->cap = a->cap ? a->cap * 2 : 8; a->s = xgrow(a->s, a->cap, sizeof *a->s); }
	a->s[a->n].kind = kind; a->s[a->n].ch = ch; a->n++;
}

static void expr_sites(const Expr *e, Acc *a)
{
	if (!e) return;
	switch (e->k) {
	case E_LEN: case E_EMPTY: case E_NEMPTY: case E_FULL: case E_NFULL: case E_POLL:
		add_site(a, SITE_T, e->a); break;
	case E_RUN: a->spawn = 1; break;
	case E_CALL: a->unknown = 1; break;
	default: break;
	}
	expr_sites(e->a, a); expr_sites(e->b, a); expr_sites(e->c, a);
	for (int i = 0; i < e->nargs; i++) expr_sites(e->args[i], a);
}

static void code_sites(const Code *k, Acc *a);

static void trans_sites(const Trans *t, Acc *a)
{
	if (t->dstep) { code_sites(t->dstep, a); return; }
	const Stmt *s = t->st;
	if (!s) return;
	if (s->k == S_SEND) add_site(a, SITE_W, s->lhs);
	else if (s->k == S_RECV) add_site(a, SITE_R | SITE_T, s->lhs);
	else if (s->k == S_CALL || s->k == S_RETURN) a->unknown = 1;
	if (s->k != S_SEND && s->k != S_RECV) expr_sites(s->lhs, a);
	expr_sites(s->rhs, a);
	for (int i = 0; i < s->nargs; i++) expr_sites(s->args[i], a);
}

static void code_sites(const Code *k, Acc *a)
{
	for (int l = 0; l < k->nlocs; l++)
		for (int i = 0; i < k->locs[l].nt; i++) trans_sites(k->locs[l].t[i], a);
}

/* the sites reachable from every location of a proctype */
static void reach_all(Code *k)
{
	int n = k->nlocs;
	char *seen = malloc((size_t)n);
	int *stack = malloc(sizeof(int) * (size_t)(n + 1));
	for (int l = 0; l < n; l++) {
		Acc a = { 0 };
		memset(seen, 0, (size_t)n);
		int sp = 0;
		stack[sp++] = l; seen[l] = 1;
		while (sp) {
			int x = stack[--sp];
			for (int i = 0; i < k->locs[x].nt; i++) {
				const Trans *t = k->locs[x].t[i];
				trans_sites(t, &a);
				if (t->to >= 0 && t->to < n && !seen[t->to]) { seen[t->to] = 1; stack[sp++] = t->to; }
			}
		}
		Reach *r = xalloc(sizeof *r);   /* lives as long as the compiled model (GC) */
		r->s = a.s; r->n = a.n; r->unknown = a.unknown; r->spawn = a.spawn;
		k->locs[l].por_reach = r;
	}
	free(seen); free(stack);
}

void por_chan_prepare(Model *m)
{
	nunstable = 0;
	for (int i = 0; i < m->nptypes; i++) scan_assign(m->ptypes[i]->body);
	for (int i = 0; i < m->nfuncs; i++) scan_assign(m->funcs[i]->body);
	for (int i = 0; i < m->nptypes; i++) if (!m->ptypes[i]->code->locs[0].por_reach) reach_all(m->ptypes[i]->code);
}

/* a send or receive that may be safe, decided per state */
int por_cond_stmt(const Stmt *s, int (*local_arg)(const Expr *), int (*local_target)(const Expr *))
{
	if (!s || (s->k != S_SEND && s->k != S_RECV) || s->sorted || s->random || s->copy) return 0;
	if (!stable_chan(s->lhs)) return 0;
	for (int i = 0; i < s->nargs; i++) {
		const Expr *a = s->args[i];
		if (s->k == S_SEND) { if (!local_arg(a)) return 0; }
		else if (a->k == E_VAR) { if (!local_target(a)) return 0; }
		else if (a->k != E_CONST && a->k != E_UNDERSCORE && !(a->k == E_EVAL && local_arg(a->a))) return 0;
	}
	return 1;
}

/* the value of a stable channel expression in process pid's context, or
 * -1 if it cannot be read */
static int chan_value(const State *s, int pid, const Expr *e)
{
	const Var *v = e->var;
	int idx = e->a ? e->a->val : 0;
	if (v->arrlen && (idx < 0 || idx >= v->arrlen)) return -1;
	const uint8_t *a;
	if (v->scope == SC_GLOBAL) a = s->b + GOFF + v->offset;
	else {
		if (pid < 0 || pid >= s->nproc) return -1;
		a = s->b + s->poff[pid] + PHDR + v->offset;
	}
	return vm_load(a + idx * v->elemsize, TY_CHAN, v->bits);
}

int por_cond_holds(VM *vm, const State *s, int pid, const Loc *loc)
{
	for (int i = 0; i < loc->nt; i++) {
		const Trans *t = loc->t[i];
		if (!t->por_cond) continue;
		const Stmt *st = t->st;
		int cid = chan_value(s, pid, st->lhs);
		if (cid < 1 || cid > s->nchan) return 0;     /* no channel, or one inside an object */
		const uint8_t *cb = s->b + s->coff[cid - 1];
		int cap = vm->m->chanspecs[cb[0]]->cap, len = cb[2];
		if (cap == 0) return 0;                       /* rendezvous */
		int recv = st->k == S_RECV;
		if (recv ? len == 0 : len >= cap) return 0;
		int conflict = recv ? (SITE_R | SITE_T) : (SITE_W | SITE_T);
		for (int y = 0; y < s->nproc; y++) {
			if (y == pid) continue;
			const uint8_t *ph = s->b + s->poff[y];
			if (ph[3]) return 0;                      /* inside a call: code not tracked */
			const Code *k = vm->m->ptypes[ph[0]]->code;
			int pc = sv_pc(s, y);
			const Reach *r = k->locs[pc].por_reach;
			if (!r || r->unknown || r->spawn) return 0;
			for (int j = 0; j < r->n; j++)
				if ((r->s[j].kind & conflict) && chan_value(s, y, r->s[j].ch) == cid) return 0;
		}
	}
	return 1;
}
