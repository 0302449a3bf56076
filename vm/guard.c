/* guard.c — guards compiled to flat postfix code.
 *
 * The successor generator asks every transition at a location whether it
 * is enabled; in a model whose process chooses among dozens of guarded
 * options (a puzzle trying every move), walking each guard's syntax tree
 * (vm_eval: a call and a switch per node, addr's checks per variable) was
 * a large part of the search (bench/RESULTS.md, "The figures behind the code").
 * A guard that is a pure expression over plain
 * variables is compiled once into postfix (stack) code, the classic
 * compilation of expression trees for a stack machine (Aho, Sethi and
 * Ullman's "Compilers"; on the cost of dispatch, Ertl and Gregg, "The
 * structure and performance of efficient interpreters", 2003), and run
 * by a loop.
 *
 * Only what has no effect is compiled: constants, `_pid`, global and
 * process-local variables of scalar type, indexed by a constant within
 * bounds (folded into the offset) or by such an expression (G_IDX, its
 * bounds checked when it runs), and the unary and binary operators.  Such
 * an expression has one value whatever the order of evaluation, so && and
 * || need no jumps: both sides are evaluated and combined to 0 or 1, as
 * vm_eval's short circuit gives.  It can fail two ways, an index out of
 * bounds and a / or % by zero (since 2026-12-03: `n = (n + 1) % 4` is a
 * ring protocol's every step): the compiled code then gives up (-1) and
 * the tree evaluates the guard, raising the error, or not, if its short
 * circuit never reaches it.  Everything else
 * (channels, fields, calls, remote references, run, timeout, ...) keeps
 * the tree interpreter, which stays the reference: tests/unit checks the
 * two agree.
 *
 * Assignments `v = e`, `v++` and `v--` to such a variable (`a[i]` too),
 * e such an expression, are compiled the same way (Trans.act: e's code,
 * then a store with vm_store's truncation): in a puzzle whose moves are
 * atomic sequences of assignments, addr's walk and the tree's calls were
 * a good part of the search, and in a model of indexed flags
 * (`flag[_pid] = k`, `turn[k] == _pid`) the tree was too
 * (bench/RESULTS.md, "The figures behind the code").  A compiled guard has no
 * effect, so executing it needs no tree (vm_execute), unless it may fail
 * (it is asked again); an assignment that would fail writes nothing and
 * leaves the step to the tree.
 */
#include "vm.h"
#include "../lang/arith.h"
#include <string.h>

#include "guard_ops.h"

static int scalar(TypeKind k)
{
	switch (k) {
	case TY_BIT: case TY_BOOL: case TY_BYTE: case TY_SHORT: case TY_INT:
	case TY_UNSIGNED: case TY_MTYPE: case TY_PID:
		return 1;
	default:
		return 0;
	}
}

static int binop_ok(int tok)
{
	switch (tok) {
	case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_MOD: case OP_SHL: case OP_SHR:
	case OP_BAND: case OP_BOR: case OP_BXOR: case OP_EQ: case OP_NE:
	case OP_LT: case OP_GT: case OP_LE: case OP_GE: case OP_AND: case OP_OR:
		return 1;
	default:
		return 0;
	}
}

/* a new zeroed op at the end of ops, NULL when the code is full */
static GOp *push_op(GOp *ops, int *n, int op)
{
	if (*n >= GMAXOPS)
		return NULL;
	GOp *o = &ops[(*n)++];
	memset(o, 0, sizeof *o);
	o->op = (uint8_t)op;
	return o;
}

/* append e's code to ops; returns the stack depth it needs, -1 if e
 * cannot be compiled */
static int emit_expr(const Expr *e, GOp *ops, int *n)
{
	if (*n >= GMAXOPS)
		return -1;
	GOp *o = &ops[*n];
	memset(o, 0, sizeof *o);
	switch (e->k) {
	case E_CONST:
		o->op = G_CONST;
		o->val = e->val;
		(*n)++;
		return 1;
	case E_VAR: {
		const Var *v = e->var;
		if (v->in_func || !scalar(v->kind) || (v->scope != SC_GLOBAL && v->scope != SC_LOCAL))
			return -1;
		int32_t off = v->offset;
		if (e->a && e->a->k != E_CONST) {
			/* a[i]: i's code, then G_IDX (its bounds checked as
			 * eval_plain_var checks them; out of bounds, the code
			 * gives up and the tree reports the error) */
			if (!v->arrlen)
				return -1;
			int d = emit_expr(e->a, ops, n);
			if (d < 0 || !(o = push_op(ops, n, G_IDX)))
				return -1;
			o->local = v->scope != SC_GLOBAL;
			o->kind = (uint8_t)v->kind;
			o->bits = (uint8_t)v->bits;
			o->off = off;
			o->val = v->arrlen;
			o->tok = v->elemsize;
			return d;
		}
		if (e->a) {
			if (e->a->val < 0 || e->a->val >= v->arrlen)
				return -1;
			off += e->a->val * v->elemsize;
		} else if (v->arrlen)
			return -1;
		o->op = v->scope == SC_GLOBAL ? G_GLOBAL : G_LOCAL;
		o->kind = (uint8_t)v->kind;
		o->bits = (uint8_t)v->bits;
		o->off = off;
		(*n)++;
		return 1;
	}
	case E_PID:
		o->op = G_PID;
		(*n)++;
		return 1;
	case E_UN: {
		if (e->op != OP_NEG && e->op != OP_NOT && e->op != OP_BNOT)
			return -1;
		int d = emit_expr(e->a, ops, n);
		if (d < 0 || !(o = push_op(ops, n, G_UN)))
			return -1;
		o->tok = e->op;
		return d;
	}
	case E_BIN: {
		if (!binop_ok(e->op))
			return -1;
		int da = emit_expr(e->a, ops, n);
		if (da < 0)
			return -1;
		int db = emit_expr(e->b, ops, n);
		if (db < 0 || !(o = push_op(ops, n, G_BIN)))
			return -1;
		o->tok = e->op;
		int d = db + 1 > da ? db + 1 : da;
		return d <= GMAXSTACK ? d : -1;
	}
	default:
		return -1;
	}
}

/* is e a plain variable?  Its load as one op in *o */
static int plain_var(const Expr *e, GOp *o)
{
	GOp ops[1];
	int n = 0;
	if (e->k != E_VAR || (e->a && e->a->k != E_CONST) || emit_expr(e, ops, &n) != 1 || n != 1)
		return 0;
	*o = ops[0];
	o->local = ops[0].op == G_LOCAL;
	return 1;
}

static int is_cmp(int tok)
{
	return tok == OP_EQ || tok == OP_NE || tok == OP_LT || tok == OP_GT || tok == OP_LE || tok == OP_GE;
}

/* the comparison with its operands swapped: c < v is v > c */
static int swap_cmp(int tok)
{
	switch (tok) {
	case OP_LT: return OP_GT;
	case OP_GT: return OP_LT;
	case OP_LE: return OP_GE;
	case OP_GE: return OP_LE;
	default: return tok;
	}
}

/* comparison e is `v OP x` or `x OP v` with v a plain variable (into *o)
 * and x of kind k: x, with *tok the comparison as `v tok x`; else NULL */
static const Expr *var_against(const Expr *e, ExprKind k, GOp *o, int *tok)
{
	if (plain_var(e->a, o) && e->b->k == k) {
		*tok = e->op;
		return e->b;
	}
	if (e->a->k == k && plain_var(e->b, o)) {
		*tok = swap_cmp(e->op);
		return e->a;
	}
	return NULL;
}

/* one conjunct: a superinstruction where it has one of the common
 * shapes (v, !v, v OP c, c OP v, v OP _pid, _pid OP v), else its postfix
 * code and G_TEST */
static int emit_conjunct(const Expr *e, GOp *ops, int *n)
{
	GOp o;
	if (*n >= GMAXOPS)
		return -1;
	if (plain_var(e, &o)) {
		o.op = G_TVAR;
		ops[(*n)++] = o;
		return 0;
	}
	if (e->k == E_UN && e->op == OP_NOT && plain_var(e->a, &o)) {
		o.op = G_TNVAR;
		ops[(*n)++] = o;
		return 0;
	}
	if (e->k == E_BIN && is_cmp(e->op)) {
		int tok;
		const Expr *c = var_against(e, E_CONST, &o, &tok);
		if (c) {
			o.op = G_TCMP;
			o.tok = tok;
			o.val = c->val;
			ops[(*n)++] = o;
			return 0;
		}
		/* v OP _pid (a process's own slot in a mutual-exclusion model) */
		if (var_against(e, E_PID, &o, &tok)) {
			o.op = G_TCMPP;
			o.tok = tok;
			ops[(*n)++] = o;
			return 0;
		}
	}
	if (emit_expr(e, ops, n) < 0 || !push_op(ops, n, G_TEST))
		return -1;
	return 0;
}

/* the conjuncts of a top-level && chain, left to right */
static int emit_chain(const Expr *e, GOp *ops, int *n)
{
	if (e->k == E_BIN && e->op == OP_AND)
		return emit_chain(e->a, ops, n) < 0 ? -1 : emit_chain(e->b, ops, n);
	return emit_conjunct(e, ops, n);
}

/* may o give up when it runs (an index out of bounds, a zero divisor)? */
static int op_can_fail(const GOp *o)
{
	return o->op == G_IDX || (o->op == G_BIN && (o->tok == OP_DIV || o->tok == OP_MOD));
}

static const Guard *guard_compile(const Expr *e)
{
	GOp ops[GMAXOPS];
	int n = 0;
	if (emit_chain(e, ops, &n) < 0)
		return NULL;
	Guard *g = xalloc(sizeof *g + sizeof(GOp) * (size_t)n);
	if (!g)
		return NULL;
	g->n = n;
	g->has_local = 0;
	g->quick = 1;
	g->can_fail = 0;
	g->native = NULL;
	for (int i = 0; i < n; i++) {
		if (ops[i].op == G_LOCAL || ops[i].local)
			g->has_local = 1;
		if (ops[i].op != G_TVAR && ops[i].op != G_TNVAR && ops[i].op != G_TCMP && ops[i].op != G_TCMPP)
			g->quick = 0;
		if (op_can_fail(&ops[i]))
			g->can_fail = 1;
	}
	for (int i = 0; i < n && g->quick; i++)
		if (ops[i].op == G_TCMPP)
			g->quick = 2;   /* compares with _pid: guard_quick's second loop */
	memcpy(g->ops, ops, sizeof(GOp) * (size_t)n);
	return g;
}

/* v = e, v++, v--: the value's postfix code, then G_STORE into v (the
 * variable's offset, kind and bits, as a load of it has them).  Only
 * what assign() would do without a check: v a plain scalar variable, e
 * compilable, so nothing can fail.  a[i] = e, a[i]++, a[i]--: i's code
 * first, then the value's (a[i]'s load, for ++ and --, computes i again),
 * then G_ISTORE, which checks i's bounds before it writes: out of bounds,
 * nothing is written and the tree runs (and reports the error). */
static const Guard *act_compile(const Stmt *st)
{
	GOp ops[GMAXOPS], dst;
	int n = 0, indexed = 0;
	if (!st->lhs)
		return NULL;
	if (st->lhs->k == E_VAR && st->lhs->a && st->lhs->a->k != E_CONST) {
		/* a[i]: its load's code ends in the G_IDX that stands for the
		 * variable; i's code is what comes before */
		const Expr *l = st->lhs;
		if (emit_expr(l, ops, &n) < 0 || n >= GMAXOPS || ops[n - 1].op != G_IDX)
			return NULL;
		dst = ops[n - 1];
		n--;                 /* i's code stays, the load goes */
		indexed = 1;
		/* a[i] again, for ++ and -- (below it i, above it the 1) */
		if (st->k != S_ASSIGN) {
			int d2 = emit_expr(l, ops, &n);
			if (d2 < 0 || d2 + 2 > GMAXSTACK || n + 3 > GMAXOPS)
				return NULL;
		}
	} else if (!plain_var(st->lhs, &dst))
		return NULL;
	if (st->k == S_ASSIGN) {
		/* the value's code runs with i below it */
		int dv = st->rhs ? emit_expr(st->rhs, ops, &n) : -1;
		if (dv < 0 || dv + indexed > GMAXSTACK)
			return NULL;
	} else {
		if (n + 3 > GMAXOPS)
			return NULL;
		GOp one;
		memset(&one, 0, sizeof one);
		one.op = G_CONST;
		one.val = 1;
		if (!indexed) {
			ops[n] = dst;
			ops[n++].local = 0;
		}
		ops[n++] = one;
		memset(&ops[n], 0, sizeof ops[n]);
		ops[n].op = G_BIN;
		ops[n++].tok = st->k == S_INCR ? OP_ADD : OP_SUB;
	}
	if (n >= GMAXOPS)
		return NULL;
	dst.op = indexed ? G_ISTORE : G_STORE;
	ops[n++] = dst;
	Guard *g = xalloc(sizeof *g + sizeof(GOp) * (size_t)n);
	if (!g)
		return NULL;
	g->n = n;
	g->has_local = 0;
	g->quick = 0;
	g->can_fail = indexed;
	g->native = NULL;
	for (int i = 0; i < n; i++) {
		if (ops[i].op == G_LOCAL || ops[i].local)
			g->has_local = 1;
		if (op_can_fail(&ops[i]))
			g->can_fail = 1;
	}
	memcpy(g->ops, ops, sizeof(GOp) * (size_t)n);
	return g;
}

void vm_compile_guards(Program *p)
{
	for (int i = 0; i < p->ntrans; i++) {
		Trans *t = p->trans[i];
		if (t->guard_done)
			continue;
		t->guard_done = 1;
		if (!t->st || t->dstep)
			continue;
		if (t->st->k == S_EXPR && t->st->rhs && t->st->rhs->k != E_RUN)
			t->guard = guard_compile(t->st->rhs);
		else if (t->st->k == S_ASSIGN || t->st->k == S_INCR || t->st->k == S_DECR)
			t->act = act_compile(t->st);
	}
}

/* vm_eval's arithmetic (lang/arith.h), for the operators that cannot fail
 * (the comparisons of the superinstructions) */
static inline int32_t binop(int tok, int32_t a, int32_t b)
{
	int32_t r;
	arith_binop(tok, a, b, &r);
	return r;
}

static inline int32_t load_at(const uint8_t *p, const GOp *o)
{
	return o->kind <= TY_BYTE ? p[0] : vm_load(p, (TypeKind)o->kind, o->bits);
}

/* one operand-stack operation: a constant, a load, _pid, an operator
 * (the guard tests and the stores are their callers' own).  0 when an
 * index is out of bounds (the caller gives up: the tree reports it) */
static inline __attribute__((always_inline)) int stack_op(const GOp *o, int32_t *st, int *sp, const uint8_t *glob, const uint8_t *loc, int pid)
{
	switch (o->op) {
	case G_CONST:
		st[(*sp)++] = o->val;
		break;
	case G_GLOBAL:
		st[(*sp)++] = load_at(glob + o->off, o);
		break;
	case G_LOCAL:
		st[(*sp)++] = load_at(loc + o->off, o);
		break;
	case G_PID:
		st[(*sp)++] = pid;
		break;
	case G_IDX: {
		int32_t i = st[*sp - 1];
		if (i < 0 || i >= o->val)
			return 0;
		st[*sp - 1] = load_at((o->local ? loc : glob) + o->off + i * o->tok, o);
		break;
	}
	case G_UN: {
		int32_t a = st[*sp - 1];
		arith_unop(o->tok, a, &st[*sp - 1]);
		break;
	}
	default:
		--*sp;
		/* / or % by zero: give up, the tree raises the error */
		if (!arith_binop(o->tok, st[*sp - 1], st[*sp], &st[*sp - 1]))
			return 0;
		break;
	}
	return 1;
}

int guard_enabled(const Exec *x, const Guard *g)
{
	int32_t st[GMAXSTACK];
	int sp = 0;
	const uint8_t *glob = x->s->b + GOFF;
	const uint8_t *loc = glob;
	if (g->has_local) {
		if (x->pid < 0 || x->pid >= x->s->nproc)
			return -1;   /* the tree interpreter reports it */
		loc = x->s->b + x->s->poff[x->pid] + PHDR;
	}
	if (g->native)
		return g->native((uint8_t *)glob, (uint8_t *)loc, x->pid);
	for (int i = 0; i < g->n; i++) {
		const GOp *o = &g->ops[i];
		switch (o->op) {
		case G_TVAR:
			if (!load_at((o->local ? loc : glob) + o->off, o))
				return 0;
			break;
		case G_TNVAR:
			if (load_at((o->local ? loc : glob) + o->off, o))
				return 0;
			break;
		case G_TCMP:
			if (!binop(o->tok, load_at((o->local ? loc : glob) + o->off, o), o->val))
				return 0;
			break;
		case G_TCMPP:
			if (!binop(o->tok, load_at((o->local ? loc : glob) + o->off, o), x->pid))
				return 0;
			break;
		case G_TEST:
			if (!st[--sp])
				return 0;
			break;
		default:
			if (!stack_op(o, st, &sp, glob, loc, x->pid))
				return -1;
			break;
		}
	}
	return 1;   /* every conjunct held */
}

/* A guard that is a conjunction of v, !v, v OP c and v OP _pid (a puzzle's moves,
 * a protocol's state tests): the same answer as guard_enabled without
 * its operand stack, on the state alone, so that the generator asks it
 * before it sets up anything else; -1 when it is not such a guard or
 * cannot run here */
static __attribute__((noinline)) int quick_pid(const uint8_t *glob, const uint8_t *loc, int pid, const Guard *g)
{
	for (int i = 0; i < g->n; i++) {
		const GOp *o = &g->ops[i];
		int32_t v = load_at((o->local ? loc : glob) + o->off, o);
		if (o->op == G_TVAR ? !v : o->op == G_TNVAR ? v != 0 : !binop(o->tok, v, o->op == G_TCMPP ? pid : o->val))
			return 0;
	}
	return 1;
}

int guard_quick(const State *s, int pid, const Guard *g)
{
	if (!g->quick && !g->native)
		return -1;
	const uint8_t *glob = s->b + GOFF;
	const uint8_t *loc = glob;
	if (g->has_local) {
		if (pid < 0 || pid >= s->nproc)
			return -1;
		loc = s->b + s->poff[pid] + PHDR;
	}
	/* compiled, every guard reads the state alone: -1 only where the
	 * ops would give up too (an index out of bounds) */
	if (g->native)
		return g->native((uint8_t *)glob, (uint8_t *)loc, pid);
	if (g->quick == 2)
		return quick_pid(glob, loc, pid, g);
	for (int i = 0; i < g->n; i++) {
		const GOp *o = &g->ops[i];
		int32_t v = load_at((o->local ? loc : glob) + o->off, o);
		if (o->op == G_TVAR ? !v : o->op == G_TNVAR ? v != 0 : !binop(o->tok, v, o->val))
			return 0;
	}
	return 1;
}

/* Run a compiled assignment (Trans.act) in x's state; 0 when it cannot
 * run here (no process to read locals of, an index out of bounds: the
 * state is untouched and the tree reports it) */
int guard_can_fail(const Guard *g)
{
	return g->can_fail;
}

int guard_act(Exec *x, const Guard *g)
{
	int32_t st[GMAXSTACK];
	int sp = 0;
	uint8_t *glob = x->s->b + GOFF;
	uint8_t *loc = glob;
	if (g->has_local) {
		if (x->pid < 0 || x->pid >= x->s->nproc)
			return 0;
		loc = x->s->b + x->s->poff[x->pid] + PHDR;
	}
	if (g->native)
		return g->native(glob, loc, x->pid);
	for (int i = 0; i < g->n; i++) {
		const GOp *o = &g->ops[i];
		if (o->op == G_STORE)
			vm_store((o->local ? loc : glob) + o->off, (TypeKind)o->kind, o->bits, st[sp - 1]);
		else if (o->op == G_ISTORE) {
			int32_t ix = st[sp - 2];
			if (ix < 0 || ix >= o->val)
				return 0;   /* nothing written: the tree runs */
			vm_store((o->local ? loc : glob) + o->off + ix * o->tok, (TypeKind)o->kind, o->bits, st[sp - 1]);
		} else if (!stack_op(o, st, &sp, glob, loc, x->pid))
			return 0;   /* before the store: nothing written */
	}
	return 1;
}
