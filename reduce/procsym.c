/* procsym.c — see reduce.h.
 *
 * pc-sorted (Bosnacki/Dams) is not canonical (Iosif, section 3: two
 * identical processes may share a pc); ties are broken by the whole process
 * block, which makes the order total on distinct processes but still not a
 * canonical representative in general (heap numbers inside the blocks
 * depend on the order).  The reduction is sound either way: every stored
 * state is a symmetric image of a reachable one. */
#include "reduce.h"
#include "../heap/heap.h"
#include <stdlib.h>
#include <string.h>

static void mark_expr(const Expr *e, unsigned char *bad, const char **why, int *all_bad, Proctype *owner, Model *m);

static void exclude(unsigned char *bad, const char **why, int pt, const char *reason)
{
	if (!bad[pt]) { bad[pt] = 1; why[pt] = reason; }
}

static void mark_expr(const Expr *e, unsigned char *bad, const char **why, int *all_bad, Proctype *owner, Model *m)
{
	if (!e) return;
	switch (e->k) {
	case E_PID:
		if (owner && !owner->is_func) exclude(bad, why, owner->index, "reads _pid");
		else *all_bad = 1;
		break;
	case E_REMOTE_LABEL: case E_REMOTE_VAR:
		if (e->ptype) exclude(bad, why, e->ptype->index, "is named by a remote reference");
		break;
	case E_ENABLED: case E_PCVALUE: case E_LASTPID:
		*all_bad = 1;
		break;
	default: break;
	}
	mark_expr(e->a, bad, why, all_bad, owner, m);
	mark_expr(e->b, bad, why, all_bad, owner, m);
	mark_expr(e->c, bad, why, all_bad, owner, m);
	for (int i = 0; i < e->nargs; i++) mark_expr(e->args[i], bad, why, all_bad, owner, m);
}

static void mark_stmt(const Stmt *s, unsigned char *bad, const char **why, int *all_bad, Proctype *owner, Model *m)
{
	if (!s) return;
	if (s->rhs && s->rhs->k == E_RUN && s->k != S_EXPR && s->rhs->ptype)
		exclude(bad, why, s->rhs->ptype->index, "has its run result stored");
	mark_expr(s->lhs, bad, why, all_bad, owner, m);
	mark_expr(s->rhs, bad, why, all_bad, owner, m);
	mark_expr(s->lo, bad, why, all_bad, owner, m);
	mark_expr(s->hi, bad, why, all_bad, owner, m);
	for (int i = 0; i < s->nargs; i++) mark_expr(s->args[i], bad, why, all_bad, owner, m);
	for (int i = 0; i < s->nbody; i++) mark_stmt(s->body[i], bad, why, all_bad, owner, m);
	for (int i = 0; i < s->nopts; i++)
		for (int j = 0; j < s->optlen[i]; j++) mark_stmt(s->opts[i][j], bad, why, all_bad, owner, m);
	mark_stmt(s->sub, bad, why, all_bad, owner, m);
	mark_stmt(s->esc, bad, why, all_bad, owner, m);
}

/* can control reach the closing brace? (then SPIN's removal of the last
 * process first tells instances apart) */
static int can_terminate(Proctype *pt)
{
	Code *k = pt->code;
	for (int l = 0; l < k->nlocs; l++)
		for (int i = 0; i < k->locs[l].nt; i++)
			if (k->locs[l].t[i]->to == k->endloc) return 1;
	return k->entry == k->endloc;
}

ProcSym *procsym_analyze(VM *vm, int heap)
{
	Model *m = vm->m;
	ProcSym *ps = xalloc(sizeof *ps);
	ps->heap = heap;
	int n = m->nptypes;
	unsigned char *bad = calloc(n + 1, 1);
	const char **why = calloc(n + 1, sizeof(char *));
	int all_bad = 0;
	for (int i = 0; i < n; i++) {
		Proctype *pt = m->ptypes[i];
		mark_stmt(pt->body, bad, why, &all_bad, pt, m);
		mark_expr(pt->provided, bad, why, &all_bad, pt, m);
		for (int j = 0; j < pt->nlocals; j++) mark_expr(pt->locals[j]->init, bad, why, &all_bad, pt, m);
	}
	for (int i = 0; i < m->nfuncs; i++) mark_stmt(m->funcs[i]->body, bad, why, &all_bad, m->funcs[i], m);
	for (int i = 0; i < m->nglobals; i++) mark_expr(m->globals[i]->init, bad, why, &all_bad, NULL, m);
	if (m->never) mark_stmt(m->never->body, bad, why, &all_bad, NULL, m);
	ps->eligible = xalloc((size_t)n + 1);
	ps->reason = xalloc(sizeof(char *) * ((size_t)n + 1));
	for (int i = 0; i < n; i++) {
		Proctype *pt = m->ptypes[i];
		if (pt->is_init) ps->reason[i] = "is init (one instance)";
		else if (all_bad) ps->reason[i] = "the model uses _last, enabled() or pc_value(), or _pid in a function";
		else if (bad[i]) ps->reason[i] = why[i];
		else if (can_terminate(pt)) ps->reason[i] = "can terminate (SPIN removes the last-created process first, which tells instances apart)";
		else { ps->eligible[i] = 1; ps->any = 1; }
	}
	free(bad); free(why);
	return ps;
}

void procsym_report(VM *vm, const ProcSym *ps, FILE *f)
{
	Model *m = vm->m;
	for (int i = 0; i < m->nptypes; i++) {
		if (m->ptypes[i]->is_init) continue;
		if (ps->eligible[i]) fprintf(f, "\tprocess symmetry: %s instances are interchangeable\n", m->ptypes[i]->name);
		else fprintf(f, "\tprocess symmetry: %s left out: it %s\n", m->ptypes[i]->name, ps->reason[i]);
	}
}

