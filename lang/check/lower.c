/* lower.c — lowering, after resolution: a call inside an expression is
 * hoisted into a call step before its statement, into a temporary; a
 * call on the right of && / || or in a branch of ( -> : ) runs only when
 * the left side asks for it, so that statement becomes an if.  A call in
 * a guard is refused (it would stop deciding its option). */
#include "check.h"
#include "../access.h"
#include <string.h>
#include <stdio.h>

/* ---- calls inside expressions are hoisted into call steps before the
 * statement, left to right, innermost first, into temporaries ---- */

static int is_lazy(const Expr *e)
{
	return (e->k == E_BIN && (e->op == OP_AND || e->op == OP_OR)) || e->k == E_COND;
}

/* Hoists the calls every evaluation of e makes: not those in the right
 * operand of && / || or a branch of ( -> : ), which lower_lazy turns
 * into control flow. */
static void hoist_expr(Check *ck, Expr *e, int top_ok)
{
	if (!e) return;
	hoist_expr(ck, e->a, 0);
	if (!is_lazy(e)) { hoist_expr(ck, e->b, 0); hoist_expr(ck, e->c, 0); }
	for (int i = 0; i < e->nargs; i++) hoist_expr(ck, e->args[i], 0);
	if (e->k != E_CALL || top_ok || !e->ptype) return;
	if (e->ptype->ret_kind == TY_NONE) { diag_error(ck->diag, e->pos, "'%s' returns no value", e->ptype->name); return; }
	char *name = xalloc(32);
	snprintf(name, 32, "_call%d", ck->cur->ntemps++);
	Var *t = NEW(Var);
	t->name = name; t->pos = e->pos; t->kind = e->ptype->ret_kind; t->rec = e->ptype->ret_rec;
	t->scope = SC_LOCAL; t->in_func = ck->cur->is_func; t->hidden = 1;
	PUSH(ck->cur->locals, ck->cur->nlocals, t);
	Expr *call = NEW(Expr); *call = *e;
	Stmt *cs = NEW(Stmt);
	cs->k = S_CALL; cs->pos = e->pos; cs->rhs = call;
	Expr *lv = NEW(Expr); lv->k = E_VAR; lv->var = t; lv->pos = e->pos; lv->type = t->kind;
	cs->lhs = lv;
	char *txt = xalloc(strlen(e->ptype->name) + 48);
	sprintf(txt, "%s = %s(...)", name, e->ptype->name);
	cs->text = txt;
	PUSH(ck->hoist, ck->nhoist, cs);
	/* the call's value is now the temporary */
	memset(e, 0, sizeof *e);
	e->k = E_VAR; e->var = t; e->pos = cs->pos; e->type = t->kind;
}

static void hoist_list(Check *ck, Stmt **body, int n)
{
	for (int i = 0; i < n; i++) body[i] = lower_stmt(ck, body[i]);
}

/* A call that hoisting would move away from where it is needed is
 * rejected rather than given another meaning:
 * in a guard (the first statement of an if/do option): the call would
 * become the option's first step, always executable, so the guard would
 * no longer decide whether the option (or else) is taken. */
static int first_call(Visitor *v, Expr *e, Use use)
{
	(void)use;
	const Expr **found = v->ctx;
	if (*found)
		return 1;
	if (e->k != E_CALL || !e->ptype)
		return 0;
	*found = e;
	return 1;
}

/* the first call in e: outermost first, then left to right */
static const Expr *find_call(Proctype *pt, Expr *e)
{
	const Expr *found = NULL;
	Visitor v = { first_call, &found, pt, IN_BODY };
	visit_expr(&v, e, USE_READ);
	return found;
}

/* ---- calls on the right of && / || or in a branch of ( -> : ) ----
 *
 * They run only when the left side (the condition) asks for them, as in C
 * or Java (`n != null && n.ok(k)`): the statement S holding the operator
 * N = L op R becomes
 *
 *     if :: L -> S[N := value when L holds] :: else -> S[N := value when not] fi
 *
 * where `S[N := R != 0]` (&& when L holds, || when it does not), or the
 * chosen branch of ( -> : ), is lowered again, so the calls in R become
 * call steps before it, each callee statement still a step of its own.
 * L is a guard step; it is evaluated once. A left side that itself holds
 * such a call is first computed into a temporary (`_lazyN = L`). Calls
 * outside any such operand are hoisted first, as before. */

/* the outermost, leftmost && / || / ( -> : ) whose lazy operand holds a call */
static int lazy_node(Visitor *v, Expr *e, Use use)
{
	(void)use;
	Expr **found = v->ctx;
	if (*found) return 1;
	if (!is_lazy(e)) return 0;
	if (find_call(v->scope, e->b) || (e->k == E_COND && find_call(v->scope, e->c))) { *found = e; return 1; }
	return 0;
}

static Expr *find_lazy(Check *ck, Stmt *s)
{
	Expr *found = NULL;
	Visitor v = { lazy_node, &found, ck->cur, IN_BODY };
	if (s->lhs) visit_expr(&v, s->lhs, USE_READ);
	if (!found && s->rhs) visit_expr(&v, s->rhs, USE_READ);
	for (int i = 0; i < s->nargs && !found; i++) visit_expr(&v, s->args[i], USE_READ);
	return found;
}

static Expr *copy_expr(const Expr *e, const Expr *node, const Expr *repl)
{
	if (!e) return NULL;
	if (e == node) return copy_expr(repl, NULL, NULL);
	Expr *c = NEW(Expr);
	*c = *e;
	c->a = copy_expr(e->a, node, repl);
	c->b = copy_expr(e->b, node, repl);
	c->c = copy_expr(e->c, node, repl);
	if (e->nargs) {
		c->args = xalloc(e->nargs * sizeof(Expr *));
		for (int i = 0; i < e->nargs; i++) c->args[i] = copy_expr(e->args[i], node, repl);
	}
	return c;
}

/* a copy of the basic statement s with node replaced by repl */
static Stmt *copy_replacing(const Stmt *s, const Expr *node, const Expr *repl)
{
	Stmt *c = NEW(Stmt);
	*c = *s;
	c->lhs = copy_expr(s->lhs, node, repl);
	c->rhs = copy_expr(s->rhs, node, repl);
	if (s->nargs) {
		c->args = xalloc(s->nargs * sizeof(Expr *));
		for (int i = 0; i < s->nargs; i++) c->args[i] = copy_expr(s->args[i], node, repl);
	}
	return c;
}

static Expr *lazy_const(int v, Pos pos)
{
	Expr *e = NEW(Expr);
	e->k = E_CONST; e->val = v; e->pos = pos; e->type = TY_INT;
	return e;
}

/* R != 0: the value of `L && R` when L holds, of `L || R` when it does not */
static Expr *truth_of(Expr *r)
{
	if (r->type == TY_REF) return r;   /* a type error reported already */
	Expr *e = NEW(Expr);
	e->k = E_BIN; e->op = OP_NE; e->a = r; e->b = lazy_const(0, r->pos); e->pos = r->pos; e->type = TY_INT;
	return e;
}

static Stmt *lower_basic(Check *ck, Stmt *s);

/* each lowering copies the statement twice: a statement with many
 * independent lazy calls (`(a && f()) + (b && g()) + ...`) would grow
 * exponentially, so the number of lowerings per statement is bounded */
#define MAXLAZY 64

static Stmt *lower_lazy(Check *ck, Stmt *s, Expr *n)
{
	if (++ck->nlazy > MAXLAZY) {
		if (ck->nlazy == MAXLAZY + 1)
			diag_error(ck->diag, s->pos, "too many calls under && / || / ( -> : ) in one statement (at most %d lowerings); compute some of them in statements of their own", MAXLAZY);
		return s;
	}
	Stmt *pre = NULL;
	if (find_call(ck->cur, n->a)) {
		/* the left side makes a lazy call of its own: compute it first */
		char *name = xalloc(32);
		snprintf(name, 32, "_lazy%d", ck->cur->ntemps++);
		Var *t = NEW(Var);
		t->name = name; t->pos = n->a->pos; t->kind = TY_INT;
		t->scope = SC_LOCAL; t->in_func = ck->cur->is_func; t->hidden = 1;
		PUSH(ck->cur->locals, ck->cur->nlocals, t);
		Stmt *as = NEW(Stmt);
		as->k = S_ASSIGN; as->pos = n->a->pos; as->text = s->text;
		as->lhs = NEW(Expr);
		as->lhs->k = E_VAR; as->lhs->var = t; as->lhs->pos = n->a->pos; as->lhs->type = TY_INT;
		as->rhs = n->a;
		Expr *tv = NEW(Expr);
		*tv = *as->lhs;
		n->a = tv;
		pre = lower_basic(ck, as);
	}
	const char *op = n->k == E_COND ? "( -> : )" : n->op == OP_AND ? "&&" : "||";
	Expr *when_true, *when_false;
	if (n->k == E_COND) { when_true = n->b; when_false = n->c; }
	else if (n->op == OP_AND) { when_true = truth_of(n->b); when_false = lazy_const(0, n->pos); }
	else { when_true = lazy_const(1, n->pos); when_false = truth_of(n->b); }
	Stmt *guard = NEW(Stmt), *els = NEW(Stmt);
	guard->k = S_EXPR; guard->pos = n->a->pos; guard->rhs = n->a;
	els->k = S_ELSE; els->pos = n->pos;
	char *gt = xalloc(64), *et = xalloc(64);
	snprintf(gt, 64, "left of %s holds", op);
	snprintf(et, 64, "else: left of %s fails", op);
	guard->text = gt; els->text = et;
	Stmt *st = lower_basic(ck, copy_replacing(s, n, when_true));
	Stmt *sf = lower_basic(ck, copy_replacing(s, n, when_false));
	Stmt *ifs = NEW(Stmt);
	ifs->k = S_IF; ifs->pos = s->pos; ifs->text = "if"; ifs->nopts = 2;
	ifs->opts = xalloc(2 * sizeof(Stmt **)); ifs->optlen = xalloc(2 * sizeof(int));
	ifs->opts[0] = xalloc(2 * sizeof(Stmt *)); ifs->opts[0][0] = guard; ifs->opts[0][1] = st; ifs->optlen[0] = 2;
	ifs->opts[1] = xalloc(2 * sizeof(Stmt *)); ifs->opts[1][0] = els; ifs->opts[1][1] = sf; ifs->optlen[1] = 2;
	if (!pre) return ifs;
	Stmt *seq = NEW(Stmt);
	seq->k = S_SEQ; seq->pos = s->pos;
	PUSH(seq->body, seq->nbody, pre);
	PUSH(seq->body, seq->nbody, ifs);
	return seq;
}

/* a basic statement: its calls hoisted into call steps before it, and
 * those under && / || / ( -> : ) lowered into an if */
static Stmt *lower_basic(Check *ck, Stmt *s)
{
	Stmt **saved = ck->hoist; int nsaved = ck->nhoist;
	ck->hoist = NULL; ck->nhoist = 0;
	hoist_expr(ck, s->lhs, 0);
	hoist_expr(ck, s->rhs, s->k == S_CALL);
	for (int i = 0; i < s->nargs; i++) hoist_expr(ck, s->args[i], 0);
	Stmt **mine = ck->hoist; int nmine = ck->nhoist;
	ck->hoist = saved; ck->nhoist = nsaved;
	Expr *n = find_lazy(ck, s);
	Stmt *last = n ? lower_lazy(ck, s, n) : s;
	if (!nmine) return last;
	Stmt *seq = NEW(Stmt);
	seq->k = S_SEQ; seq->pos = s->pos;
	seq->body = mine; seq->nbody = nmine;
	PUSH(seq->body, seq->nbody, last);
	return seq;
}

static const Stmt *first_stmt(const Stmt *s)
{
	while (s && (s->k == S_SEQ || s->k == S_LABEL || s->k == S_ATOMIC || s->k == S_DSTEP))
		s = s->k == S_LABEL ? s->sub : s->nbody ? s->body[0] : NULL;
	return s;
}

static void check_guard(Check *ck, const Stmt *g)
{
	g = first_stmt(g);
	if (!g) return;
	/* statements that are always executable choose nothing */
	if (g->k == S_CALL || g->k == S_ASSIGN || g->k == S_INCR || g->k == S_DECR ||
	    g->k == S_PRINTF || g->k == S_PRINTM || g->k == S_ASSERT) return;
	const Expr *c = find_call(ck->cur, g->rhs);
	if (!c) c = find_call(ck->cur, g->lhs);
	for (int i = 0; i < g->nargs && !c; i++) c = find_call(ck->cur, g->args[i]);
	if (c) diag_error(ck->diag, c->pos, "call to '%s' in a guard is not supported: it would become a step of its own, and the guard would no longer decide whether its option is taken; assign the result to a variable before the if/do", c->ptype->name);
}

Stmt *lower_stmt(Check *ck, Stmt *s)
{
	if (!s) return s;
	switch (s->k) {
	case S_SEQ: case S_ATOMIC: case S_DSTEP: hoist_list(ck, s->body, s->nbody); return s;
	case S_IF: case S_DO:
		for (int i = 0; i < s->nopts; i++) {
			if (s->optlen[i]) check_guard(ck, s->opts[i][0]);
			hoist_list(ck, s->opts[i], s->optlen[i]);
		}
		return s;
	case S_UNLESS: check_guard(ck, s->esc); s->sub = lower_stmt(ck, s->sub); s->esc = lower_stmt(ck, s->esc); return s;
	case S_LABEL: s->sub = lower_stmt(ck, s->sub); return s;
	case S_FOR: s->sub = lower_stmt(ck, s->sub); return s;
	default: break;
	}
	ck->nlazy = 0;
	return lower_basic(ck, s);
}
