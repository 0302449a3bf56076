/* typecheck.c — where a value flows (an assignment, an argument, a
 * message field, a return value): a reference only into a place of its
 * class (types.c), never used as a number; and the first place a
 * channel's id becomes a number or a number a channel's id
 * (Model.chan_data), which keeps heap symmetry off. */
#include "check.h"
#include <string.h>
#include <stdio.h>

/* a message is evaluated into a MAXFIELDS array (vm/exec.c) */
void check_nfields(Check *ck, Pos pos, int nargs)
{
	if (nargs > MAXFIELDS) diag_error(ck->diag, pos, "%d message fields, at most %d", nargs, MAXFIELDS);
}

void check_chan(Check *ck, Expr *e)
{
	if ((e->k == E_VAR || e->k == E_FIELD) && e->type != TY_CHAN)
		diag_error(ck->diag, e->pos, "'%s' is not a channel", e->var->name);
	/* SPIN rejects it too; the analyses would not see the channel */
	if (e->k == E_REMOTE_VAR)
		diag_error(ck->diag, e->pos, "a channel named by a remote reference (P[i]:c) is not supported; pass the channel instead");
}

/* A channel held in an object has an id made of the object's heap slot
 * (vm.h CHAN_OBJ), which heap symmetry renumbers with the object: in a
 * chan variable, field or message the collector rewrites it, but a
 * number made from it (an int, a byte field, `<`, arithmetic) or a number
 * turned into a channel is not rewritten.  The first place either
 * happens is kept (Model.chan_data), and heap symmetry is left out of a
 * model that has such channels (heap/gc.c heap_symmetry_refused). */
void check_note_chan_data(Model *m, Pos pos, const char *how)
{
	if (m->chan_data.line)
		return;
	m->chan_data = pos;
	m->chan_data_how = how;
}

/* type_flows, and a channel's id flowing into a number or back */
void check_flow(Check *ck, Pos pos, VType src, VType dst, int src_zero, const char *ctx)
{
	Model *m = ck->m;
	if (!type_flows(ck->diag, pos, src, dst, ctx) || src.ref)
		return;
	if (src.chan && !dst.chan)
		check_note_chan_data(m, pos, "a channel's id is stored as a number");
	else if (!src.chan && dst.chan && !src_zero)
		check_note_chan_data(m, pos, "a number is stored as a channel's id");
}

/* the channel's declaration, when the operand names one (a chan
 * parameter, or a variable assigned another's id, has none we know) */
static const ChanSpec *chan_decl(const Expr *ch)
{
	return (ch->k == E_VAR || ch->k == E_FIELD) && ch->var ? ch->var->chan : NULL;
}

/* a value sent as message field i of channel ch */
void check_send_field(Check *ck, const Expr *ch, int i, const Expr *arg)
{
	Model *m = ck->m;
	const ChanSpec *cs = chan_decl(ch);
	if (!cs || i >= cs->nfields)
		return;
	char ctx[160];
	snprintf(ctx, sizeof ctx, "message field %d of the send on '%s'", i + 1, ch->var->name);
	check_flow(ck, arg->pos, vtype_of(m, arg), vtype_field(cs, i), is_zero(arg), ctx);
}

/* a receive (or poll) argument against message field i of channel ch: a
 * variable takes the field's value, a constant or eval(x) is compared
 * with it */
void check_recv_field(Check *ck, const Expr *ch, int i, const Expr *arg)
{
	Model *m = ck->m;
	const ChanSpec *cs = chan_decl(ch);
	if (!cs || i >= cs->nfields || arg->k == E_UNDERSCORE)
		return;
	char ctx[160];
	if (arg->k == E_VAR || arg->k == E_FIELD) {
		if (arg->var->kind == TY_RECORD)
			return;
		snprintf(ctx, sizeof ctx, "message field %d of the receive on '%s' into '%s'", i + 1, ch->var->name, arg->var->name);
		check_flow(ck, arg->pos, vtype_field(cs, i), vtype_of(m, arg), 0, ctx);
		return;
	}
	snprintf(ctx, sizeof ctx, "message field %d of the receive on '%s' matched", i + 1, ch->var->name);
	type_comparable(ck->diag, arg->pos, vtype_field(cs, i), vtype_of(m, arg), ctx);
	/* a number matched against a channel's id reads its slot */
	if (vtype_field(cs, i).chan && !vtype_of(m, arg).chan && !is_zero(arg))
		check_note_chan_data(m, arg->pos, "a channel's id is matched against a number");
}

/* A sorted send (!!) orders the messages by their fields' values: a
 * reference's value is where its object lives, and an object channel's
 * id is made of it, so the order would change under renumbering (found
 * by review, issue 37: a missed violation in the default mode). */
void check_sorted_send(Check *ck, const Stmt *s)
{
	Model *m = ck->m;
	for (int i = 0; i < s->nargs; i++) {
		VType t = vtype_of(m, s->args[i]);
		if (t.ref)
			diag_error(ck->diag, s->args[i]->pos, "a sorted send (!!) orders messages by value, and a reference's value is where its object lives: send it with !");
		else if (t.chan)
			check_note_chan_data(m, s->args[i]->pos, "a channel's id orders a sorted send (!!)");
	}
}

/* the arguments of a call or run against the parameters they initialise */
void check_args(Check *ck, Expr **args, int nargs, Var **params, int nparams, const char *what, const char *name)
{
	Model *m = ck->m;
	for (int i = 0; i < nargs && i < nparams; i++) {
		if (params[i]->kind == TY_RECORD)
			continue;
		char ctx[200];
		snprintf(ctx, sizeof ctx, "argument %d of %s '%s' (parameter '%s')", i + 1, what, name, params[i]->name);
		check_flow(ck, args[i]->pos, vtype_of(m, args[i]), vtype_var(params[i]), is_zero(args[i]), ctx);
	}
}

/* A reference's number is where the object happens to live: heap
 * symmetry renumbers it and -por=si reorders allocations, so no
 * expression may read it (only ==, != and null tests). */
void check_no_ref_number(Check *ck, const Expr *e, const char *how)
{
	if (e && e->type == TY_REF)
		diag_error(ck->diag, e->pos, "a reference cannot be %s (only compared with == and !=)", how);
}

void check_lvalue(Check *ck, Expr *e)
{
	if (e->k == E_UNDERSCORE) return;   /* `_ = x`: allowed, no effect */
	if (e->k != E_VAR && e->k != E_FIELD) { diag_error(ck->diag, e->pos, "not an assignable variable"); return; }
	if (e->var->kind == TY_RECORD) diag_error(ck->diag, e->pos, "cannot assign a whole record");
}

/* reference/scalar compatibility of an assignment lhs = rhs */
void check_assign(Check *ck, Expr *lhs, Expr *rhs)
{
	Model *m = ck->m;
	if (lhs->k != E_VAR && lhs->k != E_FIELD) return;
	if (lhs->var->kind == TY_RECORD) return;   /* check_lvalue said so */
	char ctx[160];
	snprintf(ctx, sizeof ctx, "assignment to '%s'", lhs->var->name);
	check_flow(ck, rhs->pos, vtype_of(m, rhs), vtype_var(lhs->var), is_zero(rhs), ctx);
}
