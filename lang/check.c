/* check.c — name resolution, type checking and data layout.
 *
 * Resolves every E_NAME to a variable (process-local first, then global) or
 * an mtype constant, evaluates constant sizes (array lengths, channel
 * capacities, active counts), and assigns byte offsets: globals in the
 * global block, locals in each proctype's block, fields in their record.
 */
#include "ast.h"
#include "access.h"
#include "types.h"
#include "arith.h"
#include "layout.h"   /* the state layout's limits: MAXFIELDS, MAXTYPES, ... */
#include <string.h>
#include <stdio.h>

/* what the passes share while they check one model: no file-scope
 * state, so the front end can check two models in one process */
typedef struct Check {
	Model *m;
	Proctype *cur;            /* the proctype or function checked; NULL: the globals */
	Stmt **hoist; int nhoist; /* lowering: the call steps made for one statement */
	int nlazy;                /* lowering: && / || / ( -> : ) lowered in one statement */
} Check;

static int scalar_size(TypeKind k, int bits)
{
	switch (k) {
	case TY_SHORT: return 2;
	case TY_CHAN: return 2;  /* channel ids go past 255: object channels (vm.h CHAN_OBJ) */
	case TY_INT: return 4;
	case TY_UNSIGNED: return bits <= 8 ? 1 : bits <= 16 ? 2 : 4;
	default: return 1;      /* references are 1-byte heap locations (0 = null) */
	}
}

static int const_eval(Model *m, Expr *e, int *ok);
static void chanspec(Model *m, ChanSpec *c);
/* the most bytes one block of the state may take: the globals, a process's
 * or a call's locals, an object, a channel (the whole state: MAXSTATE) */
#define STATE_BLOCK_MAX 60000

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

static void layout_record(Model *m, Record *r);

static void layout_var(Model *m, Var *v, int *off)
{
	if (v->arrlen_expr) {
		int ok = 1;
		int n = const_eval(m, v->arrlen_expr, &ok);
		if (!ok) { diag_error(v->arrlen_expr->pos, "array length of '%s' must be a constant", v->name); n = 1; }
		if (n < 1 || n > 65535) { diag_error(v->arrlen_expr->pos, "array length of '%s' out of range (1..65535): %d", v->name, n); n = 1; }
		v->arrlen = n;
	}
	if (v->kind == TY_RECORD) {
		layout_record(m, v->rec);
		v->elemsize = v->rec->size;
		if (v->rec->nchanoffs) diag_error(v->pos, "'%s': a record holding channels can only be used by reference", v->name);
	} else if (v->kind == TY_CHAN && v->chan && v->scope == SC_FIELD) {
		/* a channel that is a field of an object lives inside the object */
		chanspec(m, v->chan);
		v->elemsize = CHDR + v->chan->cap * v->chan->msgsize;
	} else v->elemsize = scalar_size(v->kind, v->bits);
	v->offset = *off;
	long long size = (long long)v->elemsize * (v->arrlen ? v->arrlen : 1);
	if (*off + size > STATE_BLOCK_MAX) {
		diag_error(v->pos, "'%s' makes the state vector too large (%lld bytes, at most %d)", v->name, *off + size, STATE_BLOCK_MAX);
		size = 0;
		if (v->arrlen) v->arrlen = 1;   /* later passes must not walk the huge array */
	}
	*off += (int)size;
}

static void layout_record(Model *m, Record *r)
{
	if (r->laid_out == 2) return;
	if (r->laid_out == 1) { diag_error(r->pos, "typedef '%s' contains itself", r->name); r->laid_out = 2; return; }
	r->laid_out = 1;
	int off = 0;
	for (int i = 0; i < r->nfields; i++) {
		Var *f = r->fields[i];
		layout_var(m, f, &off);
		if (f->kind == TY_CHAN && f->chan) {
			f->chanslot = r->nchanoffs;
			int n = f->arrlen ? f->arrlen : 1;
			for (int k = 0; k < n; k++) {
				if (r->nchanoffs >= 16) { diag_error(f->pos, "at most 16 channels per object"); break; }
				r->chanoffs = xgrow(r->chanoffs, r->nchanoffs + 1, sizeof(int));
				r->chanspec_of = xgrow(r->chanspec_of, r->nchanoffs + 1, sizeof(ChanSpec *));
				r->chanoffs[r->nchanoffs] = f->offset + k * f->elemsize;
				r->chanspec_of[r->nchanoffs++] = f->chan;
			}
		}
	}
	r->size = off;
	r->laid_out = 2;
}

/* A message's fields as check.c builds them: kinds, bit widths, mtype
 * groups and, for a reference, its class. */
typedef struct Fields { TypeKind *ty; int *bits, *mtg; Record **cls; int n; } Fields;

static void push_field(Fields *fs, TypeKind k, int bits, int mtg, Record *cls)
{
	fs->ty = xgrow(fs->ty, fs->n + 1, sizeof(TypeKind));
	fs->bits = xgrow(fs->bits, fs->n + 1, sizeof(int));
	fs->mtg = xgrow(fs->mtg, fs->n + 1, sizeof(int));
	fs->cls = xgrow(fs->cls, fs->n + 1, sizeof(Record *));
	fs->ty[fs->n] = k;
	fs->bits[fs->n] = bits;
	fs->mtg[fs->n] = mtg;
	fs->cls[fs->n] = k == TY_REF ? cls : NULL;
	fs->n++;
}

/* the leaves of record r, in declaration order, arrays element by element */
static void record_leaves(ChanSpec *c, const Record *r, Fields *fs)
{
	for (int i = 0; i < r->nfields; i++) {
		const Var *f = r->fields[i];
		int cnt = f->arrlen ? f->arrlen : 1;
		if (f->chan) {
			diag_error(c->pos, "'%s' declares a channel (field '%s'), so it cannot be a message field", r->name, f->name);
			return;
		}
		for (int k = 0; k < cnt && fs->n <= MAXFIELDS; k++) {
			if (f->kind == TY_RECORD)
				record_leaves(c, f->rec, fs);
			else
				push_field(fs, f->kind, f->bits, f->mtg, f->rec);
		}
	}
}

/* A record field of a message is its fields, flattened, as SPIN sends it
 * (pan's `x!foo` is `x!foo.b,foo.i,foo.c`). */
static void flatten_records(Model *m, ChanSpec *c)
{
	if (!c->frec) return;
	Fields fs = { 0 };
	for (int i = 0; i < c->nfields; i++) {
		const Record *r = c->ftypes[i] == TY_RECORD ? c->frec[i] : NULL;
		if (r) {
			layout_record(m, (Record *)r);
			record_leaves(c, r, &fs);
			continue;
		}
		push_field(&fs, c->ftypes[i], c->fbits[i], c->fmtg[i], c->fcls ? c->fcls[i] : NULL);
	}
	c->ftypes = fs.ty; c->fbits = fs.bits; c->fmtg = fs.mtg; c->fcls = fs.cls; c->nfields = fs.n;
	c->frec = NULL;
}

static void chanspec(Model *m, ChanSpec *c)
{
	if (c->id || (m->nchanspecs && m->chanspecs[0] == c)) return;
	flatten_records(m, c);
	int ok = 1;
	c->cap = const_eval(m, c->cap_expr, &ok);
	if (!ok) diag_error(c->cap_expr->pos, "channel capacity must be a constant");
	if (c->cap < 0 || c->cap > 255) { diag_error(c->pos, "channel capacity out of range (0..255)"); c->cap = 1; }
	if (c->nfields > MAXFIELDS)
		diag_error(c->pos, "a channel's message has %d fields, at most %d", c->nfields, MAXFIELDS);
	c->foff = xalloc(sizeof(int) * (c->nfields + 1));
	int off = 0;
	for (int i = 0; i < c->nfields; i++) { c->foff[i] = off; off += scalar_size(c->ftypes[i], 32); if (c->ftypes[i] == TY_REF) { c->nrefs++; m->has_heap = 1; } if (c->ftypes[i] == TY_CHAN) c->nrefs++; }
	c->msgsize = off;
	if (CHDR + (long long)c->cap * c->msgsize > STATE_BLOCK_MAX)
		diag_error(c->pos, "a channel of %d messages of %d bytes does not fit in a state (at most %d bytes)", c->cap, c->msgsize, STATE_BLOCK_MAX);
	if (m->nchanspecs == MAXTYPES)
		diag_error(c->pos, "more than %d channel types (capacity and fields)", MAXTYPES);
	c->id = m->nchanspecs;
	PUSH(m->chanspecs, m->nchanspecs, c);
}

static void resolve_expr(Check *ck, Expr *e);

static int const_eval(Model *m, Expr *e, int *ok)
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
		if (arith_unop(e->op, const_eval(m, e->a, ok), &r)) return r;
		break;
	}
	case E_BIN: {
		int32_t a = const_eval(m, e->a, ok), b = const_eval(m, e->b, ok), r;
		if (arith_binop(e->op, a, b, &r)) return r;
		break;   /* division by zero: not a constant */
	}
	case E_COND: { int c = const_eval(m, e->a, ok); return c ? const_eval(m, e->b, ok) : const_eval(m, e->c, ok); }
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
static void note_chan_data(Model *m, Pos pos, const char *how);
static void no_ref_number(const Expr *e, const char *how);
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
			diag_error(e->pos, "undeclared name '%s'", e->name);
			e->k = E_CONST; e->val = 0; e->type = TY_INT;
			return;
		}
		v->used = 1;
		e->k = E_VAR; e->var = v; e->type = v->kind; e->bits = v->bits;
		if (e->a) {
			resolve_expr(ck, e->a);
			no_ref_number(e->a, "an array index");
			if (vtype_of(ck->m, e->a).chan) note_chan_data(ck->m, e->a->pos, "a channel's id is used as an array index");
			if (!v->arrlen) diag_error(e->pos, "'%s' is not an array", v->name);
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
			diag_error(e->pos, "'%s' is not a record or reference, it has no field '%s'", bv->name, e->name);
			e->k = E_CONST; e->val = 0; return;
		}
		Var *f = NULL;
		for (int i = 0; i < bv->rec->nfields; i++)
			if (!strcmp(bv->rec->fields[i]->name, e->name)) f = bv->rec->fields[i];
		if (!f) {
			diag_error(e->pos, "%s '%s' has no field '%s'", bv->rec->is_class ? "class" : "typedef", bv->rec->name, e->name);
			e->k = E_CONST; e->val = 0; return;
		}
		e->var = f; e->type = f->kind; e->bits = f->bits;
		if (e->a) {
			resolve_expr(ck, e->a);
			no_ref_number(e->a, "an array index");
			if (vtype_of(ck->m, e->a).chan) note_chan_data(ck->m, e->a->pos, "a channel's id is used as an array index");
			if (!f->arrlen) diag_error(e->pos, "field '%s' is not an array", f->name);
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
static void expand_record_args(Stmt *s)
{
	int any = 0;
	for (int i = 0; i < s->nargs; i++)
		if ((s->args[i]->k == E_VAR || s->args[i]->k == E_FIELD) && s->args[i]->type == TY_RECORD) any = 1;
	if (!any) return;
	Expr **out = NULL; int n = 0;
	for (int i = 0; i < s->nargs; i++) {
		Expr *a = s->args[i];
		if ((a->k == E_VAR || a->k == E_FIELD) && a->type == TY_RECORD && a->var && a->var->rec) {
			if (a->var->arrlen && !a->a) diag_error(a->pos, "'%s' is an array of records: send or receive one element", a->var->name);
			record_leaf_exprs(a, a->var->rec, &out, &n);
		} else PUSH(out, n, a);
	}
	s->args = out; s->nargs = n;
}

/* a message is evaluated into a MAXFIELDS array (vm/exec.c) */
static void check_nfields(Pos pos, int nargs)
{
	if (nargs > MAXFIELDS) diag_error(pos, "%d message fields, at most %d", nargs, MAXFIELDS);
}

static void check_chan(Expr *e)
{
	if ((e->k == E_VAR || e->k == E_FIELD) && e->type != TY_CHAN)
		diag_error(e->pos, "'%s' is not a channel", e->var->name);
	/* SPIN rejects it too; the analyses would not see the channel */
	if (e->k == E_REMOTE_VAR)
		diag_error(e->pos, "a channel named by a remote reference (P[i]:c) is not supported; pass the channel instead");
}

/* A channel held in an object has an id made of the object's heap slot
 * (vm.h CHAN_OBJ), which heap symmetry renumbers with the object: in a
 * chan variable, field or message the collector rewrites it, but a
 * number made from it (an int, a byte field, `<`, arithmetic) or a number
 * turned into a channel is not rewritten.  The first place either
 * happens is kept (Model.chan_data), and heap symmetry is left out of a
 * model that has such channels (heap/gc.c heap_symmetry_refused). */
static void note_chan_data(Model *m, Pos pos, const char *how)
{
	if (m->chan_data.line)
		return;
	m->chan_data = pos;
	m->chan_data_how = how;
}

/* type_flows, and a channel's id flowing into a number or back */
static void flow(Model *m, Pos pos, VType src, VType dst, int src_zero, const char *ctx)
{
	if (!type_flows(pos, src, dst, ctx) || src.ref)
		return;
	if (src.chan && !dst.chan)
		note_chan_data(m, pos, "a channel's id is stored as a number");
	else if (!src.chan && dst.chan && !src_zero)
		note_chan_data(m, pos, "a number is stored as a channel's id");
}

static int is_zero(const Expr *e)
{
	return e && e->k == E_CONST && e->val == 0;
}

/* the channel's declaration, when the operand names one (a chan
 * parameter, or a variable assigned another's id, has none we know) */
static const ChanSpec *chan_decl(const Expr *ch)
{
	return (ch->k == E_VAR || ch->k == E_FIELD) && ch->var ? ch->var->chan : NULL;
}

/* a value sent as message field i of channel ch */
static void check_send_field(Model *m, const Expr *ch, int i, const Expr *arg)
{
	const ChanSpec *cs = chan_decl(ch);
	if (!cs || i >= cs->nfields)
		return;
	char ctx[160];
	snprintf(ctx, sizeof ctx, "message field %d of the send on '%s'", i + 1, ch->var->name);
	flow(m, arg->pos, vtype_of(m, arg), vtype_field(cs, i), is_zero(arg), ctx);
}

/* a receive (or poll) argument against message field i of channel ch: a
 * variable takes the field's value, a constant or eval(x) is compared
 * with it */
static void check_recv_field(Model *m, const Expr *ch, int i, const Expr *arg)
{
	const ChanSpec *cs = chan_decl(ch);
	if (!cs || i >= cs->nfields || arg->k == E_UNDERSCORE)
		return;
	char ctx[160];
	if (arg->k == E_VAR || arg->k == E_FIELD) {
		if (arg->var->kind == TY_RECORD)
			return;
		snprintf(ctx, sizeof ctx, "message field %d of the receive on '%s' into '%s'", i + 1, ch->var->name, arg->var->name);
		flow(m, arg->pos, vtype_field(cs, i), vtype_of(m, arg), 0, ctx);
		return;
	}
	snprintf(ctx, sizeof ctx, "message field %d of the receive on '%s' matched", i + 1, ch->var->name);
	type_comparable(arg->pos, vtype_field(cs, i), vtype_of(m, arg), ctx);
	/* a number matched against a channel's id reads its slot */
	if (vtype_field(cs, i).chan && !vtype_of(m, arg).chan && !is_zero(arg))
		note_chan_data(m, arg->pos, "a channel's id is matched against a number");
}

/* A sorted send (!!) orders the messages by their fields' values: a
 * reference's value is where its object lives, and an object channel's
 * id is made of it, so the order would change under renumbering (found
 * by review, issue 37: a missed violation in the default mode). */
static void check_sorted_send(Model *m, const Stmt *s)
{
	for (int i = 0; i < s->nargs; i++) {
		VType t = vtype_of(m, s->args[i]);
		if (t.ref)
			diag_error(s->args[i]->pos, "a sorted send (!!) orders messages by value, and a reference's value is where its object lives: send it with !");
		else if (t.chan)
			note_chan_data(m, s->args[i]->pos, "a channel's id orders a sorted send (!!)");
	}
}

/* the arguments of a call or run against the parameters they initialise */
static void check_args(Model *m, Expr **args, int nargs, Var **params, int nparams, const char *what, const char *name)
{
	for (int i = 0; i < nargs && i < nparams; i++) {
		if (params[i]->kind == TY_RECORD)
			continue;
		char ctx[200];
		snprintf(ctx, sizeof ctx, "argument %d of %s '%s' (parameter '%s')", i + 1, what, name, params[i]->name);
		flow(m, args[i]->pos, vtype_of(m, args[i]), vtype_var(params[i]), is_zero(args[i]), ctx);
	}
}

/* A reference's number is where the object happens to live: heap
 * symmetry renumbers it and -por=si reorders allocations, so no
 * expression may read it (only ==, != and null tests). */
static void no_ref_number(const Expr *e, const char *how)
{
	if (e && e->type == TY_REF)
		diag_error(e->pos, "a reference cannot be %s (only compared with == and !=)", how);
}

static void resolve_expr(Check *ck, Expr *e)
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
		if (!r) { diag_error(e->pos, "new of unknown class '%s'", e->name); e->type = TY_REF; break; }
		r->is_class = 1;
		if (r->id >= MAXCLASSES)
			diag_error(e->pos, "cannot allocate '%s': only the first %d classes and typedefs of a model can be allocated with new", r->name, MAXCLASSES);
		e->ptype = NULL; e->var = NULL;
		e->type = TY_REF;
		e->val = r->id;
		ck->m->has_heap = 1;
		break;
	}
	case E_UN:
		resolve_expr(ck, e->a);
		if (e->op != OP_NOT) no_ref_number(e->a, "negated or complemented");
		if (e->op != OP_NOT && vtype_of(ck->m, e->a).chan) note_chan_data(ck->m, e->pos, "a channel's id is computed with");
		e->type = TY_INT;
		break;
	case E_BIN:
		resolve_expr(ck, e->a); resolve_expr(ck, e->b); e->type = TY_INT;
		if ((e->a->type == TY_REF || e->b->type == TY_REF) && e->op != OP_EQ && e->op != OP_NE)
			diag_error(e->pos, "references can only be compared with == and !=");
		else
			type_comparable(e->pos, vtype_of(ck->m, e->a), vtype_of(ck->m, e->b), e->op == OP_EQ ? "==" : e->op == OP_NE ? "!=" : "comparison");
		{
			/* two channels compared for identity, or a channel with 0
			 * (not created), read no slot; anything else does */
			VType ta = vtype_of(ck->m, e->a), tb = vtype_of(ck->m, e->b);
			int eq = e->op == OP_EQ || e->op == OP_NE;
			int logic = e->op == OP_AND || e->op == OP_OR;
			if ((ta.chan || tb.chan) && !logic &&
			    !(eq && ((ta.chan && tb.chan) || is_zero(e->a) || is_zero(e->b))))
				note_chan_data(ck->m, e->pos, "a channel's id is computed with");
		}
		if (e->a->k == E_NEW || e->b->k == E_NEW) diag_error(e->pos, "'new' can only be assigned");
		break;
	case E_COND:
		resolve_expr(ck, e->a); resolve_expr(ck, e->b); resolve_expr(ck, e->c);
		e->type = TY_INT;
		if (e->b->type == TY_REF || e->c->type == TY_REF) {
			type_comparable(e->pos, vtype_of(ck->m, e->b), vtype_of(ck->m, e->c), "( -> : )");
			e->type = TY_REF;
		}
		break;
	case E_LEN: case E_EMPTY: case E_NEMPTY: case E_FULL: case E_NFULL:
		resolve_expr(ck, e->a); check_chan(e->a); e->type = TY_INT; break;
	case E_POLL:
		resolve_expr(ck, e->a); check_chan(e->a);
		check_nfields(e->pos, e->nargs);
		for (int i = 0; i < e->nargs; i++) {
			resolve_expr(ck, e->args[i]);
			check_recv_field(ck->m, e->a, i, e->args[i]);
		}
		break;
	case E_EVAL:
		resolve_expr(ck, e->a);
		e->type = e->a->type;   /* eval(r) is a reference, compared with the field */
		break;
	case E_ENABLED: case E_PCVALUE: case E_GETPRIO:
		resolve_expr(ck, e->a);
		no_ref_number(e->a, "a pid");
		break;
	case E_SETPRIO:
		diag_error(e->pos, "set_priority(...) is a statement, it has no value");
		e->k = E_CONST; e->val = 0; e->type = TY_INT;
		break;
	case E_CALL: {
		Proctype *f = NULL;
		if (e->a) {
			resolve_expr(ck, e->a);
			Record *c = (e->a->k == E_VAR || e->a->k == E_FIELD) && e->a->var->kind == TY_REF ? e->a->var->rec : NULL;
			if (e->a->k == E_CALL && e->a->ptype && e->a->ptype->ret_kind == TY_REF) c = e->a->ptype->ret_rec;
			if (!c) { diag_error(e->pos, "method call '%s' on something that is not a reference", e->name); break; }
			for (int i = 0; i < ck->m->nfuncs; i++)
				if (ck->m->funcs[i]->cls == c && !strcmp(ck->m->funcs[i]->name, e->name)) f = ck->m->funcs[i];
			if (!f) { diag_error(e->pos, "class '%s' has no method '%s'", c->name, e->name); break; }
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
			if (!f) { diag_error(e->pos, "call of unknown function '%s'", e->name); break; }
		}
		e->ptype = f;
		for (int i = 0; i < e->nargs; i++) resolve_expr(ck, e->args[i]);
		int want = f->nparams - (f->cls ? 1 : 0);
		if (e->nargs != want)
			diag_error(e->pos, "'%s' expects %d argument(s), got %d", f->name, want, e->nargs);
		check_args(ck->m, e->args, e->nargs, f->params + (f->cls ? 1 : 0), want, f->cls ? "method" : "function", f->name);
		e->type = f->ret_kind == TY_NONE ? TY_INT : f->ret_kind;
		break;
	}
	case E_RUN: {
		Proctype *pt = find_ptype(ck->m, e->name);
		if (!pt || pt->is_init) { diag_error(e->pos, "run of unknown proctype '%s'", e->name); break; }
		e->ptype = pt;
		for (int i = 0; i < e->nargs; i++) resolve_expr(ck, e->args[i]);
		if (e->b) {
			/* run P() priority N */
			resolve_expr(ck, e->b);
			no_ref_number(e->b, "a priority");
			int ok = 1;
			long long pr = const_eval(ck->m, e->b, &ok);
			if (ok && (pr < 1 || pr > 255)) diag_error(e->b->pos, "priority %lld out of range (1..255)", pr);
		}
		if (e->nargs != pt->nparams)
			diag_error(e->pos, "proctype '%s' expects %d argument(s), got %d", pt->name, pt->nparams, e->nargs);
		check_args(ck->m, e->args, e->nargs, pt->params, pt->nparams, "proctype", pt->name);
		break;
	}
	case E_REMOTE_LABEL: case E_REMOTE_VAR: {
		Proctype *pt = find_ptype(ck->m, e->name);
		if (!pt) { diag_error(e->pos, "unknown proctype '%s' in remote reference", e->name); e->k = E_CONST; e->val = 0; break; }
		e->ptype = pt;
		if (e->a) {
			resolve_expr(ck, e->a);
			no_ref_number(e->a, "a process's index");
		}
		if (e->k == E_REMOTE_VAR) {
			Proctype *save = ck->cur; ck->cur = pt;
			Expr *vn = e->b;
			Var *v = NULL;
			for (int i = 0; i < pt->nlocals; i++) if (!strcmp(pt->locals[i]->name, vn->name)) v = pt->locals[i];
			if (!v) diag_error(vn->pos, "proctype '%s' has no local '%s'", pt->name, vn->name);
			else resolve_ref(ck, vn);
			ck->cur = save;
			e->type = vn->type;   /* P[i]:r is a reference when r is */
		}
		break;
	}
	default: break;
	}
}

static void check_lvalue(Expr *e)
{
	if (e->k == E_UNDERSCORE) return;   /* `_ = x`: allowed, no effect */
	if (e->k != E_VAR && e->k != E_FIELD) { diag_error(e->pos, "not an assignable variable"); return; }
	if (e->var->kind == TY_RECORD) diag_error(e->pos, "cannot assign a whole record");
}

/* reference/scalar compatibility of an assignment lhs = rhs */
static void check_assign(Model *m, Expr *lhs, Expr *rhs)
{
	if (lhs->k != E_VAR && lhs->k != E_FIELD) return;
	if (lhs->var->kind == TY_RECORD) return;   /* check_lvalue said so */
	char ctx[160];
	snprintf(ctx, sizeof ctx, "assignment to '%s'", lhs->var->name);
	flow(m, rhs->pos, vtype_of(m, rhs), vtype_var(lhs->var), is_zero(rhs), ctx);
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
		expand_record_args(m);
		check_nfields(s->pos, m->nargs);
		for (int i = 0; i < m->nargs && !k; i++)
			check_recv_field(ck->m, s->lo, i, m->args[i]);
		rs[k] = m;
	}
	s->body = xalloc(2 * sizeof(Stmt *));
	s->body[0] = rs[0]; s->body[1] = rs[1]; s->nbody = 2;
}

static void resolve_stmt(Check *ck, Stmt *s)
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
			no_ref_number(g->a, "a pid"); no_ref_number(s->rhs, "a priority");
			break;
		}
		resolve_expr(ck, s->rhs);
		if (s->rhs->k == E_NEW) diag_error(s->pos, "the result of 'new' must be assigned");
		break;
	case S_ASSIGN: resolve_expr(ck, s->lhs); check_lvalue(s->lhs); resolve_expr(ck, s->rhs); check_assign(ck->m, s->lhs, s->rhs); break;
	case S_INCR: case S_DECR:
		resolve_expr(ck, s->lhs); check_lvalue(s->lhs);
		if (s->lhs->type == TY_REF) diag_error(s->pos, "cannot increment a reference");
		break;
	case S_SEND:
		resolve_expr(ck, s->lhs); check_chan(s->lhs);
		for (int i = 0; i < s->nargs; i++) resolve_expr(ck, s->args[i]);
		expand_record_args(s);
		check_nfields(s->pos, s->nargs);
		for (int i = 0; i < s->nargs; i++)
			check_send_field(ck->m, s->lhs, i, s->args[i]);
		if (s->sorted)
			check_sorted_send(ck->m, s);
		break;
	case S_RECV:
		resolve_expr(ck, s->lhs); check_chan(s->lhs);
		for (int i = 0; i < s->nargs; i++) resolve_expr(ck, s->args[i]);
		expand_record_args(s);
		check_nfields(s->pos, s->nargs);
		for (int i = 0; i < s->nargs; i++) {
			Expr *a = s->args[i];
			if (a->k != E_VAR && a->k != E_FIELD && a->k != E_CONST && a->k != E_EVAL && a->k != E_UNDERSCORE && a->k != E_NULL)
				diag_error(a->pos, "a receive argument must be a variable, a constant, null, eval(...) or _");
			else
				check_recv_field(ck->m, s->lhs, i, a);
		}
		break;
	case S_PRINTF: for (int i = 0; i < s->nargs; i++) resolve_expr(ck, s->args[i]); break;
	case S_CALL:
		resolve_expr(ck, s->rhs);
		if (s->lhs) {
			resolve_expr(ck, s->lhs); check_lvalue(s->lhs);
			if (s->rhs->ptype && s->rhs->ptype->ret_kind == TY_NONE)
				diag_error(s->pos, "'%s' returns no value", s->rhs->ptype->name);
			else check_assign(ck->m, s->lhs, s->rhs);
		}
		break;
	case S_RETURN:
		if (s->rhs) resolve_expr(ck, s->rhs);
		if (ck->cur && ck->cur->is_func) {
			if (s->rhs && ck->cur->ret_kind == TY_NONE) diag_error(s->pos, "'%s' returns no value", ck->cur->name);
			if (!s->rhs && ck->cur->ret_kind != TY_NONE) diag_error(s->pos, "'%s' must return a value", ck->cur->name);
			if (s->rhs && ck->cur->ret_kind != TY_NONE) {
				VType want = { ck->cur->ret_kind == TY_REF, 0, ck->cur->ret_kind == TY_CHAN, ck->cur->ret_rec };
				char ctx[160];
				snprintf(ctx, sizeof ctx, "the value returned by '%s'", ck->cur->name);
				flow(ck->m, s->rhs->pos, vtype_of(ck->m, s->rhs), want, is_zero(s->rhs), ctx);
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
		 * (found by review, 2026-11-28): refused, not run wrongly */
		if (s->k == S_ATOMIC && ck->cur && ck->cur->is_never)
			diag_error(s->pos, "atomic sequences in a never claim are not supported (pan runs them without system steps between; dspin would not)");
		for (int i = 0; i < s->nbody; i++) resolve_stmt(ck, s->body[i]);
		break;
	case S_UNLESS: resolve_stmt(ck, s->sub); resolve_stmt(ck, s->esc); break;
	case S_LABEL: resolve_stmt(ck, s->sub); break;
	case S_FOR:
		resolve_expr(ck, s->lhs);
		resolve_expr(ck, s->lo); if (s->hi) resolve_expr(ck, s->hi);
		if (s->hi) {
			/* for (i : lo .. hi): the bounds are numbers (review, issue 37) */
			no_ref_number(s->lo, "a for bound");
			no_ref_number(s->hi, "a for bound");
			if (vtype_of(ck->m, s->lo).chan || vtype_of(ck->m, s->hi).chan)
				note_chan_data(ck->m, s->pos, "a channel's id is a for bound");
		}
		if (!s->hi && s->lo->type == TY_CHAN && !((s->lo->k == E_VAR || s->lo->k == E_FIELD) && s->lo->var->arrlen && !s->lo->a)) {
			/* the messages are received into x: a record is fine */
			if (s->lhs->k != E_VAR && s->lhs->k != E_FIELD) diag_error(s->lhs->pos, "not an assignable variable");
			else for_in_chan(ck, s);
		} else {
			check_lvalue(s->lhs);
			if (s->lhs->type == TY_REF) diag_error(s->lhs->pos, "a reference cannot be a for loop's counter");
			if (!s->hi && (s->lo->k != E_VAR || !s->lo->var->arrlen || s->lo->a))
				diag_error(s->lo->pos, "for (x in ...) needs an array or a channel");
		}
		resolve_stmt(ck, s->sub);
		break;
	case S_SELECT: {
		resolve_expr(ck, s->lhs); check_lvalue(s->lhs); resolve_expr(ck, s->lo); resolve_expr(ck, s->hi);
		if (s->lhs->type == TY_REF) diag_error(s->lhs->pos, "a reference cannot be chosen by select");
		no_ref_number(s->lo, "a select bound"); no_ref_number(s->hi, "a select bound");
		if (vtype_of(ck->m, s->lo).chan || vtype_of(ck->m, s->hi).chan)
			note_chan_data(ck->m, s->pos, "a channel's id is a select bound");
		int ok = 1;
		long long lo = const_eval(ck->m, s->lo, &ok), hi = const_eval(ck->m, s->hi, &ok);
		if (ok && hi < lo && !s->select_loop)
			diag_error(s->pos, "bad range in select: %lld .. %lld is empty", lo, hi);   /* SPIN rejects it too */
		else if (ok && hi - lo + 1 > MAXSELECT && !s->select_loop)
			diag_error(s->pos, "select range of %lld values, at most %d", hi - lo + 1, MAXSELECT);
		break;
	}
	default: break;
	}
}

static void check_var_init(Check *ck, Var *v)
{
	if (v->init) {
		resolve_expr(ck, v->init);
		if (v->arrlen && v->kind == TY_CHAN) diag_error(v->pos, "bad initializer");
		if (v->kind != TY_RECORD) {
			char ctx[160];
			snprintf(ctx, sizeof ctx, "the initialiser of '%s'", v->name);
			flow(ck->m, v->init->pos, vtype_of(ck->m, v->init), vtype_var(v), is_zero(v->init), ctx);
		}
	}
	if (v->chan) {
		if (v->kind != TY_CHAN) diag_error(v->pos, "'%s' is not a channel", v->name);
		chanspec(ck->m, v->chan);
	}
	if (v->kind == TY_RECORD && v->init) diag_error(v->pos, "a record cannot have an initializer");
}

/* A field's initialiser gives every instance of its typedef, and every
 * object new makes of its class, that value (vm/).  As in SPIN it is a
 * constant (mtype names included; SPIN does not resolve variables
 * there), and a reference field's is null. */
static void check_field_inits(Check *ck, Record *r)
{
	for (int i = 0; i < r->nfields; i++) {
		Var *f = r->fields[i];
		if (!f->init)
			continue;
		check_var_init(ck, f);
		int ok = 1;
		if (f->kind != TY_RECORD && f->kind != TY_REF && (const_eval(ck->m, f->init, &ok), !ok))
			diag_error(f->init->pos, "the initialiser of field '%s' of '%s' must be a constant", f->name, r->name);
	}
}

/* Byte offsets, in a block of variables with arrays and inline records
 * flattened, of every variable `want` selects: the GC's roots and edges. */
static void collect(Var **vs, int n, int base, int **out, int *nout, int (*want)(const Var *))
{
	for (int i = 0; i < n; i++) {
		Var *v = vs[i];
		int cnt = v->arrlen ? v->arrlen : 1;
		for (int k = 0; k < cnt; k++) {
			int off = base + v->offset + k * v->elemsize;
			if (want(v)) { *out = xgrow(*out, *nout + 1, sizeof(int)); (*out)[(*nout)++] = off; }
			else if (v->kind == TY_RECORD) collect(v->rec->fields, v->rec->nfields, off, out, nout, want);
		}
	}
}

static int is_ref(const Var *v) { return v->kind == TY_REF; }
/* a chan-typed variable holding a channel id (not a channel embedded in an
 * object): ids of object channels make it a heap edge */
static int is_chan_id(const Var *v) { return v->kind == TY_CHAN && !(v->chan && v->scope == SC_FIELD); }

static void collect_refs(Var **vs, int n, int base, int **out, int *nout) { collect(vs, n, base, out, nout, is_ref); }
static void collect_chans(Var **vs, int n, int base, int **out, int *nout) { collect(vs, n, base, out, nout, is_chan_id); }

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
	if (e->ptype->ret_kind == TY_NONE) { diag_error(e->pos, "'%s' returns no value", e->ptype->name); return; }
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

static Stmt *hoist_stmt(Check *ck, Stmt *s);

static void hoist_list(Check *ck, Stmt **body, int n)
{
	for (int i = 0; i < n; i++) body[i] = hoist_stmt(ck, body[i]);
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
			diag_error(s->pos, "too many calls under && / || / ( -> : ) in one statement (at most %d lowerings); compute some of them in statements of their own", MAXLAZY);
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
	if (c) diag_error(c->pos, "call to '%s' in a guard is not supported: it would become a step of its own, and the guard would no longer decide whether its option is taken; assign the result to a variable before the if/do", c->ptype->name);
}

static Stmt *hoist_stmt(Check *ck, Stmt *s)
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
	case S_UNLESS: check_guard(ck, s->esc); s->sub = hoist_stmt(ck, s->sub); s->esc = hoist_stmt(ck, s->esc); return s;
	case S_LABEL: s->sub = hoist_stmt(ck, s->sub); return s;
	case S_FOR: s->sub = hoist_stmt(ck, s->sub); return s;
	default: break;
	}
	ck->nlazy = 0;
	return lower_basic(ck, s);
}

/* SPIN 6.5's process priorities: each process has a `_priority` (a byte,
 * 1..255, default 1; an active instance or init starts with its
 * proctype's `priority N`), part of its state as in pan; `run P()
 * priority N` sets it in the new process (1 without it, as pan's run), get_priority
 * and set_priority read and write it by pid (vm/exec.c), and the VM lets
 * only the processes move that no enabled process outranks (vm/next_vm.c) */
static void add_priority(Model *m, Proctype *pt)
{
	int pr = 1;
	if (pt->prio_expr) {
		int ok = 1;
		pr = const_eval(m, pt->prio_expr, &ok);
		if (!ok) { diag_error(pt->prio_expr->pos, "the priority of '%s' must be a constant", pt->is_init ? "init" : pt->name); pr = 1; }
		else if (pr < 1 || pr > 255) { diag_error(pt->prio_expr->pos, "priority %d out of range (1..255)", pr); pr = 1; }
	}
	pt->priority = pr;
	Var *v = NEW(Var);
	v->name = "_priority"; v->pos = pt->pos; v->kind = TY_BYTE; v->scope = SC_LOCAL; v->hidden = 1;
	v->init = NEW(Expr);
	v->init->k = E_CONST; v->init->val = pr; v->init->pos = pt->pos; v->init->type = TY_INT;
	PUSH(pt->locals, pt->nlocals, v);
	pt->prio_var = v;
}

/* resolve, hoist and lay out one proctype or function */
static void check_scope(Check *ck, Proctype *pt)
{
	ck->cur = pt;
	if (pt->nparams > MAXPARAMS)
		diag_error(pt->pos, "'%s' has %d parameters, at most %d", pt->name, pt->nparams, MAXPARAMS);
	int loff = 0;
	for (int j = 0; j < pt->nlocals; j++) layout_var(ck->m, pt->locals[j], &loff);
	for (int j = 0; j < pt->nlocals; j++) {
		check_var_init(ck, pt->locals[j]);
		if (pt->locals[j]->chan) pt->nlocal_chans += pt->locals[j]->arrlen ? pt->locals[j]->arrlen : 1;
		if (pt->is_func && pt->locals[j]->chan)
			diag_error(pt->locals[j]->pos, "channels cannot be declared in functions");
	}
	if (pt->active_expr) {
		int ok = 1;
		pt->active = const_eval(ck->m, pt->active_expr, &ok);
		if (!ok) diag_error(pt->active_expr->pos, "the active count of '%s' must be a constant", pt->name);
		else if (pt->active < 0 || pt->active > MAXPROC)
			diag_error(pt->active_expr->pos, "active count of '%s' out of range (0..%d): %d", pt->name, MAXPROC, pt->active);
		if (!ok || pt->active < 0 || pt->active > MAXPROC) pt->active = 1;
	}
	if (pt->provided) resolve_expr(ck, pt->provided);
	resolve_stmt(ck, pt->body);
	pt->body = hoist_stmt(ck, pt->body);
	/* temporaries were added: lay the block out again */
	loff = 0;
	for (int j = 0; j < pt->nlocals; j++) layout_var(ck->m, pt->locals[j], &loff);
	pt->localsize = loff;
	collect_refs(pt->locals, pt->nlocals, 0, &pt->refoffs, &pt->nrefoffs);
	collect_chans(pt->locals, pt->nlocals, 0, &pt->chanoffs, &pt->nchanoffs);
	ck->cur = NULL;
}

int check_model(Model *m)
{
	Check c = { .m = m }, *ck = &c;
	int before = diag_count;
	for (int i = 0; i < m->nrecords; i++) layout_record(m, m->records[i]);
	if (m->never) {
		/* the claim's location is part of the state, as in SPIN */
		Var *v = NEW(Var);
		v->name = ":never:"; v->pos = m->never->pos; v->kind = TY_SHORT; v->scope = SC_GLOBAL; v->hidden = 1;
		PUSH(m->globals, m->nglobals, v);
		m->claim_pc = v;
	}
	/* globals */
	int off = 0;
	for (int i = 0; i < m->nglobals; i++) {
		Var *v = m->globals[i];
		layout_var(m, v, &off);
		check_var_init(ck, v);
		if (v->init && v->scope == SC_GLOBAL) {
			int ok = 1;
			const_eval(m, v->init, &ok);
			(void)ok; /* SPIN allows any expression of earlier globals */
		}
	}
	m->globsize = off;
	if (m->nptypes > MAXTYPES)
		diag_error(m->ptypes[MAXTYPES]->pos, "more than %d proctypes", MAXTYPES);
	if (m->nfuncs > MAXTYPES)
		diag_error(m->funcs[MAXTYPES]->pos, "more than %d functions and methods", MAXTYPES);
	for (int i = 0; i < m->nrecords; i++) {
		Record *r = m->records[i];
		if (!r->declared) diag_error(r->pos, "type '%s' is declared but never defined", r->name);
		check_field_inits(ck, r);
		collect_refs(r->fields, r->nfields, 0, &r->refoffs, &r->nrefoffs);
		if (r->is_class) m->has_heap = 1;
		collect_chans(r->fields, r->nfields, 0, &r->chanrefoffs, &r->nchanrefoffs);
	}
	collect_refs(m->globals, m->nglobals, 0, &m->grefoffs, &m->ngrefoffs);
	collect_chans(m->globals, m->nglobals, 0, &m->gchanoffs, &m->ngchanoffs);
	int nch = 0;
	for (int i = 0; i < m->nglobals; i++) {
		Var *v = m->globals[i];
		if (!v->chan) continue;
		nch += v->arrlen ? v->arrlen : 1;
		if (nch > MAXCHAN) {
			diag_error(v->pos, "too many channels: '%s' makes %d, at most %d", v->name, nch, MAXCHAN);
			break;
		}
	}
	if (m->uses_priority)
		for (int i = 0; i < m->nptypes; i++) add_priority(m, m->ptypes[i]);
	for (int i = 0; i < m->nptypes; i++) check_scope(ck, m->ptypes[i]);
	if (m->never) check_scope(ck, m->never);
	for (int i = 0; i < m->nfuncs; i++) check_scope(ck, m->funcs[i]);
	int nact = 0;
	for (int i = 0; i < m->nptypes; i++) {
		nact += m->ptypes[i]->active;
		if (nact > MAXPROC) {
			const char *nm = m->ptypes[i]->is_init ? "init" : m->ptypes[i]->name;
			diag_error(m->ptypes[i]->pos, "too many active processes: '%s' makes %d, at most %d", nm, nact, MAXPROC);
			break;
		}
	}
	if (m->nptypes == 0 && diag_count == before) {
		Pos p = { m->file, 1, 1 };
		diag_error(p, "no proctype, init or active process in the model");
	}
	return diag_count - before;
}

int model_const_eval(Model *m, Expr *e, int *ok) { return const_eval(m, e, ok); }
