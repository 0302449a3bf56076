/* check.c — the checker's driver (check_model): lays out the records and
 * the globals, then resolves, type-checks, lowers and lays out each
 * proctype, claim and function in turn (check.h lists the passes), and
 * checks the model-wide limits (processes, channels, types). */
#include "check.h"
#include <string.h>
#include <stdio.h>

/* SPIN 6.5's process priorities: each process has a `_priority` (a byte,
 * 1..255, default 1; an active instance or init starts with its
 * proctype's `priority N`), part of its state as in pan; `run P()
 * priority N` sets it in the new process (1 without it, as pan's run), get_priority
 * and set_priority read and write it by pid (vm/exec.c), and the VM lets
 * only the processes move that no enabled process outranks (vm/next_vm.c) */
static void add_priority(Check *ck, Proctype *pt)
{
	Model *m = ck->m;
	int pr = 1;
	if (pt->prio_expr) {
		int ok = 1;
		pr = resolve_const(m, pt->prio_expr, &ok);
		if (!ok) { diag_error(ck->diag, pt->prio_expr->pos, "the priority of '%s' must be a constant", pt->is_init ? "init" : pt->name); pr = 1; }
		else if (pr < 1 || pr > 255) { diag_error(ck->diag, pt->prio_expr->pos, "priority %d out of range (1..255)", pr); pr = 1; }
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
	/* SPIN's rule for its own constructs; DPML's functions and methods
	 * may use a global declared after them (a class's methods use the
	 * channels whose messages are of that class) */
	ck->seq = pt->is_func ? 0 : pt->seq;
	if (pt->nparams > MAXPARAMS)
		diag_error(ck->diag, pt->pos, "'%s' has %d parameters, at most %d", pt->name, pt->nparams, MAXPARAMS);
	int loff = 0;
	for (int j = 0; j < pt->nlocals; j++) layout_var(ck, pt->locals[j], &loff);
	for (int j = 0; j < pt->nlocals; j++) {
		resolve_var_init(ck, pt->locals[j]);
		if (pt->locals[j]->chan) pt->nlocal_chans += pt->locals[j]->arrlen ? pt->locals[j]->arrlen : 1;
		if (pt->is_func && pt->locals[j]->chan)
			diag_error(ck->diag, pt->locals[j]->pos, "channels cannot be declared in functions");
	}
	if (pt->active_expr) {
		int ok = 1;
		pt->active = resolve_const(ck->m, pt->active_expr, &ok);
		if (!ok) diag_error(ck->diag, pt->active_expr->pos, "the active count of '%s' must be a constant", pt->name);
		else if (pt->active < 0 || pt->active > MAXPROC)
			diag_error(ck->diag, pt->active_expr->pos, "active count of '%s' out of range (0..%d): %d", pt->name, MAXPROC, pt->active);
		if (!ok || pt->active < 0 || pt->active > MAXPROC) pt->active = 1;
	}
	if (pt->provided) resolve_expr(ck, pt->provided);
	resolve_stmt(ck, pt->body);
	pt->body = lower_stmt(ck, pt->body);
	/* temporaries were added: lay the block out again */
	loff = 0;
	for (int j = 0; j < pt->nlocals; j++) layout_var(ck, pt->locals[j], &loff);
	pt->localsize = loff;
	layout_collect_refs(pt->locals, pt->nlocals, 0, &pt->refoffs, &pt->nrefoffs);
	layout_collect_chans(pt->locals, pt->nlocals, 0, &pt->chanoffs, &pt->nchanoffs);
	ck->cur = NULL;
	ck->seq = 0;
}

int check_model(Diag *d, Model *m)
{
	Check c = { .m = m, .diag = d }, *ck = &c;
	int before = d->count;
	for (int i = 0; i < m->nrecords; i++) layout_record(ck, m->records[i]);
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
		layout_var(ck, v, &off);
		ck->seq = v->seq;
		resolve_var_init(ck, v);
		ck->seq = 0;
		if (v->init && v->scope == SC_GLOBAL) {
			int ok = 1;
			resolve_const(m, v->init, &ok);
			(void)ok; /* SPIN allows any expression of earlier globals */
		}
	}
	m->globsize = off;
	if (m->nptypes > MAXTYPES)
		diag_error(ck->diag, m->ptypes[MAXTYPES]->pos, "more than %d proctypes", MAXTYPES);
	if (m->nfuncs > MAXTYPES)
		diag_error(ck->diag, m->funcs[MAXTYPES]->pos, "more than %d functions and methods", MAXTYPES);
	for (int i = 0; i < m->nrecords; i++) {
		Record *r = m->records[i];
		if (!r->declared) diag_error(ck->diag, r->pos, "type '%s' is declared but never defined", r->name);
		resolve_field_inits(ck, r);
		layout_collect_refs(r->fields, r->nfields, 0, &r->refoffs, &r->nrefoffs);
		if (r->is_class) m->has_heap = 1;
		layout_collect_chans(r->fields, r->nfields, 0, &r->chanrefoffs, &r->nchanrefoffs);
	}
	layout_collect_refs(m->globals, m->nglobals, 0, &m->grefoffs, &m->ngrefoffs);
	layout_collect_chans(m->globals, m->nglobals, 0, &m->gchanoffs, &m->ngchanoffs);
	int nch = 0;
	for (int i = 0; i < m->nglobals; i++) {
		Var *v = m->globals[i];
		if (!v->chan) continue;
		nch += v->arrlen ? v->arrlen : 1;
		if (nch > MAXCHAN) {
			diag_error(ck->diag, v->pos, "too many channels: '%s' makes %d, at most %d", v->name, nch, MAXCHAN);
			break;
		}
	}
	if (m->uses_priority)
		for (int i = 0; i < m->nptypes; i++) add_priority(ck, m->ptypes[i]);
	for (int i = 0; i < m->nptypes; i++) check_scope(ck, m->ptypes[i]);
	if (m->never) check_scope(ck, m->never);
	for (int i = 0; i < m->nfuncs; i++) check_scope(ck, m->funcs[i]);
	int nact = 0;
	for (int i = 0; i < m->nptypes; i++) {
		nact += m->ptypes[i]->active;
		if (nact > MAXPROC) {
			const char *nm = m->ptypes[i]->is_init ? "init" : m->ptypes[i]->name;
			diag_error(ck->diag, m->ptypes[i]->pos, "too many active processes: '%s' makes %d, at most %d", nm, nact, MAXPROC);
			break;
		}
	}
	if (m->nptypes == 0 && d->count == before) {
		Pos p = { m->file, 1, 1 };
		diag_error(ck->diag, p, "no proctype, init or active process in the model");
	}
	return d->count - before;
}

int model_const_eval(Model *m, Expr *e, int *ok) { return resolve_const(m, e, ok); }
