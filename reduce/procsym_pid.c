/* procsym_pid.c — process symmetry for proctypes that read _pid in the
 * flag[_pid] idiom of mutual-exclusion models (issue 12, item 2; the
 * scalarset idea of Ip and Dill, as SymmSpin and TopSPIN apply it to
 * SPIN's models).  docs/symmetry.md, "Instances that read _pid", has the
 * argument; this file decides whether a proctype's uses of _pid allow it.
 *
 * A class: the instances of one proctype that is only `active`, never
 * `run`, cannot terminate, and is otherwise interchangeable, so its pids
 * are a fixed range lo..hi.  Call a value "pid-typed" when it is _pid of
 * the class's own code, or a variable that holds pids (below).  The class
 * stays symmetric when every pid-typed value is only
 *   (i)   the index of a global array A as `A[p]`, `A[p - k]` or `A[p + k]`
 *         with one offset k for every use of A in the model, lo-k..hi-k
 *         inside A: element i then belongs to pid i+k, and the elements
 *         are permuted with the processes;
 *   (ii)  compared with == or != with another pid-typed value or with a
 *         constant that is no pid of the class;
 *   (iii) assigned to (or initialises) a plain variable, which then holds
 *         pids: every store into it must be a pid-typed value or a
 *         constant that is no pid of the class, its type must hold every
 *         pid, and its values are mapped through the permutation.
 * A pid plus a constant (`_pid + 1`, `me - 1`) is pid-typed with that
 * offset: the rules hold with the offset carried along (an index p + d
 * is A[p - k] with k = -d; a comparison needs equal offsets; a variable
 * holds pids plus one offset).
 * Every use of such an array (anywhere: other proctypes, the never claim)
 * must index it that way.  Anything else keeps the refusal, and the
 * message names the first offending use by line and column. */
#include "reduce.h"
#include "../lang/access.h"
#include "../lang/arith.h"
#include <stdio.h>
#include <string.h>

/* what the analysis of one class has found so far */
typedef struct PidAna {
	const Model *m;
	const Proctype *pt;     /* the class's proctype */
	int lo, hi;             /* its pids */
	const Var **val;        /* variables that hold pids */
	int *voff;              /* ... plus this offset (me = _pid + 1) */
	int nval, grew;
	PidArray *arr;          /* arrays indexed by pids */
	int narr;
	int checking;           /* second phase: report the first bad use */
	char why[320];          /* the first bad use (empty: none) */
	Proctype *scope;
} PidAna;

/* does v hold pids (plus an offset, *off)? */
static int holds_pids(const PidAna *a, const Var *v, int *off)
{
	for (int i = 0; i < a->nval; i++)
		if (a->val[i] == v) {
			if (off)
				*off = a->voff[i];
			return 1;
		}
	return 0;
}

/* e is pid-typed: a pid of the class plus a fixed offset *off -- the
 * class's _pid, a variable that holds pids, p + d, p - d, d + p, or, in
 * a class of two instances, d - p (the other one's pid plus an offset:
 * with two pids the reflection is the swap, which commutes with every
 * permutation) */
/* an offset the analysis can take: small, so that pid + off never wraps
 * in the VM's 32 bits (lang/arith.h); a larger one (`_pid + 2147483647`,
 * helper-6's rules-pid programs) is no pid plus an offset, and computing
 * it overflowed (UBSan) */
static int small_off(long long v, int *off)
{
	if (v < -65536 || v > 65536)
		return 0;
	*off = (int)v;
	return 1;
}

static int pid_typed(const PidAna *a, const Expr *e, int *off)
{
	int o;
	*off = 0;
	if (!e)
		return 0;
	if (e->k == E_PID)
		return a->scope == a->pt;
	if (e->k == E_VAR)
		return e->var && holds_pids(a, e->var, off);
	if (e->k != E_BIN || !e->a || !e->b || (e->op != OP_ADD && e->op != OP_SUB))
		return 0;
	if (e->b->k == E_CONST && pid_typed(a, e->a, &o))
		return small_off(e->op == OP_ADD ? (long long)o + e->b->val : (long long)o - e->b->val, off);
	if (e->a->k == E_CONST && e->op == OP_ADD && pid_typed(a, e->b, &o))
		return small_off((long long)o + e->a->val, off);
	/* d - (q + o), q the other pid lo+hi - pid: d - lo - hi - o */
	if (e->a->k == E_CONST && e->op == OP_SUB && a->hi == a->lo + 1 && pid_typed(a, e->b, &o))
		return small_off((long long)e->a->val - a->lo - a->hi - o, off);
	return 0;
}

static int is_pid(const PidAna *a, const Expr *e)
{
	int off;
	return pid_typed(a, e, &off);
}

/* the value of e with _pid = pid, when e is built from constants and
 * _pid only (*ok cleared otherwise), computed as the VM computes it
 * (lang/arith.h: 32 bits, wrapping) */
static int32_t eval_at(const PidAna *a, const Expr *e, int pid, int *ok)
{
	if (!e || !*ok) {
		*ok = 0;
		return 0;
	}
	if (e->k == E_CONST)
		return e->val;
	if (e->k == E_PID && a->scope == a->pt)
		return pid;
	int32_t r = 0;
	if (e->k == E_UN) {
		if (!arith_unop(e->op, eval_at(a, e->a, pid, ok), &r))
			*ok = 0;
		return r;
	}
	if (e->k == E_BIN) {
		int32_t x = eval_at(a, e->a, pid, ok), y = eval_at(a, e->b, pid, ok);
		if (arith_binop(e->op, x, y, &r))
			return r;
	}
	*ok = 0;
	return 0;
}

/* e reads _pid but has one value for every pid of the class (SPIN's
 * peterson.pml asserts `_pid == 0 || _pid == 1`): a constant */
static int same_for_all(const PidAna *a, const Expr *e)
{
	if (!e || (e->k != E_BIN && e->k != E_UN))
		return 0;
	int ok = 1;
	int32_t first = eval_at(a, e, a->lo, &ok);
	for (int p = a->lo + 1; ok && p <= a->hi; p++)
		if (eval_at(a, e, p, &ok) != first)
			return 0;
	return ok;
}

static void bad(PidAna *a, const Expr *e, const char *fmt, const char *name)
{
	if (!a->checking || a->why[0])
		return;
	char what[64];
	while (e->k == E_BIN)
		e = e->b->k == E_CONST ? e->a : e->b;
	if (e->k == E_PID)
		snprintf(what, sizeof what, "_pid");
	else
		snprintf(what, sizeof what, "%s (it holds pids)", e->var ? e->var->name : "?");
	char msg[160];
	snprintf(msg, sizeof msg, fmt, name ? name : "");
	snprintf(a->why, sizeof a->why, "reads _pid, and uses %s at %d:%d %s", what, e->pos.line, e->pos.col, msg);
}

/* a constant that is no pid of the class plus off */
static int not_a_pid(const PidAna *a, const Expr *e, int off)
{
	return e && e->k == E_CONST && (e->val < a->lo + off || e->val > a->hi + off);
}

/* the largest value a variable of this type holds, or -1: not a number */
static long type_max(const Var *v)
{
	switch (v->kind) {
	case TY_BIT: case TY_BOOL: return 1;
	case TY_BYTE: case TY_PID: return 255;
	case TY_SHORT: return 32767;
	case TY_INT: return 2147483647L;
	case TY_UNSIGNED: return v->bits >= 31 ? 2147483647L : (1L << v->bits) - 1;
	default: return -1;
	}
}

/* can v hold the class's pids and be permuted value by value?  A plain
 * global or a process local (not a function's, not a field) */
static int can_hold_pids(const PidAna *a, const Var *v, int off)
{
	return v && !v->in_func && !v->hidden && (v->scope == SC_GLOBAL || v->scope == SC_LOCAL) &&
	       a->lo + off >= 0 && type_max(v) >= a->hi + off;
}

/* a pid-typed index p (pid + off): element pid - k with k = -off */
static const Expr *index_form(const PidAna *a, const Expr *e, int *k)
{
	int off;
	if (!pid_typed(a, e, &off))
		return NULL;
	*k = -off;
	return e;
}

static PidArray *array_of(PidAna *a, const Var *v)
{
	for (int i = 0; i < a->narr; i++)
		if (a->arr[i].v == v)
			return &a->arr[i];
	return NULL;
}

/* may the elements of a global array move with the processes?  Numbers
 * or records of numbers: no reference the heap numbering would visit in
 * index order, no channel id naming a channel that stays where it is */
static int record_plain(const Record *r)
{
	for (int i = 0; i < r->nfields; i++) {
		const Var *f = r->fields[i];
		if (f->kind == TY_REF || f->kind == TY_CHAN || (f->kind == TY_RECORD && !record_plain(f->rec)))
			return 0;
	}
	return 1;
}

static int permutable_array(const PidAna *a, const Var *v, int k)
{
	if (!v || v->scope != SC_GLOBAL || v->in_func || v->hidden || v->arrlen <= 0)
		return 0;
	if (v->kind == TY_REF || v->kind == TY_CHAN || (v->kind == TY_RECORD && !record_plain(v->rec)))
		return 0;
	return a->lo - k >= 0 && a->hi - k < v->arrlen;
}

static void walk_expr(Visitor *v, Expr *e, Use use);

/* the index of a pid-typed variable (turn[k]) is an ordinary read */
static void walk_inside(Visitor *v, const Expr *p)
{
	if (p && p->k == E_VAR)
		walk_expr(v, p->a, USE_READ);
	if (p && p->k == E_BIN) {
		walk_inside(v, p->a);
		walk_inside(v, p->b);
	}
}

/* A[i]: i a pid with an offset (the array is then permuted), or any
 * other index of an array that is not */
static int array_use(Visitor *v, Expr *e)
{
	PidAna *a = v->ctx;
	int k;
	const Expr *p = index_form(a, e->a, &k);
	PidArray *pa = array_of(a, e->var);
	if (!p) {
		if (pa && a->checking && !a->why[0]) {
			snprintf(a->why, sizeof a->why, "reads _pid to index %s, which is also indexed at %d:%d by something other than a pid of the class",
				 e->var->name, e->pos.line, e->pos.col);
		}
		return 0;
	}
	if (!permutable_array(a, e->var, k)) {
		if (a->checking && !a->why[0])
			snprintf(a->why, sizeof a->why, "reads _pid, and indexes %s with a pid at %d:%d, but %s is not a global array of numbers whose elements %d..%d belong to the pids %d..%d",
				 e->var->name, e->pos.line, e->pos.col, e->var->name, a->lo - k, a->hi - k, a->lo, a->hi);
		walk_inside(v, p);
		return 1;
	}
	if (!pa) {
		a->arr = xgrow(a->arr, a->narr + 1, sizeof *a->arr);
		pa = &a->arr[a->narr++];
		pa->v = e->var;
		pa->ptype = a->pt->index;
		pa->k = k;
	} else if (pa->k != k && a->checking && !a->why[0]) {
		snprintf(a->why, sizeof a->why, "reads _pid, and indexes %s at %d:%d with another offset than elsewhere (%d, %d)",
			 e->var->name, e->pos.line, e->pos.col, -k, -pa->k);
	}
	walk_inside(v, p);
	return 1;
}

/* the visitor's callback: nonzero when the operands were walked here */
static int pid_expr(Visitor *v, Expr *e, Use use)
{
	PidAna *a = v->ctx;
	if (same_for_all(a, e))
		return 1;
	if (is_pid(a, e)) {
		if (use == USE_WRITE || use == USE_UPDATE)
			bad(a, e, "as a variable written other than by `x = pid`%s", NULL);
		else
			bad(a, e, "other than as A[_pid], in == or != with a pid or a constant that is none, or stored into a variable that holds pids%s", NULL);
		walk_inside(v, e);
		return 1;
	}
	if (e->k == E_VAR && e->var && e->var->arrlen > 0 && e->a)
		return array_use(v, e);
	if (e->k == E_VAR && e->var && array_of(a, e->var)) {
		if (a->checking && !a->why[0])
			snprintf(a->why, sizeof a->why, "reads _pid to index %s, which is used without an index at %d:%d", e->var->name, e->pos.line, e->pos.col);
		return 1;
	}
	if (e->k == E_BIN && (e->op == OP_EQ || e->op == OP_NE) && e->a && e->b) {
		int oa, ob;
		int pa = pid_typed(a, e->a, &oa), pb = pid_typed(a, e->b, &ob);
		if ((pa && pb && oa == ob) || (pa && !pb && not_a_pid(a, e->b, oa)) || (pb && !pa && not_a_pid(a, e->a, ob))) {
			walk_inside(v, e->a);
			walk_inside(v, e->b);
			return 1;
		}
		if (pa && pb)
			bad(a, e->a, "in a comparison with a pid plus another offset%s", NULL);
		const Expr *other = pa ? e->b : e->a;
		if ((pa || pb) && other->k == E_CONST)
			bad(a, pa ? e->a : e->b, "in a comparison with a constant that is the pid of an instance%s", NULL);
		else if ((pa || pb) && other->k == E_VAR && other->var)
			bad(a, pa ? e->a : e->b, "in a comparison with %s, which holds other values than pids", other->var->name);
	}
	return 0;
}

static void walk_expr(Visitor *v, Expr *e, Use use)
{
	visit_expr(v, e, use);
}

/* x = value, as an assignment or an initialiser: x holds pids when the
 * value is pid-typed; then every store into x must be one, or a constant
 * that is no pid */
static void store(Visitor *v, Expr *lhs, const Var *x, Expr *rhs, const Pos *pos)
{
	PidAna *a = v->ctx;
	int ro, xo;
	int rp = pid_typed(a, rhs, &ro);
	if (rp && x && !holds_pids(a, x, NULL)) {
		if (!can_hold_pids(a, x, ro)) {
			if (a->checking && !a->why[0])
				snprintf(a->why, sizeof a->why, "reads _pid, and stores a pid into %s at %d:%d, which is not a plain variable that can hold every pid of the class (%d..%d)",
					 x->name, pos->line, pos->col, a->lo + ro, a->hi + ro);
		} else {
			a->val = xgrow(a->val, a->nval + 1, sizeof *a->val);
			a->voff = xgrow(a->voff, a->nval + 1, sizeof *a->voff);
			a->voff[a->nval] = ro;
			a->val[a->nval++] = x;
			a->grew = 1;
		}
	}
	if (x && holds_pids(a, x, &xo)) {
		if (rp ? ro != xo : !(not_a_pid(a, rhs, xo) && rhs->val >= 0 && rhs->val <= type_max(x))) {
			if (a->checking && !a->why[0])
				snprintf(a->why, sizeof a->why, "reads _pid, and %s holds pids%s, but %d:%d stores into it something other than such a pid or a constant that is none",
					 x->name, xo ? " plus an offset" : "", pos->line, pos->col);
			walk_expr(v, rhs, USE_READ);
		} else {
			walk_inside(v, rhs);
		}
		if (lhs)
			walk_inside(v, lhs);
		return;
	}
	if (lhs)
		walk_expr(v, lhs, USE_WRITE);
	walk_expr(v, rhs, USE_READ);
}

static void walk_stmt(Visitor *v, Stmt *s)
{
	if (!s)
		return;
	if (s->k == S_ASSIGN && s->lhs && s->lhs->k == E_VAR && s->lhs->var && s->rhs)
		store(v, s->lhs, s->lhs->var, s->rhs, &s->pos);
	else
		visit_step(v, s);
	for (int i = 0; i < s->nbody; i++)
		walk_stmt(v, s->body[i]);
	for (int i = 0; i < s->nopts; i++)
		for (int j = 0; j < s->optlen[i]; j++)
			walk_stmt(v, s->opts[i][j]);
	walk_stmt(v, s->sub);
	walk_stmt(v, s->esc);
}

static void walk_code(Visitor *v, Proctype *pt)
{
	PidAna *a = v->ctx;
	a->scope = pt;
	v->scope = pt;
	for (int i = 0; i < pt->nlocals; i++) {
		Var *x = pt->locals[i];
		if (x->init)
			store(v, NULL, x, x->init, &x->pos);
	}
	walk_expr(v, pt->provided, USE_COND);
	walk_stmt(v, pt->body);
}

static void walk_model(PidAna *a)
{
	Model *m = (Model *)a->m;
	Visitor v = { pid_expr, a, NULL, IN_BODY };
	a->scope = NULL;
	for (int i = 0; i < m->nglobals; i++)
		walk_expr(&v, m->globals[i]->init, USE_READ);
	for (int i = 0; i < m->nptypes; i++)
		walk_code(&v, m->ptypes[i]);
	if (m->never) {
		int before = a->why[0];
		walk_code(&v, m->never);
		/* an ltl formula's claim has positions of its own: say where */
		size_t l = strlen(a->why);
		if (!before && l && l + 40 < sizeof a->why)
			snprintf(a->why + l, sizeof a->why - l, " (in the never claim)");
	}
	for (int i = 0; i < m->nfuncs; i++)
		walk_code(&v, m->funcs[i]);
}

/* Analyse the class of pt (pids lo..hi).  Returns NULL and adds the
 * class's arrays and pid-holding variables to ps when the uses of _pid
 * allow the symmetry, or the reason they do not. */
const char *procsym_pid_class(ProcSym *ps, const Model *m, const Proctype *pt, int lo, int hi)
{
	PidAna a;
	memset(&a, 0, sizeof a);
	a.m = m;
	a.pt = pt;
	a.lo = lo;
	a.hi = hi;
	/* which variables hold pids: a fixpoint (x = _pid; y = x; ...) */
	do {
		a.grew = 0;
		a.narr = 0;
		walk_model(&a);
	} while (a.grew);
	/* the arrays the last pass found stay: a use without an index or
	 * with another index is then refused wherever it stands */
	a.checking = 1;
	walk_model(&a);
	if (a.why[0])
		return xstrdup(a.why);
	/* (xgrow to no elements would free the array: tests/gen seed
	 * 12004116, "out of memory (allocating 0 bytes)" under -sym=proc) */
	if (a.narr)
		ps->parr = xgrow(ps->parr, ps->nparr + a.narr, sizeof *ps->parr);
	for (int i = 0; i < a.narr; i++)
		ps->parr[ps->nparr++] = a.arr[i];
	for (int i = 0; i < a.nval; i++) {
		ps->pval = xgrow(ps->pval, ps->npval + 1, sizeof *ps->pval);
		PidVal *pv = &ps->pval[ps->npval++];
		pv->v = a.val[i];
		pv->off = a.voff[i];
		pv->ptype = pt->index;
		pv->owner = NULL;
		if (a.val[i]->scope == SC_LOCAL)
			for (int t = 0; t < m->nptypes; t++)
				for (int j = 0; j < m->ptypes[t]->nlocals; j++)
					if (m->ptypes[t]->locals[j] == a.val[i])
						pv->owner = m->ptypes[t];
	}
	return NULL;
}
