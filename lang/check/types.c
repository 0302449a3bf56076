/* types.c — reference types (types.h): what an expression's value is,
 * and the one rule for every place it flows. */
#include "types.h"
#include <stdio.h>

VType vtype_var(const Var *v)
{
	VType t = { 0, 0, 0, NULL };
	t.chan = v && v->kind == TY_CHAN;
	if (v && v->kind == TY_REF) {
		t.ref = 1;
		t.cls = v->rec;
	}
	return t;
}

VType vtype_field(const ChanSpec *c, int i)
{
	VType t = { 0, 0, 0, NULL };
	t.chan = c && i < c->nfields && c->ftypes[i] == TY_CHAN;
	if (c && i < c->nfields && c->ftypes[i] == TY_REF) {
		t.ref = 1;
		t.cls = c->fcls ? c->fcls[i] : NULL;
	}
	return t;
}

VType vtype_of(const Model *m, const Expr *e)
{
	VType t = { 0, 0, 0, NULL };
	if (!e)
		return t;
	switch (e->k) {
	case E_NULL:
		t.ref = 1;
		t.null = 1;
		return t;
	case E_VAR: case E_FIELD:
		return e->var ? vtype_var(e->var) : t;
	case E_REMOTE_VAR: case E_EVAL:
		/* P[i]:x is x's value; eval(x) is x's */
		return vtype_of(m, e->k == E_EVAL ? e->a : e->b);
	case E_NEW:
		t.ref = 1;
		if (e->val >= 0 && e->val < m->nrecords)
			t.cls = m->records[e->val];
		return t;
	case E_CALL:
		t.chan = e->ptype && e->ptype->ret_kind == TY_CHAN;
		if (e->ptype && e->ptype->ret_kind == TY_REF) {
			t.ref = 1;
			t.cls = e->ptype->ret_rec;
		}
		return t;
	case E_COND: {
		/* the class of its branches (type_comparable checked they agree) */
		VType b = vtype_of(m, e->b), c = vtype_of(m, e->c);
		VType r = b.null ? c : b;
		r.chan = b.chan || c.chan;   /* it may be a channel's id */
		return r;
	}
	default:
		/* a reference of unknown class: an error was reported where it
		 * came from, so nothing more is said of it */
		t.ref = e->type == TY_REF;
		return t;
	}
}

static const char *describe(VType t, char *buf, size_t n)
{
	if (!t.ref)
		return "a number";
	if (t.null)
		return "null";
	if (!t.cls)
		return "a reference";
	snprintf(buf, n, "a reference to %s %s", t.cls->is_class && !t.cls->is_typedef ? "class" : "typedef", t.cls->name);
	return buf;
}

/* same class, or either side null or of a class not known */
static int same_class(VType a, VType b)
{
	return a.null || b.null || !a.cls || !b.cls || a.cls == b.cls;
}

/* both numbers, or references that may be of one class */
static int same_type(VType a, VType b)
{
	return a.ref == b.ref && (!a.ref || same_class(a, b));
}

int type_flows(Diag *d, Pos pos, VType src, VType dst, const char *ctx)
{
	if (same_type(src, dst))
		return 1;
	char b1[160], b2[160];
	diag_error(d, pos, "%s: found %s, expected %s", ctx, describe(src, b1, sizeof b1), describe(dst, b2, sizeof b2));
	return 0;
}

int type_comparable(Diag *d, Pos pos, VType a, VType b, const char *what)
{
	if (same_type(a, b))
		return 1;
	char b1[160], b2[160];
	diag_error(d, pos, "%s with %s on one side and %s on the other", what, describe(a, b1, sizeof b1), describe(b, b2, sizeof b2));
	return 0;
}
