/* por.c — static classification of safe locations (see por.h), from the
 * access sets of lang/access.h.
 *
 * A transition is safe when its access set is private: the process's own
 * variables and _pid, no stored reference (access_private).  Calls and
 * returns are never private: a call frame grows the state vector, which
 * is bounded for all processes together, so whether another process's
 * call overflows it depends on the order.  A send or receive may be safe
 * in some states (por_chan.c).
 *
 * Symmetric independence (-por=si; Iosif, section 5, Lemma 4): with heap
 * symmetry, a step that allocates into or writes the moving process's own
 * reference locals, and touches nothing else but its own variables, is
 * safe too.  Allocations and the garbage such writes leave commute with
 * every other process's moves modulo the heap permutation, and nobody
 * else can see them: a new object, or one only this process held, is
 * reachable by no one else.  This holds for an unbounded heap; the heap
 * bound is a resource limit (ERR_BOUND: the search goes on without the
 * move and ends "incomplete"), so a reduced search that never reaches it
 * preserves every violation of the program with an unbounded heap, and
 * one that reaches it says so.  (While the bound was a property,
 * allocations were dependent, and the random-program driver found a
 * heap-bound error that si missed: tests/models/dyn/por_si_heap_bound.dpml,
 * now "incomplete" under every mode.) */
#include "por.h"
#include "reduce.h"
#include "../lang/access.h"
#include <string.h>

struct PorTable {
	int si;                /* symmetric and heap-local independence on */
	int provided;          /* some proctype has a provided clause */
	unsigned char *cls;    /* by Loc.gid: 0 unsafe, else POR_SAFE | POR_CHAN | POR_OWNED */
	unsigned char *cond;   /* by Trans.id: a conditionally safe send, receive or guard */
	unsigned char *owned;  /* by Trans.id: safe when the objects it touches are the mover's */
	unsigned char *heap;   /* by Loc.gid: some transition safe by si only (por_loc_heap) */
	ChanTable *chan;
	int nsafe;
	const ProcSym *ps;     /* process symmetry, or NULL */
	int nr_disabled;       /* some step can be disabled by fewer processes */
	int death;             /* a process's death may be safe (por_death_holds) */
};

/* safe under symmetric independence: only the process's own variables
 * and _pid, and allocations; references stored only into its own locals
 * (a store elsewhere is a global or heap item) */
static int si_private(const Access *a)
{
	if (a->writes_chan)
		return 0;
	for (int i = 0; i < a->n; i++) {
		int k = a->v[i].kind;
		if (k != A_LOCAL && k != A_PID && k != A_NEW)
			return 0;
	}
	return 1;
}

/* Heap-local independence (-por=si; beyond dSPIN, as JPF and Bogor have
 * it in their forms): a step whose heap accesses are fields of objects
 * that only the moving process can reach (from its locals and call frames:
 * heap/gc.c's heap_owners) is independent of every other process's steps
 * in that state, since no other process can obtain a reference before this
 * one publishes it, and publishing (storing the reference in a global, a
 * channel or a shared object) is itself a step that is not safe.  Which
 * objects a step touches is known only in a state: the candidates here
 * touch nothing but the process's own variables, allocations and object
 * fields, and por_loc_holds checks the objects (por_owned_step). */
static int owned_candidate(const PorTable *t, const Trans *tr, const Access *a)
{
	/* a provided clause joins every step's access set, but
	 * por_loc_owned checks only the statement's fields: a process or a
	 * function's caller with a provided clause gets no heap-local steps
	 * (found by review: prov.dpml) */
	if (tr->dstep || a->writes_chan || !access_find(a, A_HEAP, NULL) || tr->owner->provided
	    || (tr->owner->is_func && t->provided))
		return 0;
	for (int i = 0; i < a->n; i++) {
		int k = a->v[i].kind;
		if (k != A_LOCAL && k != A_PID && k != A_NEW && k != A_HEAP)
			return 0;
	}
	return 1;
}

static int any_provided(const Model *m)
{
	for (int i = 0; i < m->nptypes; i++)
		if (m->ptypes[i]->provided)
			return 1;
	return 0;
}

/* besides the class: safe only by symmetric independence */
#define CLS_HEAP 0x80

/* 0 unsafe, else POR_SAFE, POR_CHAN (a send, receive or guard safe in
 * some states) or POR_OWNED (safe when its objects are the mover's), with
 * CLS_HEAP when safe by symmetric independence only */
static int trans_class(PorTable *t, const AccessTable *at, const Trans *tr)
{
	const Access *a = at->trans[tr->id];
	/* process symmetry removes an instance of a terminating interchangeable
	 * proctype in the step that finishes it (docs/symmetry.md): that step
	 * changes _nr_pr and the pids, like a death */
	const Proctype *o = tr->owner;
	if (t->ps && t->ps->terminating && t->nr_disabled && o && !o->is_func && !o->is_never &&
	    t->ps->eligible[o->index] && tr->to == o->code->endloc)
		return 0;
	/* a step to a rendezvous partner's location can disable an else
	 * beside the other end (por_chan.c) */
	if (chan_enables_observed(t->chan, tr))
		return 0;
	if (access_private(a) || (t->si && si_private(a)))
		return access_private(a) ? POR_SAFE : POR_SAFE | CLS_HEAP;
	if (t->si && owned_candidate(t, tr, a)) {
		t->owned[tr->id] = 1;
		return POR_OWNED;
	}
	/* the callers of a function are not tracked by the channel reach sets */
	if (tr->owner->is_func || !chan_cond_trans(t->chan, tr))
		return 0;
	t->cond[tr->id] = 1;
	return POR_CHAN;
}

/* A location is safe when every transition leaving it is, unless
 * escapes and else included.  At a process's closing brace its move is
 * its death, which changes _nr_pr, the pids of processes created later
 * and the channels: safe only in states where nobody can tell
 * (por_death_holds). */
static int loc_class(PorTable *t, const AccessTable *at, const Proctype *pt, int l)
{
	const Code *k = pt->code;
	const Loc *loc = &k->locs[l];
	if (l == k->endloc && !pt->is_func)
		return loc->nt == 0 && t->death ? POR_SAFE | POR_DEATH : 0;
	if (loc->nt == 0)
		return 0;
	int cls = POR_SAFE;
	for (int i = 0; i < loc->nt; i++) {
		int r = trans_class(t, at, loc->t[i]);
		if (r == 0)
			return 0;
		cls |= r;
	}
	if (cls & (CLS_HEAP | POR_OWNED))
		t->heap[loc->gid] = 1;
	return cls & ~CLS_HEAP;
}

static void classify(PorTable *t, const AccessTable *at, const Proctype *pt)
{
	const Code *k = pt->code;
	for (int l = 0; l < k->nlocs; l++) {
		int cls = loc_class(t, at, pt, l);
		t->cls[k->locs[l].gid] = (unsigned char)cls;
		t->nsafe += cls != 0;
	}
}

/* A process's own variables are private only if no other process looks
 * at them: a remote reference P[i]:x or P[i]@L in a process reads P's
 * locals or its pc, so every move of P is visible to the reader, wherever
 * the reference stands (a local initialiser, a run argument, a provided
 * clause...); enabled(), pc_value() and _last observe every process.
 * (SPIN's reduction ignores remote references and misses errors:
 * tests/models/sym/por_remote_ref.pml.)  The never claim is not such a
 * reader: what it observes, the claim layer judges move by move
 * (vm/layer_claim.c), so at->system, not at->model. */
static int observed(const Access *all, const Proctype *pt)
{
	return access_find(all, A_ALLPROCS, NULL) || access_find(all, A_REMOTE, pt);
}

/* np_ read by a process (SPIN allows it only in a never claim): whether
 * any process is at a progress label, so every move into or out of one
 * is visible to it (found by review: np_obs.pml) */
static int np_in_processes(const AccessTable *at, const Model *m)
{
	for (int i = 0; i < m->nptypes; i++)
		if (access_find(at->reach[i], A_NP, NULL))
			return 1;
	return 0;
}

/* Can a step be disabled, or change what it does, when a process goes?
 * Only through _nr_pr.  A guard statement `(_nr_pr == 1)` (or <= 1, < 2)
 * at a location without else or escapes can only be enabled by it: it
 * cannot run before the removal either, since the finishing process
 * counts.  Anything else reading _nr_pr can. */
static int loc_nr_disabled(const AccessTable *at, const Loc *l)
{
	int reads = 0, other = 0;
	for (int j = 0; j < l->nt; j++) {
		const Trans *tr = l->t[j];
		other |= tr->is_else || tr->escape;
		if (!access_find(at->trans[tr->id], A_NRPR, NULL))
			continue;
		reads = 1;
		if (!tr->st || tr->st->k != S_EXPR || tr->dstep || !procsym_alone_test(tr->st->rhs))
			return 1;
	}
	return reads && (other || l->has_escape);
}

static int code_nr_disabled(const AccessTable *at, const Proctype *pt)
{
	for (int l = 0; pt->code && l < pt->code->nlocs; l++)
		if (loc_nr_disabled(at, &pt->code->locs[l]))
			return 1;
	return 0;
}

static int nr_disabled(const Model *m, const AccessTable *at)
{
	for (int i = 0; i < m->nptypes; i++)
		if (code_nr_disabled(at, m->ptypes[i]))
			return 1;
	for (int i = 0; i < m->nfuncs; i++)
		if (code_nr_disabled(at, m->funcs[i]))
			return 1;
	/* the claim, initialisers: read where no step can be ordered */
	return access_find(at->claim, A_NRPR, NULL) || access_find(at->globals, A_NRPR, NULL);
}

PorTable *por_table(VM *vm, int mode, const ProcSym *ps)
{
	const Program *p = vm->prog;
	const Model *m = vm->m;
	const AccessTable *at = p->access;
	PorTable *t = xalloc(sizeof *t);
	t->cls = xalloc((size_t)p->nlocs + 1);
	t->cond = xalloc((size_t)p->ntrans + 1);
	t->owned = xalloc((size_t)p->ntrans + 1);
	t->heap = xalloc((size_t)p->nlocs + 1);
	t->si = mode == POR_SI;
	t->ps = ps;
	t->nr_disabled = nr_disabled(m, at);
	/* A death lowers _nr_pr: only a guard that waits for a process to be
	 * alone reads it (it is enabled by the death, never disabled).  It
	 * may let the garbage collector free objects (where another process's
	 * new lands), and process symmetry removes finished instances its own
	 * way. */
	t->death = !t->nr_disabled && !m->has_heap && !(ps && ps->any);
	/* what a never claim observes is the claim layer's to say
	 * (vm/layer_claim.c) */
	if (mode == POR_NONE)
		return t;
	t->chan = chan_table(p);
	if (np_in_processes(at, m))
		return t;
	/* Where an atomic sequence blocks halfway the others see the state
	 * (por_inside.c).  A wait there on _nr_pr needs no rule:
	 * the only such wait a death is safe beside is for its process to
	 * be alone (loc_nr_disabled), which no other live process, and no
	 * claim (pan counts it in _nr_pr), can then see; a run there never
	 * waits (one process too many is an error, and deaths are not safe
	 * while another process can still create one); a timeout there
	 * never runs in the pass that gives the process control, so its
	 * state is seen either way (tests/models/live/
	 * por_atomic_timeout_claim.pml, por_atomic_block_nrpr.pml). */
	t->provided = any_provided(m);
	for (int i = 0; i < m->nptypes; i++)
		if (!observed(at->system, m->ptypes[i]))
			classify(t, at, m->ptypes[i]);
	/* a function runs in its caller's frame: observed like any process
	 * once anything is observed (the caller could be observed) */
	if (observed(at->system, NULL))
		return t;
	for (int i = 0; i < m->nfuncs; i++)
		classify(t, at, m->funcs[i]);
	return t;
}

int por_table_nsafe(const PorTable *t)
{
	return t->nsafe;
}

int por_loc_class(const PorTable *t, const Loc *loc)
{
	return t->cls[loc->gid];
}

int por_loc_heap(const PorTable *t, const Loc *loc)
{
	return t->heap[loc->gid];
}

int por_loc_cond_holds(const PorTable *t, VM *vm, const State *s, int pid, const Loc *loc)
{
	for (int i = 0; i < loc->nt; i++) {
		const Trans *tr = loc->t[i];
		if (t->cond[tr->id] && !chan_cond_holds(t->chan, vm, s, pid, tr))
			return 0;
	}
	return 1;
}

int por_loc_timeout(const PorTable *t, const Loc *loc)
{
	for (int i = 0; i < loc->nt; i++)
		if (t->cond[loc->t[i]->id] && chan_trans_timeout(t->chan, loc->t[i]))
			return 1;
	return 0;
}

int por_death_holds(const PorTable *t, const State *s, int pid)
{
	return t->death && pid == s->nproc - 1 && chan_death_holds(t->chan, s, pid);
}

/* ---- heap-local independence: the objects of one step ---- */

typedef struct Owned {
	Exec x;
	const uint8_t *owner;
	int pid, ok;
} Owned;

/* every field reached through a reference must be in an object the
 * moving process owns (the base is evaluated in the current state: a
 * read-only evaluation; an error means "not shown safe") */
static int check_field(Visitor *v, Expr *e, Use use)
{
	(void)use;
	Owned *o = v->ctx;
	if (!o->ok || e->k != E_FIELD || !e->b || e->b->k == E_CALL)
		return !o->ok;
	const Expr *b = e->b;
	if ((b->k != E_VAR && b->k != E_FIELD) || !b->var || b->var->kind != TY_REF)
		return 0;
	o->x.err = 0;
	int32_t ref = vm_eval(&o->x, b);
	if (o->x.err || ref <= 0 || ref > o->x.s->nslot || o->owner[ref] != o->pid + 1)
		o->ok = 0;
	return !o->ok;
}

int por_loc_owned(const PorTable *t, VM *vm, State *s, int pid, const Loc *loc, const uint8_t *owner)
{
	Owned o;
	memset(&o, 0, sizeof o);
	o.x.vm = vm;
	o.x.s = s;
	o.x.pid = pid;
	o.owner = owner;
	o.pid = pid;
	o.ok = 1;
	Visitor v = { check_field, &o, NULL, IN_BODY };
	for (int i = 0; i < loc->nt && o.ok; i++)
		if (t->owned[loc->t[i]->id])
			visit_step(&v, loc->t[i]->st);
	return o.ok;
}
