/* layer_claim.c — the product with the never claim, as a layer.
 *
 * Every step is a claim step (evaluated on the current state, as SPIN's
 * claim moves first) followed by a system step, except inside an atomic
 * sequence, where the system moves alone until the sequence ends or
 * blocks (pan's "atomic sequence in claim"); when the system has no
 * move, the claim moves alone (stutter), except under -l, where a stopped
 * system does not let the claim move on.  A claim with no enabled move
 * cuts the path; a claim that reaches its closing brace is an error.  The
 * claim's location is a hidden global (Model.claim_pc), so the key is the
 * system's.
 */
#include "next.h"
#include "../lang/access.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

typedef struct ClaimConf {
	int no_stutter;
	int proc_accept;         /* -a, and the processes have accept labels */
	int stutter_invariant;   /* from an ltl formula (no X) or -l: moves the
	                          * claim cannot see may be reduced away */
} ClaimConf;
typedef struct ClaimWork { SuccBuf sys; State cur; uint8_t curbuf[MAXSTATE]; } ClaimWork;

static void *claim_work_new(const Layer *l, Ctx *c)
{
	(void)l; (void)c;
	ClaimWork *w = calloc(1, sizeof *w);
	if (w)
		w->cur.b = w->curbuf;
	return w;
}

static void claim_work_free(const Layer *l, void *p)
{
	(void)l;
	ClaimWork *w = p;
	succbuf_free(&w->sys);
	free(w);
}

static int vm_claim_pc(VM *vm, const uint8_t *b)
{
	return vm_load(b + GOFF + vm->m->claim_pc->offset, TY_SHORT, 0);
}

/* a run-time error in the claim (an uninitialised channel, a bad index):
 * an error of its own, reported on this state */
static int claim_error(SuccBuf *out, const SState *s, const Trans *t, const char *msg)
{
	Succ d;
	succ_no_move(&d);
	d.mv.claim = d.tmv.claim = t->id + 1;
	d.err = ERR_RUNTIME;
	snprintf(d.errmsg, sizeof d.errmsg, "in the never claim: %.200s", msg);
	sb_copy(out, &d, s->b, s->len, s->aux, s->alen);
	sb_finish(out);
	return out->n;
}

/* one product successor: claim move t with system successor sys (NULL:
 * the claim stutters on s) */
static void product(VM *vm, SuccBuf *out, const SState *s, const Trans *t, const Succ *sys)
{
	Succ st;
	if (!sys) {
		succ_no_move(&st);
		sys = &st;
	}
	Succ *d = sys == &st ? sb_copy(out, sys, s->b, s->len, s->aux, s->alen)
	                     : sb_copy(out, sys, sys->b, sys->len, sys->aux, sys->alen);
	if (!d)
		return;
	d->mv.claim = d->tmv.claim = t->id + 1;
	vm_store(out->arena + d->off + GOFF + vm->m->claim_pc->offset, TY_SHORT, 0, t->to);
	if (t->to == vm->m->never->code->endloc && !d->err) {
		d->err = ERR_ASSERT;
		snprintf(d->errmsg, sizeof d->errmsg, "never claim violated (the claim reached its end)");
	}
}

static int claim_next(const Layer *l, Ctx *c, const SState *s, int pid, SuccBuf *out)
{
	VM *vm = c->vm;
	ClaimWork *w = c->work[l->slot];
	const ClaimConf *cf = l->conf;
	Code *k = vm->m->never->code;
	int cpc = vm_claim_pc(vm, s->b);
	succbuf_clear(out);
	if (cpc == k->endloc)
		return 0;
	/* Inside an atomic sequence the system keeps the turn: the claim
	 * does not move until the sequence ends or its process blocks, so it
	 * never sees a state in the middle of one (pan: "atomic sequence in
	 * claim"; a claim that moves at every step misses <>(y==1) with y 1
	 * only inside atomic, tests/models/live/claim_atomic_*.pml; when it
	 * was fixed: bench/RESULTS.md, "The figures behind the code").  A process that blocks
	 * inside its sequence gives up control: the claim moves then, with
	 * any process's move. */
	int sys_done = 0, n = 0;
	if (s->atomic_pid >= 0 && (pid < 0 || pid == s->atomic_pid)) {
		n = pid < 0 ? ns_below_next_all(l, c, s, &w->sys) : ns_below_next_proc(l, c, s, pid, &w->sys);
		if (w->sys.oom) {
			out->oom = 1;
			return 0;
		}
		if (pid < 0 ? w->sys.from_atomic : n > 0) {
			out->from_atomic = 1;
			for (int j = 0; j < n; j++) {
				const Succ *sc = &w->sys.v[j];
				if (!sb_copy(out, sc, sc->b, sc->len, sc->aux, sc->alen))
					break;
			}
			sb_finish(out);
			return out->n;
		}
		sys_done = 1;
	}
	/* the claim's enabled moves, on the current state */
	memcpy(w->curbuf, s->b, (size_t)s->len);
	sv_index(vm->m, &w->cur);
	Exec x;
	memset(&x, 0, sizeof x);
	x.vm = vm;
	x.s = &w->cur;
	x.pid = -1;
	const Loc *loc = &k->locs[cpc];
	int ncm = 0;
	const Trans **cm = malloc(sizeof *cm * (size_t)(loc->nt + 1));
	if (!cm) {
		out->oom = 1;
		return 0;
	}
	for (int i = 0; i < loc->nt; i++) {
		if (loc->t[i]->is_else) {
			/* pan: only if no transition listed before it can move */
			if (!ncm)
				cm[ncm++] = loc->t[i];
			continue;
		}
		x.err = 0;
		int en = vm_enabled(&x, loc->t[i]);
		if (x.err) {
			int ne = claim_error(out, s, loc->t[i], x.errmsg);
			free(cm);
			return ne;
		}
		if (en)
			cm[ncm++] = loc->t[i];
	}
	if (!ncm) {
		free(cm);
		return 0;
	}
	if (!sys_done)
		n = pid < 0 ? ns_below_next_all(l, c, s, &w->sys) : ns_below_next_proc(l, c, s, pid, &w->sys);
	out->from_atomic = w->sys.from_atomic;
	int stutter = n == 0 && pid < 0;
	if (!(stutter && cf->no_stutter))
		for (int i = 0; i < ncm; i++) {
			if (stutter)
				product(vm, out, s, cm[i], NULL);
			for (int j = 0; j < n; j++)
				product(vm, out, s, cm[i], &w->sys.v[j]);
		}
	free(cm);
	sb_finish(out);
	return out->n;
}

static int claim_next_all(const Layer *l, Ctx *c, const SState *s, SuccBuf *out)
{
	return claim_next(l, c, s, -1, out);
}

static int claim_next_proc(const Layer *l, Ctx *c, const SState *s, int pid, SuccBuf *out)
{
	return claim_next(l, c, s, pid, out);
}

/* does transition t change something the claim reads?  (Safe
 * transitions touch only their process's own variables, and channels when
 * conditionally safe; globals and heap fields are checked all the same.) */
static int seen_by_claim(const Access *obs, const Access *a)
{
	for (int i = 0; i < a->n; i++) {
		const AccItem *it = &a->v[i];
		int writes = it->mode & ~AM_READ;
		if (it->kind == A_CHAN && access_find(obs, A_CHAN, NULL))
			return 1;   /* channels are named by expressions: any may be it */
		if ((it->kind == A_GLOBAL || it->kind == A_HEAP) && writes && access_find(obs, it->kind, it->obj))
			return 1;
	}
	return 0;
}

/* Does move t (from location loc of code k) of a process the claim names
 * remotely change what the claim reads of it?  P[i]@L: a move into or out
 * of L, the label's location; P[i]:x: a write of x.  An item the analysis
 * could not pin down (obj NULL) sees every move. */
static int remote_sees(const Access *obs, const Access *a, const Code *k, const Loc *loc, const Trans *t)
{
	if (access_find(obs, A_REMOTE_AT, loc) ||
	    (t->to >= 0 && t->to < k->nlocs && access_find(obs, A_REMOTE_AT, &k->locs[t->to])))
		return 1;
	for (int i = 0; i < obs->n; i++) {
		const AccItem *it = &obs->v[i];
		if ((it->kind == A_REMOTE_AT || it->kind == A_REMOTE_VAR) && !it->obj)
			return 1;
		if (it->kind == A_REMOTE_VAR && (access_find(a, A_LOCAL, it->obj) & ~AM_READ))
			return 1;
	}
	return 0;
}

/* Are process pid's moves in s invisible to the claim?  Only for a
 * stutter-invariant claim (Holzmann & Peled's condition for reducing
 * with a claim: the reduction may drop stuttering steps).  A move is
 * visible when it changes what the claim reads: the process's pc or a
 * local when the claim names it remotely (remote_sees; its death, and
 * any move inside a function call, which the claim's P[i]@L and P[i]:x
 * read through the caller's frame, count as visible), every move when
 * the claim reads enabled(), pc_value() or _last, np_ when it enters or
 * leaves a progress location, a channel or global the claim tests.
 * SPIN degrades only the locations of the labels a claim names (pan.t,
 * `visstate`) and ignores P[i]:x. */
static int claim_safe_group(const Layer *l, Ctx *c, const SState *s, int pid)
{
	const ClaimConf *cf = l->conf;
	ClaimWork *w = c->work[l->slot];
	const AccessTable *at = c->vm->prog->access;
	const Access *obs = at->claim;
	if (!cf->stutter_invariant || !ns_below_safe_group(l, c, s, pid))
		return 0;
	/* enabled(), pc_value(), _last read every process; timeout whether
	 * any can move, which a step of any process may change */
	if (access_find(obs, A_ALLPROCS, NULL) || access_find(obs, A_TIMEOUT, NULL))
		return 0;
	memcpy(w->curbuf, s->b, (size_t)s->len);
	sv_index(c->vm->m, &w->cur);
	if (pid < 0 || pid >= w->cur.nproc)
		return 0;
	if (sv_depth(&w->cur, pid) && access_find(obs, A_REMOTE, NULL))
		return 0;
	int remote = access_find(obs, A_REMOTE, sv_proc(c->vm, &w->cur, pid)) != 0;
	const Code *k = sv_code(c->vm, &w->cur, pid);
	const Loc *loc = &k->locs[sv_pc(&w->cur, pid)];
	if (remote && (loc == &k->locs[k->endloc] || loc->nt == 0))
		return 0;
	int np = access_find(obs, A_NP, NULL) != 0;
	if (np && loc->progress)
		return 0;
	for (int i = 0; i < loc->nt; i++) {
		const Trans *t = loc->t[i];
		if (np && t->to >= 0 && t->to < k->nlocs && k->locs[t->to].progress)
			return 0;
		if (seen_by_claim(obs, at->trans[t->id]))
			return 0;
		if (remote && remote_sees(obs, at->trans[t->id], k, loc, t))
			return 0;
	}
	return 1;
}

/* with a claim, a state with no successor means the claim cannot follow:
 * not an invalid end state */
static int claim_valid_end(const Layer *l, Ctx *c, const SState *s)
{
	(void)l; (void)c; (void)s;
	return 1;
}

/* the claim at an accept label, or under -a a process at one: pan's
 * acceptance cycles pass through either (its accpstate covers every
 * proctype); -l's cycles are the claim's alone */
static int claim_accepting(const Layer *l, Ctx *c, const SState *s)
{
	const ClaimConf *cf = l->conf;
	if (c->vm->m->never->code->locs[vm_claim_pc(c->vm, s->b)].accept)
		return 1;
	return cf->proc_accept && ns_below_accepting(l, c, s);
}

static const Layer CLAIM_LAYER = { .name = "claim", .work_new = claim_work_new, .work_free = claim_work_free,
	.next_all = claim_next_all, .next_proc = claim_next_proc, .safe_group = claim_safe_group,
	.valid_end = claim_valid_end, .accepting = claim_accepting };

Layer *layer_claim(VM *vm, int no_stutter, int stutter_invariant)
{
	ClaimConf *cf = xalloc(sizeof *cf);
	cf->no_stutter = no_stutter;
	cf->proc_accept = !no_stutter && vm_proc_accept(vm);
	cf->stutter_invariant = stutter_invariant;
	return ns_layer(&CLAIM_LAYER, cf);
}
