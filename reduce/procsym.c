/* procsym.c — see reduce.h.
 *
 * pc-sorted (Bosnacki/Dams) is not canonical (Iosif, section 3: two
 * identical processes may share a pc); ties are broken by the whole process
 * block, which makes the order total on distinct processes but still not a
 * canonical representative in general (heap numbers inside the blocks
 * depend on the order).  The reduction is sound either way: every stored
 * state is a symmetric image of a reachable one.
 *
 * Proctypes that terminate are eligible when the order of deaths cannot
 * be observed (docs/symmetry.md, "Processes that terminate"): their
 * finished instances are then removed at once (layer_procsym.c). */
#include "reduce.h"
#include "../heap/heap.h"
#include "../lang/access.h"
#include <stdio.h>
#include <string.h>

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

/* can control reach the closing brace? */
static int can_terminate(const Proctype *pt)
{
	const Code *k = pt->code;
	for (int l = 0; l < k->nlocs; l++)
		for (int i = 0; i < k->locs[l].nt; i++)
			if (k->locs[l].t[i]->to == k->endloc)
				return 1;
	return k->entry == k->endloc;
}

/* ---- what a death out of SPIN's order could change (docs/symmetry.md) ----
 * The reduced search may remove a finished instance that SPIN would keep
 * until every later-created process is gone.  That is invisible unless the
 * model reads the number of processes other than as "am I alone", reads a
 * pid that the removal would shift, or a removal takes channels with it. */

/* e is `_nr_pr == 1`, `<= 1` or `< 2` (either way round): true exactly
 * when the reader is alone, so fewer processes can only enable it */
int procsym_alone_test(const Expr *e)
{
	if (!e || e->k != E_BIN || !e->a || !e->b)
		return 0;
	int flipped = e->b->k == E_NRPR;
	const Expr *nr = flipped ? e->b : e->a, *c = flipped ? e->a : e->b;
	if (nr->k != E_NRPR || c->k != E_CONST)
		return 0;
	int op = e->op;
	if (flipped)
		op = op == OP_GE ? OP_LE : op == OP_GT ? OP_LT : op == OP_LE ? OP_GE : op == OP_LT ? OP_GT : op;
	return (op == OP_EQ && c->val == 1) || (op == OP_LE && c->val == 1) || (op == OP_LT && c->val == 2);
}

/* created only as an initial process (active or init), never by run */
static int initial_only(const AccessTable *at, const Proctype *q)
{
	return !(access_find(at->model, A_RUN, q) & AM_WRITE);
}

/* is every instance of q created before every instance of c? */
static int before(const AccessTable *at, const Proctype *q, const Proctype *c)
{
	return initial_only(at, q) && (!c->active || q->index < c->index);
}

/* ---- which reads of _nr_pr a removal cannot change (docs/symmetry.md,
 * "Processes that terminate", _nr_pr) ----
 * The base: the instances of proctypes that cannot end and are created
 * before every instance of every proctype that can.  They exist in every
 * state in which a finished instance is held, below it.  A process reading
 * _nr_pr counts the base and itself, so it reads at least
 * bound = base + 1 (base when it is part of the base).  A guard that waits
 * for the count to be at most `bound` (`(_nr_pr == K)`, `<= K`, `< K+1`
 * with K <= bound) holds, in the reduced state N(s), only when nothing
 * but the base and the reader is left; then every held instance of s lies
 * above them and SPIN removes them one by one, so it holds in s after
 * those stuttering deaths as well, and both block until then.  Any other
 * read can see the count between an instance's last statement and its
 * death, which N(s) does not have: an assertion, an assignment, a
 * `provided` clause, a test that can be passed when false (beside `else`
 * or an escape, inside d_step), `_nr_pr > 1`, a test for more processes. */

static int in_base(const Model *m, const AccessTable *at, const Proctype *q)
{
	if (can_terminate(q) || !initial_only(at, q))
		return 0;
	for (int i = 0; i < m->nptypes; i++) {
		const Proctype *c = m->ptypes[i];
		if (c != q && can_terminate(c) && !before(at, q, c))
			return 0;
	}
	return 1;
}

static int base_count(const Model *m, const AccessTable *at)
{
	int n = 0;
	for (int i = 0; i < m->nptypes; i++)
		if (in_base(m, at, m->ptypes[i]))
			n += m->ptypes[i]->is_init ? 1 : m->ptypes[i]->active;
	return n;
}

/* e is `_nr_pr == K`, `<= K` or `< K+1` (either way round) with K <= bound:
 * its _nr_pr operand, else NULL */
static const Expr *waiting_test(const Expr *e, int bound)
{
	if (!e || e->k != E_BIN || !e->a || !e->b)
		return NULL;
	int flipped = e->b->k == E_NRPR;
	const Expr *nr = flipped ? e->b : e->a, *c = flipped ? e->a : e->b;
	if (nr->k != E_NRPR || c->k != E_CONST)
		return NULL;
	int op = e->op;
	if (flipped)
		op = op == OP_GE ? OP_LE : op == OP_GT ? OP_LT : op == OP_LE ? OP_GE : op == OP_LT ? OP_GT : op;
	long k = c->val;
	if ((op == OP_EQ && k <= bound) || (op == OP_LE && k <= bound) || (op == OP_LT && k <= (long)bound + 1))
		return nr;
	return NULL;
}

typedef struct NrScan {
	int bad;
	Pos pos;
	const Expr **ok; int nok;   /* the _nr_pr of every waiting guard */
	const Stmt **passable; int npassable;   /* guards somewhere beside else or an escape */
	int base;
} NrScan;

static int listed(const Stmt **l, int n, const Stmt *st)
{
	for (int i = 0; i < n; i++)
		if (l[i] == st)
			return 1;
	return 0;
}

/* One guard's transition can stand at several locations: an if/do
 * option's first step is copied into the if's location beside the other
 * options (compile.c copy_first), where an else may be.  A guard waits
 * only if it waits everywhere it stands (found by helper-6's generator:
 * `if :: _nr_pr == 1 -> skip :: else -> assert(false) fi` passed as a
 * wait through the option's own location). */
static void passable_guards(const Code *k, NrScan *ns)
{
	for (int l = 0; k && l < k->nlocs; l++) {
		const Loc *loc = &k->locs[l];
		int other = loc->has_escape;
		for (int j = 0; j < loc->nt; j++)
			other |= loc->t[j]->is_else || loc->t[j]->escape;
		for (int j = 0; j < loc->nt && other; j++)
			if (loc->t[j]->st && !listed(ns->passable, ns->npassable, loc->t[j]->st))
				PUSH(ns->passable, ns->npassable, loc->t[j]->st);
	}
}

/* is statement st an unless escape of pt's code?  An escape is copied to
 * every location of its body and takes priority there: a guard of one
 * does not wait, the body moves on while it is false (found by review,
 * issue 37: `{ done; x = 1 } unless { (_nr_pr == 1) }` hid x = 1) */
static int is_escape(const Code *k, const Stmt *st)
{
	for (int l = 0; k && l < k->nlocs; l++)
		for (int j = 0; j < k->locs[l].nt; j++) {
			const Trans *t = k->locs[l].t[j];
			if ((t->escape || t->copy_of) && (t->st == st || (t->copy_of && t->copy_of->st == st)))
				return 1;
		}
	return 0;
}

/* the waiting guards of pt's code (not its d_step bodies, whose guards do
 * not wait, nor its escapes) */
static void waiting_guards(const Model *m, const AccessTable *at, const Proctype *pt, NrScan *ns)
{
	const Code *k = pt->code;
	int bound = ns->base + (pt->is_func || in_base(m, at, pt) ? 0 : 1);
	for (int l = 0; k && l < k->nlocs; l++) {
		const Loc *loc = &k->locs[l];
		int other = loc->has_escape;
		for (int j = 0; j < loc->nt; j++)
			other |= loc->t[j]->is_else || loc->t[j]->escape;
		for (int j = 0; j < loc->nt && !other; j++) {
			const Trans *t = loc->t[j];
			const Expr *nr = t->st && t->st->k == S_EXPR && !t->dstep ? waiting_test(t->st->rhs, bound) : NULL;
			if (nr && !t->escape && !t->copy_of && !is_escape(k, t->st) && !listed(ns->passable, ns->npassable, t->st))
				PUSH(ns->ok, ns->nok, nr);
		}
	}
}

static int nr_expr(Visitor *v, Expr *e, Use use)
{
	(void)use;
	NrScan *ns = v->ctx;
	if (e->k != E_NRPR || ns->bad)
		return 0;
	for (int i = 0; i < ns->nok; i++)
		if (ns->ok[i] == e)
			return 0;
	ns->bad = 1;
	ns->pos = e->pos;
	return 0;
}

/* why the terminating proctype c cannot be permuted, or NULL */
static const char *death_observed(const Model *m, const AccessTable *at, const Proctype *c, const NrScan *nr, int cycles)
{
	char buf[256];
	if (c->nlocal_chans)
		return "can terminate and creates channels (a process's death removes the channels it created)";
	if (m->never)
		return "can terminate, and the never claim takes a step with every step of the system (a death out of SPIN's order changes how many)";
	/* a cycle of representatives may hold more finished instances in the
	 * unreduced run at every turn: no cycle there */
	if (cycles)
		return "can terminate, and -a/-l look for cycles (finished instances SPIN still holds can pile up along a cycle of representatives)";
	if (nr->bad) {
		snprintf(buf, sizeof buf, "can terminate, and _nr_pr is read at %d:%d other than by a guard that waits for at most %d processes (it would see an instance between its last statement and its death)", nr->pos.line, nr->pos.col, nr->base + 1);
		return xstrdup(buf);
	}
	/* an instance that asks whether it is alone would count the finished
	 * instances SPIN holds below it */
	if (access_find(at->reach[c->index], A_NRPR, NULL))
		return "can terminate, and reads _nr_pr (it would count finished instances SPIN still holds)";
	for (int i = 0; i < m->nptypes; i++) {
		const Proctype *q = m->ptypes[i];
		if (q == c || before(at, q, c))
			continue;
		const char *why = apart(at, q);
		if (access_find(at->reach[q->index], A_NRPR, NULL))
			snprintf(buf, sizeof buf, "can terminate, and %s reads _nr_pr without being created before every instance (the count would then include finished instances SPIN still holds below it)", q->name);
		else if (why)
			snprintf(buf, sizeof buf, "can terminate, and %s %s (a death out of SPIN's order would change %s's pid)", q->name, why, q->name);
		else
			continue;
		return xstrdup(buf);
	}
	return NULL;
}

/* the pids of pt's instances, when they are fixed: pt is only active
 * (never run), and its instances sit at lo..hi of the initial state */
static int fixed_pids(VM *vm, const AccessTable *at, const Proctype *pt, int *lo, int *hi)
{
	if (!pt->active || (access_find(at->model, A_RUN, pt) & AM_WRITE))
		return 0;
	uint8_t *buf = xalloc(MAXSTATE);
	State s;
	vm_initial(vm, &s, buf);
	*lo = -1;
	*hi = -2;
	for (int j = 0; j < s.nproc; j++) {
		if (sv_ptype(&s, j) != pt->index)
			continue;
		if (*lo < 0)
			*lo = j;
		else if (j != *hi + 1)
			return 0;
		*hi = j;
	}
	return *lo >= 0 && *hi - *lo + 1 == pt->active;
}

/* pt reads _pid: why its instances cannot be permuted even with the
 * arrays they index by it, or NULL (reduce/procsym_pid.c) */
static const char *pid_idiom(VM *vm, ProcSym *ps, const AccessTable *at, const Proctype *pt)
{
	int lo, hi;
	if (access_find(at->model, A_REMOTE, pt))
		return "is named by a remote reference";
	if (access_find(at->model, A_RUN, pt) & AM_READ)
		return "has its run result stored";
	/* a finished instance is removed at once, and the pids above it
	 * would shift under the arrays it indexed */
	if (can_terminate(pt))
		return "reads _pid, and can terminate (a finished instance is removed at once: the pids of later ones would shift)";
	if (!fixed_pids(vm, at, pt, &lo, &hi))
		return "reads _pid, and is created by run (its instances' pids are not fixed)";
	const char *why = procsym_pid_class(ps, vm->m, pt, lo, hi);
	if (!why) {
		ps->pid_lo[pt->index] = lo;
		ps->pid_hi[pt->index] = hi;
	}
	return why;
}

/* why pt is left out of the symmetry, or NULL */
static const char *left_out(VM *vm, ProcSym *ps, const AccessTable *at, const Proctype *pt, int all_bad, const NrScan *nr, int cycles)
{
	const Model *m = vm->m;
	const char *why = apart(at, pt);
	if (pt->is_init)
		return "is init (one instance)";
	if (all_bad)
		return "is in a model that uses _last, enabled() or pc_value(), or _pid in a function";
	if (why && !strcmp(why, "reads _pid"))
		return pid_idiom(vm, ps, at, pt);
	if (why)
		return why;
	if (can_terminate(pt))
		return death_observed(m, at, pt, nr, cycles);
	return NULL;
}

ProcSym *procsym_analyze(VM *vm, int heap)
{
	return procsym_analyze_for(vm, heap, 0);
}

ProcSym *procsym_analyze_for(VM *vm, int heap, int cycles)
{
	Model *m = vm->m;
	const AccessTable *at = vm->prog->access;
	ProcSym *ps = xalloc(sizeof *ps);
	ps->heap = heap;
	int n = m->nptypes;
	int all_bad = all_apart(m, at);
	NrScan nr = { 0, { NULL, 0, 0 }, NULL, 0, NULL, 0, base_count(m, at) };
	for (int i = 0; i < m->nptypes; i++)
		passable_guards(m->ptypes[i]->code, &nr);
	for (int i = 0; i < m->nfuncs; i++)
		passable_guards(m->funcs[i]->code, &nr);
	for (int i = 0; i < m->nptypes; i++)
		waiting_guards(m, at, m->ptypes[i], &nr);
	for (int i = 0; i < m->nfuncs; i++)
		waiting_guards(m, at, m->funcs[i], &nr);
	Visitor v = { nr_expr, &nr, NULL, IN_BODY };
	visit_model(&v, m);
	ps->eligible = xalloc((size_t)n + 1);
	ps->reason = xalloc(sizeof(char *) * ((size_t)n + 1));
	ps->pid_lo = xalloc(sizeof(int) * ((size_t)n + 1));
	ps->pid_hi = xalloc(sizeof(int) * ((size_t)n + 1));
	for (int i = 0; i < n; i++) {
		ps->pid_lo[i] = 1;
		ps->pid_hi[i] = 0;
	}
	for (int i = 0; i < n; i++) {
		ps->reason[i] = left_out(vm, ps, at, m->ptypes[i], all_bad, &nr, cycles);
		ps->terminating |= ps->reason[i] == NULL && can_terminate(m->ptypes[i]);
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

