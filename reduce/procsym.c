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
#include "../lang/access.h"

/* Something that tells every proctype's instances apart: enabled(),
 * pc_value(), _last anywhere; _pid outside a proctype's own code (in a
 * function, whose callers are not told apart here, the never claim, a
 * global initialiser). */
static int all_apart(const Model *m, const AccessTable *at)
{
	if (access_find(at->model, A_ALLPROCS, NULL))
		return 1;
	for (int i = 0; i < m->nfuncs; i++)
		if (access_find(at->func[i], A_PID, NULL))
			return 1;
	return access_find(at->claim, A_PID, NULL) || access_find(at->globals, A_PID, NULL);
}

/* why the instances of pt can be told apart, or NULL */
static const char *apart(const AccessTable *at, const Proctype *pt)
{
	if (access_find(at->own[pt->index], A_PID, NULL))
		return "reads _pid";
	if (access_find(at->model, A_REMOTE, pt))
		return "is named by a remote reference";
	/* the pid a run returns, used anywhere but as a statement of its own */
	if (access_find(at->model, A_RUN, pt) & AM_READ)
		return "has its run result stored";
	return NULL;
}

/* can control reach the closing brace? (then SPIN's removal of the last
 * process first tells instances apart) */
static int can_terminate(const Proctype *pt)
{
	const Code *k = pt->code;
	for (int l = 0; l < k->nlocs; l++)
		for (int i = 0; i < k->locs[l].nt; i++)
			if (k->locs[l].t[i]->to == k->endloc)
				return 1;
	return k->entry == k->endloc;
}

/* why pt is left out of the symmetry, or NULL */
static const char *left_out(const AccessTable *at, const Proctype *pt, int all_bad)
{
	const char *why = apart(at, pt);
	if (pt->is_init)
		return "is init (one instance)";
	if (all_bad)
		return "the model uses _last, enabled() or pc_value(), or _pid in a function";
	if (why)
		return why;
	if (can_terminate(pt))
		return "can terminate (SPIN removes the last-created process first, which tells instances apart)";
	return NULL;
}

ProcSym *procsym_analyze(VM *vm, int heap)
{
	Model *m = vm->m;
	const AccessTable *at = vm->prog->access;
	ProcSym *ps = xalloc(sizeof *ps);
	ps->heap = heap;
	int n = m->nptypes;
	int all_bad = all_apart(m, at);
	ps->eligible = xalloc((size_t)n + 1);
	ps->reason = xalloc(sizeof(char *) * ((size_t)n + 1));
	for (int i = 0; i < n; i++) {
		ps->reason[i] = left_out(at, m->ptypes[i], all_bad);
		ps->eligible[i] = !ps->reason[i];
		ps->any |= ps->eligible[i];
	}
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

