/* resolve.c — name resolution: every E_NAME becomes a variable
 * (process-local first, then global; a field alone inside a method is
 * this.field), an mtype constant or an error; calls, runs and remote
 * references find their proctype or function; constants are folded
 * (resolve_const); every expression gets its type.  The type checks of
 * each place a value flows are typecheck.c's. */
#include "check.h"
#include "../arith.h"
#include <string.h>
#include <stdio.h>

static Var *lookup(Check *ck, const char *name)
{
	if (ck->cur)
		for (int i = 0; i < ck->cur->nlocals; i++)
			if (!strcmp(ck->cur->locals[i]->name, name)) return ck->cur->locals[i];
	for (int i = 0; i < ck->m->nglobals; i++)
		if (!strcmp(ck->m->globals[i]->name, name)) return ck->m->globals[i];
	return NULL;
}

/* value of an mtype name (0 if none); *group receives its mtype group */
static int mtype_value_in(Model *m, const char *name, int *group)
{
	*group = 0;
	for (int i = 1; i <= m->nmtypes; i++)
		if (!strcmp(m->mtypes[i], name)) return i;
	for (int g = 1; g < m->nmtgroups; g++)
		for (int i = 1; i <= m->mtgroups[g].n; i++)
			if (!strcmp(m->mtgroups[g].names[i], name)) { *group = g; return i; }
	return 0;
}
static int mtype_value(Model *m, const char *name) { int g; return mtype_value_in(m, name, &g); }

const char *mtype_name(const Model *m, int g, int v)
{
	if (g <= 0 || g >= m->nmtgroups) return v >= 1 && v <= m->nmtypes ? m->mtypes[v] : NULL;
	return v >= 1 && v <= m->mtgroups[g].n ? m->mtgroups[g].names[v] : NULL;
}

int expr_mtype_group(const Expr *e)
{
	if (!e) return 0;
	if (e->k == E_CONST) return e->mtg;
	if ((e->k == E_VAR || e->k == E_FIELD) && e->var) return e->var->mtg;
	if (e->k == E_COND) return expr_mtype_group(e->b);
	return 0;
}

int resolve_const(Model *m, Expr *e, int *ok)
{
	if (!e) { *ok = 0; return 0; }
	switch (e->k) {
	case E_CONST: return e->val;
	case E_NAME: {
		int v = mtype_value(m, e->name);
		if (v) return v;
		*ok = 0; return 0;
	}
	case E_UN: {
		int32_t r;
		if (arith_unop(e->op, resolve_const(m, e->a, ok), &r)) return r;
		break;
	}
	case E_BIN: {
		int32_t a = resolve_const(m, e->a, ok), b = resolve_const(m, e->b, ok), r;
		if (arith_binop(e->op, a, b, &r)) return r;
		break;   /* division by zero: not a constant */
	}
	case E_COND: { int c = resolve_const(m, e->a, ok); return c ? resolve_const(m, e->b, ok) : resolve_const(m, e->c, ok); }
	default: break;
	}
	*ok = 0;
	return 0;
}

static Proctype *find_ptype(Model *m, const char *name)
{
	for (int i = 0; i < m->nptypes; i++) if (!strcmp(m->ptypes[i]->name, name)) return m->ptypes[i];
	return NULL;
}

/* Resolve an lvalue-ish chain; returns the var (or field) finally designated. */
static void resolve_ref(Check *ck, Expr *e)
{
	if (e->k == E_NAME) {
		Var *v = lookup(ck, e->name);
		if (!v && ck->cur && ck->cur->cls) {
			/* inside a method, a field name alone means this.field */
			Record *c = ck->cur->cls;
			for (int i = 0; i < c->nfields; i++)
				if (!strcmp(c->fields[i]->name, e->name)) {
					Expr *th = NEW(Expr); th->k = E_NAME; th->name = "this"; th->pos = e->pos;
					Expr *idx = e->a;
					e->k = E_FIELD; e->b = th; e->a = idx;
					resolve_ref(ck, e);
					return;
				}
		}
		if (!v) {
			int mg, mv = mtype_value_in(ck->m, e->name, &mg);
			if (mv && !e->a) { e->k = E_CONST; e->val = mv; e->type = TY_MTYPE; e->mtg = mg; return; }
			diag_error(ck->diag, e->pos, "undeclared name '%s'", e->name);
			e->k = E_CONST; e->val = 0; e->type = TY_INT;
			return;
		}
		if (v->scope == SC_GLOBAL && ck->seq && v->seq > ck->seq)
			diag_error(ck->diag, e->pos, "'%s' is used before its declaration (%s:%d); SPIN rejects it as undeclared", e->name, v->pos.file, v->pos.line);
		v->used = 1;
		e->k = E_VAR; e->var = v; e->type = v->kind; e->bits = v->bits;
		if (e->a) {
			resolve_expr(ck, e->a);
			check_no_ref_number(ck, e->a, "an array index");
			if (vtype_of(ck->m, e->a).chan) check_note_chan_data(ck->m, e->a->pos, "a channel's id is used as an array index");
			if (!v->arrlen) diag_error(ck->diag, e->pos, "'%s' is not an array", v->name);
		} else if (v->arrlen && v->kind != TY_RECORD) {
			/* SPIN: an array name alone means element 0 */
		}
		return;
	}
	if (e->k == E_FIELD) {
		Expr *b = e->b;
		if (b->k == E_CALL) resolve_expr(ck, b); else resolve_ref(ck, b);
		Var tmpv;
		Var *bv;
		if (b->k == E_CALL) {
			if (!b->ptype) { e->k = E_CONST; e->val = 0; return; }
			memset(&tmpv, 0, sizeof tmpv);
			tmpv.name = b->name; tmpv.kind = b->ptype->ret_kind; tmpv.rec = b->ptype->ret_rec;
			bv = &tmpv;
		} else {
			if (b->k != E_VAR && b->k != E_FIELD) { e->k = E_CONST; e->val = 0; return; }
			bv = b->var;
		}
		if (bv->kind != TY_RECORD && bv->kind != TY_REF) {
			diag_error(ck->diag, e->pos, "'%s' is not a record or reference, it has no field '%s'", bv->name, e->name);
			e->k = E_CONST; e->val = 0; return;
		}
		Var *f = NULL;
		for (int i = 0; i < bv->rec->nfields; i++)
			if (!strcmp(bv->rec->fields[i]->name, e->name)) f = bv->rec->fields[i];
		if (!f) {
			diag_error(ck->diag, e->pos, "%s '%s' has no field '%s'", bv->rec->is_class ? "class" : "typedef", bv->rec->name, e->name);
			e->k = E_CONST; e->val = 0; return;
		}
		e->var = f; e->type = f->kind; e->bits = f->bits;
		if (e->a) {
			resolve_expr(ck, e->a);
			check_no_ref_number(ck, e->a, "an array index");
			if (vtype_of(ck->m, e->a).chan) check_note_chan_data(ck->m, e->a->pos, "a channel's id is used as an array index");
			if (!f->arrlen) diag_error(ck->diag, e->pos, "field '%s' is not an array", f->name);
		}
	}
}

/* the fields of a record-typed expression `base`, flattened */
static void record_leaf_exprs(Expr *base, const Record *r, Expr ***out, int *n)
{
	for (int i = 0; i < r->nfields && *n <= MAXFIELDS; i++) {
		Var *f = r->fields[i];
		int cnt = f->arrlen ? f->arrlen : 1;
		for (int k = 0; k < cnt; k++) {
			Expr *e = NEW(Expr);
			e->k = E_FIELD; e->pos = base->pos; e->b = base; e->name = f->name;
			e->var = f; e->type = f->kind; e->bits = f->bits;
			if (f->arrlen) {
				e->a = NEW(Expr);
				e->a->k = E_CONST; e->a->val = k; e->a->pos = base->pos; e->a->type = TY_INT;
			}
			if (f->kind == TY_RECORD) record_leaf_exprs(e, f->rec, out, n);
			else PUSH(*out, *n, e);
		}
	}
}

/* A record sent or received is its fields, flattened, as in SPIN:
 * `x!foo` is `x!foo.b,foo.i,foo.c` (the message field is flattened the
 * same way, chanspec) */
static void expand_record_args(Check *ck, Stmt *s)
{
	int any = 0;
	for (int i = 0; i < s->nargs; i++)
		if ((s->args[i]->k == E_VAR || s->args[i]->k == E_FIELD) && s->args[i]->type == TY_RECORD) any = 1;
	if (!any) return;
	Expr **out = NULL; int n = 0;
	for (int i = 0; i < s->nargs; i++) {
		Expr *a = s->args[i];
		if ((a->k == E_VAR || a->k == E_FIELD) && a->type == TY_RECORD && a->var && a->var->rec) {
			if (a->var->arrlen && !a->a) diag_error(ck->diag, a->pos, "'%s' is an array of records: send or receive one element", a->var->name);
			record_leaf_exprs(a, a->var->rec, &out, &n);
		} else PUSH(out, n, a);
	}
	s->args = out; s->nargs = n;
}

void resolve_expr(Check *ck, Expr *e)
{
	if (!e) return;
	switch (e->k) {
	case E_NAME: case E_FIELD: resolve_ref(ck, e); break;
	case E_VAR: break;
	case E_UNDERSCORE: break;
	case E_CONST: e->type = TY_INT; break;
	case E_NULL: e->type = TY_REF; break;
	case E_NEW: {
		Record *r = NULL;
		for (int i = 0; i < ck->m->nrecords; i++) if (!strcmp(ck->m->records[i]->name, e->name)) r = ck->m->records[i];
		if (!r) { diag_error(ck->diag, e->pos, "new of unknown class '%s'", e->name); e->type = TY_REF; break; }
		r->is_class = 1;
		if (r->id >= MAXCLASSES)
			diag_error(ck->diag, e->pos, "cannot allocate '%s': only the first %d classes and typedefs of a model can be allocated with new", r->name, MAXCLASSES);
		e->ptype = NULL; e->var = NULL;
		e->type = TY_REF;
		e->val = r->id;
		ck->m->has_heap = 1;
		break;
	}
	case E_UN:
		resolve_expr(ck, e->a);
		if (e->op != OP_NOT) check_no_ref_number(ck, e->a, "negated or complemented");
		if (e->op != OP_NOT && vtype_of(ck->m, e->a).chan) check_note_chan_data(ck->m, e->pos, "a channel's id is computed with");
		e->type = TY_INT;
		break;
	case E_BIN:
		resolve_expr(ck, e->a); resolve_expr(ck, e->b); e->type = TY_INT;
		if ((e->a->type == TY_REF || e->b->type == TY_REF) && e->op != OP_EQ && e->op != OP_NE)
			diag_error(ck->diag, e->pos, "references can only be compared with == and !=");
		else
			type_comparable(ck->diag, e->pos, vtype_of(ck->m, e->a), vtype_of(ck->m, e->b), e->op == OP_EQ ? "==" : e->op == OP_NE ? "!=" : "comparison");
		{
			/* two channels compared for identity, or a channel with 0
			 * (not created), read no slot; anything else does */
			VType ta = vtype_of(ck->m, e->a), tb = vtype_of(ck->m, e->b);
			int eq = e->op == OP_EQ || e->op == OP_NE;
			int logic = e->op == OP_AND || e->op == OP_OR;
			if ((ta.chan || tb.chan) && !logic &&
			    !(eq && ((ta.chan && tb.chan) || is_zero(e->a) || is_zero(e->b))))
				check_note_chan_data(ck->m, e->pos, "a channel's id is computed with");
		}
		if (e->a->k == E_NEW || e->b->k == E_NEW) diag_error(ck->diag, e->pos, "'new' can only be assigned");
		break;
	case E_COND:
		resolve_expr(ck, e->a); resolve_expr(ck, e->b); resolve_expr(ck, e->c);
		e->type = TY_INT;
		if (e->b->type == TY_REF || e->c->type == TY_REF) {
			type_comparable(ck->diag, e->pos, vtype_of(ck->m, e->b), vtype_of(ck->m, e->c), "( -> : )");
			e->type = TY_REF;
		}
		break;
	case E_LEN: case E_EMPTY: case E_NEMPTY: case E_FULL: case E_NFULL:
		resolve_expr(ck, e->a); check_chan(ck, e->a); e->type = TY_INT; break;
	case E_POLL:
		resolve_expr(ck, e->a); check_chan(ck, e->a);
		check_nfields(ck, e->pos, e->nargs);
		for (int i = 0; i < e->nargs; i++) {
			resolve_expr(ck, e->args[i]);
			check_recv_field(ck, e->a, i, e->args[i]);
		}
		break;
	case E_EVAL:
		resolve_expr(ck, e->a);
		e->type = e->a->type;   /* eval(r) is a reference, compared with the field */
		break;
	case E_ENABLED: case E_PCVALUE: case E_GETPRIO:
		resolve_expr(ck, e->a);
		check_no_ref_number(ck, e->a, "a pid");
		break;
	case E_SETPRIO:
		diag_error(ck->diag, e->pos, "set_priority(...) is a statement, it has no value");
		e->k = E_CONST; e->val = 0; e->type = TY_INT;
		break;
	case E_CALL: {
		Proctype *f = NULL;
		if (e->a) {
			resolve_expr(ck, e->a);
			Record *c = (e->a->k == E_VAR || e->a->k == E_FIELD) && e->a->var->kind == TY_REF ? e->a->var->rec : NULL;
			if (e->a->k == E_CALL && e->a->ptype && e->a->ptype->ret_kind == TY_REF) c = e->a->ptype->ret_rec;
			if (!c) { diag_error(ck->diag, e->pos, "method call '%s' on something that is not a reference", e->name); break; }
			for (int i = 0; i < ck->m->nfuncs; i++)
				if (ck->m->funcs[i]->cls == c && !strcmp(ck->m->funcs[i]->name, e->name)) f = ck->m->funcs[i];
			if (!f) { diag_error(ck->diag, e->pos, "class '%s' has no method '%s'", c->name, e->name); break; }
		} else {
			for (int i = 0; i < ck->m->nfuncs; i++)
				if (!ck->m->funcs[i]->cls && !strcmp(ck->m->funcs[i]->name, e->name)) f = ck->m->funcs[i];
			if (!f && ck->cur && ck->cur->cls)   /* a sibling method: this.m(...) */
				for (int i = 0; i < ck->m->nfuncs; i++)
					if (ck->m->funcs[i]->cls == ck->cur->cls && !strcmp(ck->m->funcs[i]->name, e->name)) {
						f = ck->m->funcs[i];
						Expr *th = NEW(Expr); th->k = E_NAME; th->name = "this"; th->pos = e->pos;
						e->a = th; resolve_expr(ck, th);
					}
			if (!f) { diag_error(ck->diag, e->pos, "call of unknown function '%s'", e->name); break; }
		}
		e->ptype = f;
		for (int i = 0; i < e->nargs; i++) resolve_expr(ck, e->args[i]);
		int want = f->nparams - (f->cls ? 1 : 0);
		if (e->nargs != want)
			diag_error(ck->diag, e->pos, "'%s' expects %d argument(s), got %d", f->name, want, e->nargs);
		check_args(ck, e->args, e->nargs, f->params + (f->cls ? 1 : 0), want, f->cls ? "method" : "function", f->name);
		e->type = f->ret_kind == TY_NONE ? TY_INT : f->ret_kind;
		break;
	}
	case E_RUN: {
		Proctype *pt = find_ptype(ck->m, e->name);
		if (!pt || pt->is_init) { diag_error(ck->diag, e->pos, "run of unknown proctype '%s'", e->name); break; }
		/* pan starts the process; dspin's claim steps have no effects on
		 * the system, so it would check a model without it (found by
		 * review: an assertion in the process went unreported):
		 * refused, not run wrongly */
		if (ck->cur && ck->cur->is_never)
			diag_error(ck->diag, e->pos, "run in a never claim is not supported (pan starts the process; dspin's claim has no effect on the system)");
		e->ptype = pt;
		for (int i = 0; i < e->nargs; i++) resolve_expr(ck, e->args[i]);
		if (e->b) {
			/* run P() priority N */
			resolve_expr(ck, e->b);
			check_no_ref_number(ck, e->b, "a priority");
			int ok = 1;
			long long pr = resolve_const(ck->m, e->b, &ok);
			if (ok && (pr < 1 || pr > 255)) diag_error(ck->diag, e->b->pos, "priority %lld out of range (1..255)", pr);
		}
		if (e->nargs != pt->nparams)
			diag_error(ck->diag, e->pos, "proctype '%s' expects %d argument(s), got %d", pt->name, pt->nparams, e->nargs);
		check_args(ck, e->args, e->nargs, pt->params, pt->nparams, "proctype", pt->name);
		break;
	}
	case E_REMOTE_LABEL: case E_REMOTE_VAR: {
		Proctype *pt = find_ptype(ck->m, e->name);
		if (!pt) { diag_error(ck->diag, e->pos, "unknown proctype '%s' in remote reference", e->name); e->k = E_CONST; e->val = 0; break; }
		e->ptype = pt;
		if (e->a) {
			resolve_expr(ck, e->a);
			check_no_ref_number(ck, e->a, "a process's index");
		}
		if (e->k == E_REMOTE_VAR) {
			Proctype *save = ck->cur; ck->cur = pt;
			Expr *vn = e->b;
			Var *v = NULL;
			for (int i = 0; i < pt->nlocals; i++) if (!strcmp(pt->locals[i]->name, vn->name)) v = pt->locals[i];
			if (!v) diag_error(ck->diag, vn->pos, "proctype '%s' has no local '%s'", pt->name, vn->name);
			else resolve_ref(ck, vn);
			ck->cur = save;
			e->type = vn->type;   /* P[i]:r is a reference when r is */
		}
		break;
	}
	default: break;
	}
}

/* `for (x in c)` visits c's messages without removing them, as SPIN 6.5
 * does: a hidden byte counter t and `t = 0; do :: t < len(c) -> c?x;
 * c!x; body; t++ :: else -> break od` (compile.c); x may be a record */
static void for_in_chan(Check *ck, Stmt *s)
{
	if (!ck->cur) return;
	if (s->lhs->k != E_VAR && s->lhs->k != E_FIELD) return;   /* check_lvalue said so */
	char *name = xalloc(32);
	snprintf(name, 32, "_for%d", ck->cur->ntemps++);
	Var *t = NEW(Var);
	t->name = name; t->pos = s->pos; t->kind = TY_BYTE;
	t->scope = SC_LOCAL; t->in_func = ck->cur->is_func; t->hidden = 1;
	PUSH(ck->cur->locals, ck->cur->nlocals, t);
	s->var = t;
	Stmt *rs[2];
	for (int k = 0; k < 2; k++) {
		Stmt *m = NEW(Stmt);
		m->k = k ? S_SEND : S_RECV; m->pos = s->pos; m->lhs = s->lo;
		m->text = k ? "for-resend" : "for-receive";
		PUSH(m->args, m->nargs, s->lhs);
		expand_record_args(ck, m);
		check_nfields(ck, s->pos, m->nargs);
		for (int i = 0; i < m->nargs && !k; i++)
			check_recv_field(ck, s->lo, i, m->args[i]);
		rs[k] = m;
	}
	s->body = xalloc(2 * sizeof(Stmt *));
	s->body[0] = rs[0]; s->body[1] = rs[1]; s->nbody = 2;
}

void resolve_stmt(Check *ck, Stmt *s)
{
	if (!s) return;
	switch (s->k) {
	case S_EXPR:
		if (s->rhs->k == E_SETPRIO) {
			/* set_priority(pid, p) writes that process's _priority */
			Expr *g = NEW(Expr);
			g->k = E_GETPRIO; g->pos = s->rhs->pos; g->a = s->rhs->a; g->type = TY_BYTE;
			s->k = S_ASSIGN; s->lhs = g; s->rhs = s->rhs->b;
			resolve_expr(ck, g->a); resolve_expr(ck, s->rhs);
			check_no_ref_number(ck, g->a, "a pid"); check_no_ref_number(ck, s->rhs, "a priority");
			break;
		}
		resolve_expr(ck, s->rhs);
		if (s->rhs->k == E_NEW) diag_error(ck->diag, s->pos, "the result of 'new' must be assigned");
		break;
	case S_ASSIGN: resolve_expr(ck, s->lhs); check_lvalue(ck, s->lhs); resolve_expr(ck, s->rhs); check_assign(ck, s->lhs, s->rhs); break;
	case S_INCR: case S_DECR:
		resolve_expr(ck, s->lhs); check_lvalue(ck, s->lhs);
		if (s->lhs->type == TY_REF) diag_error(ck->diag, s->pos, "cannot increment a reference");
		break;
	case S_SEND:
		resolve_expr(ck, s->lhs); check_chan(ck, s->lhs);
		for (int i = 0; i < s->nargs; i++) resolve_expr(ck, s->args[i]);
		expand_record_args(ck, s);
		check_nfields(ck, s->pos, s->nargs);
		for (int i = 0; i < s->nargs; i++)
			check_send_field(ck, s->lhs, i, s->args[i]);
		if (s->sorted)
			check_sorted_send(ck, s);
		break;
	case S_RECV:
		resolve_expr(ck, s->lhs); check_chan(ck, s->lhs);
		for (int i = 0; i < s->nargs; i++) resolve_expr(ck, s->args[i]);
		expand_record_args(ck, s);
		check_nfields(ck, s->pos, s->nargs);
		for (int i = 0; i < s->nargs; i++) {
			Expr *a = s->args[i];
			if (a->k != E_VAR && a->k != E_FIELD && a->k != E_CONST && a->k != E_EVAL && a->k != E_UNDERSCORE && a->k != E_NULL)
				diag_error(ck->diag, a->pos, "a receive argument must be a variable, a constant, null, eval(...) or _");
			else
				check_recv_field(ck, s->lhs, i, a);
		}
		break;
	case S_PRINTF: for (int i = 0; i < s->nargs; i++) resolve_expr(ck, s->args[i]); break;
	case S_CALL:
		resolve_expr(ck, s->rhs);
		if (s->lhs) {
			resolve_expr(ck, s->lhs); check_lvalue(ck, s->lhs);
			if (s->rhs->ptype && s->rhs->ptype->ret_kind == TY_NONE)
				diag_error(ck->diag, s->pos, "'%s' returns no value", s->rhs->ptype->name);
			else check_assign(ck, s->lhs, s->rhs);
		}
		break;
	case S_RETURN:
		if (s->rhs) resolve_expr(ck, s->rhs);
		if (ck->cur && ck->cur->is_func) {
			if (s->rhs && ck->cur->ret_kind == TY_NONE) diag_error(ck->diag, s->pos, "'%s' returns no value", ck->cur->name);
			if (!s->rhs && ck->cur->ret_kind != TY_NONE) diag_error(ck->diag, s->pos, "'%s' must return a value", ck->cur->name);
			if (s->rhs && ck->cur->ret_kind != TY_NONE) {
				VType want = { ck->cur->ret_kind == TY_REF, 0, ck->cur->ret_kind == TY_CHAN, ck->cur->ret_rec };
				char ctx[160];
				snprintf(ctx, sizeof ctx, "the value returned by '%s'", ck->cur->name);
				check_flow(ck, s->rhs->pos, vtype_of(ck->m, s->rhs), want, is_zero(s->rhs), ctx);
			}
		}
		break;
	case S_PRINTM: case S_ASSERT: resolve_expr(ck, s->rhs); break;
	case S_IF: case S_DO:
		for (int i = 0; i < s->nopts; i++)
			for (int j = 0; j < s->optlen[i]; j++) resolve_stmt(ck, s->opts[i][j]);
		break;
	case S_SEQ: case S_ATOMIC: case S_DSTEP:
		/* pan lets a claim take the steps of its own atomic sequence one
		 * after another on the same system state; dspin pairs every claim
		 * step with a system step, so it would check another claim
		 * (found by review, bench/RESULTS.md, "The figures behind the code"):
		 * refused, not run wrongly */
		if (s->k == S_ATOMIC && ck->cur && ck->cur->is_never)
			diag_error(ck->diag, s->pos, "atomic sequences in a never claim are not supported (pan runs them without system steps between; dspin would not)");
		for (int i = 0; i < s->nbody; i++) resolve_stmt(ck, s->body[i]);
		break;
	case S_UNLESS: resolve_stmt(ck, s->sub); resolve_stmt(ck, s->esc); break;
	case S_LABEL: resolve_stmt(ck, s->sub); break;
	case S_FOR:
		resolve_expr(ck, s->lhs);
		resolve_expr(ck, s->lo); if (s->hi) resolve_expr(ck, s->hi);
		if (s->hi) {
			/* for (i : lo .. hi): the bounds are numbers (review, issue 37) */
			check_no_ref_number(ck, s->lo, "a for bound");
			check_no_ref_number(ck, s->hi, "a for bound");
			if (vtype_of(ck->m, s->lo).chan || vtype_of(ck->m, s->hi).chan)
				check_note_chan_data(ck->m, s->pos, "a channel's id is a for bound");
		}
		if (!s->hi && s->lo->type == TY_CHAN && !((s->lo->k == E_VAR || s->lo->k == E_FIELD) && s->lo->var->arrlen && !s->lo->a)) {
			/* the messages are received into x: a record is fine */
			if (s->lhs->k != E_VAR && s->lhs->k != E_FIELD) diag_error(ck->diag, s->lhs->pos, "not an assignable variable");
			else for_in_chan(ck, s);
		} else {
			check_lvalue(ck, s->lhs);
			if (s->lhs->type == TY_REF) diag_error(ck->diag, s->lhs->pos, "a reference cannot be a for loop's counter");
			if (!s->hi && (s->lo->k != E_VAR || !s->lo->var->arrlen || s->lo->a))
				diag_error(ck->diag, s->lo->pos, "for (x in ...) needs an array or a channel");
		}
		resolve_stmt(ck, s->sub);
		break;
	case S_SELECT: {
		resolve_expr(ck, s->lhs); check_lvalue(ck, s->lhs); resolve_expr(ck, s->lo); resolve_expr(ck, s->hi);
		if (s->lhs->type == TY_REF) diag_error(ck->diag, s->lhs->pos, "a reference cannot be chosen by select");
		check_no_ref_number(ck, s->lo, "a select bound"); check_no_ref_number(ck, s->hi, "a select bound");
		if (vtype_of(ck->m, s->lo).chan || vtype_of(ck->m, s->hi).chan)
			check_note_chan_data(ck->m, s->pos, "a channel's id is a select bound");
		int ok = 1;
		long long lo = resolve_const(ck->m, s->lo, &ok), hi = resolve_const(ck->m, s->hi, &ok);
		if (ok && hi < lo && !s->select_loop)
			diag_error(ck->diag, s->pos, "bad range in select: %lld .. %lld is empty", lo, hi);   /* SPIN rejects it too */
		else if (ok && hi - lo + 1 > MAXSELECT && !s->select_loop)
			diag_error(ck->diag, s->pos, "select range of %lld values, at most %d", hi - lo + 1, MAXSELECT);
		break;
	}
	default: break;
	}
}

void resolve_var_init(Check *ck, Var *v)
{
	if (v->init) {
		resolve_expr(ck, v->init);
		if (v->arrlen && v->kind == TY_CHAN) diag_error(ck->diag, v->pos, "bad initializer");
		if (v->kind != TY_RECORD) {
			char ctx[160];
			snprintf(ctx, sizeof ctx, "the initialiser of '%s'", v->name);
			check_flow(ck, v->init->pos, vtype_of(ck->m, v->init), vtype_var(v), is_zero(v->init), ctx);
		}
	}
	if (v->chan) {
		if (v->kind != TY_CHAN) diag_error(ck->diag, v->pos, "'%s' is not a channel", v->name);
		layout_chanspec(ck, v->chan);
	}
	if (v->kind == TY_RECORD && v->init) diag_error(ck->diag, v->pos, "a record cannot have an initializer");
}

/* A field's initialiser gives every instance of its typedef, and every
 * object new makes of its class, that value (vm/).  As in SPIN it is a
 * constant (mtype names included; SPIN does not resolve variables
 * there), and a reference field's is null. */
void resolve_field_inits(Check *ck, Record *r)
{
	for (int i = 0; i < r->nfields; i++) {
		Var *f = r->fields[i];
		if (!f->init)
			continue;
		resolve_var_init(ck, f);
		int ok = 1;
		if (f->kind != TY_RECORD && f->kind != TY_REF && (resolve_const(ck->m, f->init, &ok), !ok))
			diag_error(ck->diag, f->init->pos, "the initialiser of field '%s' of '%s' must be a constant", f->name, r->name);
	}
}
