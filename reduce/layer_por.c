/* layer_por.c — static partial-order reduction as a layer over the
 * next-state interface: Holzmann & Peled, "An Improvement in Formal
 * Verification", Fig. 1e "Reduced Expansion Step".
 *
 * In a state where some process sits at a location whose moves are all
 * safe (reduce/por.h's table, and every layer below agrees: a never claim,
 * for one, observes every move) and has a move, only that process's moves
 * are explored, unless the search's proviso hook objects (on the DFS
 * stack; already visited in BFS).  Processes are tried from the highest
 * pid down, as SPIN does, and the chosen process's moves are generated
 * alone (SPIN's preselection) instead of generating everything and
 * discarding.
 *
 * Two rules depend on the search being a plain safety search (no never
 * claim and no fairness copy below this layer; with one, the nested search
 * of -a/-l needs Fig. 1e's proviso as it is, docs/liveness.md):
 *
 *  - The proviso is SPIN's for safety: the ample set is kept when at least
 *    one of its successors is off the stack (not yet in the store, in
 *    BFS), instead of all of them.  This does not give "every cycle has a
 *    fully expanded state", but it gives what preserving assertion
 *    violations, run-time errors and invalid end states needs: no enabled
 *    transition is ignored for ever (docs/por.md, "The proviso").
 *
 *  - A move into an atomic sequence may be in the ample set.  States
 *    inside the sequence are not stored: the sequence acts as one move of
 *    its process, from the state before it to the first state where the
 *    process gives up control (the sequence ends, or blocks).  The layer
 *    follows the sequence ahead (look_ahead): every step in it must be safe
 *    where it is taken, and the proviso is asked about the states where it
 *    ends, which are the states the search stores.
 *
 * With ample = 0 the layer only classifies (safe_group), for Twophase.
 */
#include "por.h"
#include "../heap/heap.h"
#include "../lang/access.h"
#include <stdlib.h>
#include <string.h>

/* the most states a look-ahead through atomic sequences visits before
 * giving up the reduction (an atomic sequence that loops, or branches
 * widely) */
#define LOOKAHEAD 1024

/* single: the model never has a second process (below, por_one_process) */
typedef struct PorConf { const PorTable *t; int ample; int single; } PorConf;

/* a state as the safety checks read it, with heap_owners once needed */
typedef struct View {
	State st;
	uint8_t buf[MAXSTATE];
	uint8_t owner[MAXOBJ + 2];
	int owner_valid;
	int indexed;                 /* st's offsets are those of buf's last state */
} View;

typedef struct PorWork {
	View s;                      /* the state being expanded */
	View a;                      /* a state inside an atomic sequence */
	SuccBuf step;                /* its successors */
	SuccBuf probe;               /* a process's moves alone, for a check */
	SuccBuf cur, next;           /* the states inside sequences still to follow */
	int plain;                   /* no claim or fairness layer below */
} PorWork;

/* the offsets recomputed only when the layout changed (vm/state.c,
 * sv_same_layout: sv_index was 14% of sched.pml's time here) */
static void load_view(Ctx *c, View *v, const uint8_t *b, int len)
{
	int same = v->indexed && sv_same_layout(&v->st, b, len);
	memcpy(v->buf, b, (size_t)len);
	if (!same)
		sv_index(c->vm->m, &v->st);
	v->indexed = 1;
	v->owner_valid = 0;
}

static int below_is(const Layer *l, const char *name)
{
	for (const Layer *b = l->below; b; b = b->below)
		if (b->name && !strcmp(b->name, name))
			return 1;
	return 0;
}

static void *por_work_new(const Layer *l, Ctx *c)
{
	const PorConf *cf = l->conf;
	if (cf->ample && !cf->single)
		c->proviso_used = 1;
	PorWork *w = calloc(1, sizeof *w);
	if (w) {
		w->s.st.b = w->s.buf;
		w->a.st.b = w->a.buf;
		w->plain = !below_is(l, "claim") && !below_is(l, "fair");
	}
	return w;
}

static void por_work_free(const Layer *l, void *p)
{
	(void)l;
	PorWork *w = p;
	if (!w)
		return;
	succbuf_free(&w->step);
	succbuf_free(&w->probe);
	succbuf_free(&w->cur);
	succbuf_free(&w->next);
	free(w);
}

/* are process pid's moves at its location in the viewed state safe
 * (given that the layers below say nothing against it)?  0 if not, else
 * SAFE_HERE, with IN_SEQUENCE when they may also go into an atomic
 * sequence taken as one move */
enum { SAFE_HERE = 1, IN_SEQUENCE = 2 };
static int moves_alone(const Layer *l, Ctx *c, const SState *s, int pid);
static int safe_in(const Layer *l, Ctx *c, View *v, const SState *s, int pid)
{
	const PorConf *cf = l->conf;
	if (pid < 0 || pid >= v->st.nproc)
		return 0;
	const Loc *loc = &sv_code(c->vm, &v->st, pid)->locs[sv_pc(&v->st, pid)];
	int cls = por_loc_class(cf->t, loc);
	if (cls == 0)
		return 0;
	if ((cls & POR_CHAN) && !por_loc_cond_holds(cf->t, c->vm, &v->st, pid, loc))
		return 0;
	/* a timeout guard is safe because its process has another move
	 * (por_chan.c, guard_holds); where its only moves are timeouts
	 * (nothing else can move) the timeouts of different processes
	 * disable each other (found by review: tests/models/sym/
	 * por_timeout_atomic_safety.pml, for -por=static, twophase and
	 * improviso alike) */
	if ((cls & POR_CHAN) && por_loc_timeout(cf->t, loc) && moves_alone(l, c, s, pid) <= 0)
		return 0;
	if ((cls & POR_DEATH) && !por_death_holds(cf->t, &v->st, pid))
		return 0;
	if (cls & POR_OWNED) {
		if (!v->owner_valid) {
			heap_owners(c->vm, &v->st, v->owner);
			v->owner_valid = 1;
		}
		if (!por_loc_owned(cf->t, c->vm, &v->st, pid, loc, v->owner))
			return 0;
	}
	/* Steps that are safe only by symmetric or heap-local independence
	 * (-por=si) do not go into atomic sequences taken as one move: how
	 * many objects are alive at once inside a sequence decides whether
	 * it meets the heap bound, a resource limit that every configuration
	 * meets alike (tests/models/dyn/por_si_heap_bound.dpml). */
	return SAFE_HERE | (por_loc_heap(cf->t, loc) ? 0 : IN_SEQUENCE);
}

static int por_safe_group(const Layer *l, Ctx *c, const SState *s, int pid)
{
	PorWork *w = c->work[l->slot];
	if (!ns_below_safe_group(l, c, s, pid))
		return 0;
	load_view(c, &w->s, s->b, s->len);
	return safe_in(l, c, &w->s, s, pid) != 0;
}

/* safe_in's answer where it does not look at the state: an unsafe class
 * never, a class without conditions always; the channel conditions, the
 * death and the objects' owners read the state (por_chan.c: the
 * processes' locations and channel variables, the channels' headers and
 * lengths; a timeout guard's moves_alone what the process's own moves
 * read, messages included) */
static int por_safe_scope(const Layer *l, Ctx *c, const Code *code, int pc)
{
	(void)c;
	const PorConf *cf = l->conf;
	int cls = por_loc_class(cf->t, &code->locs[pc]);
	if (cls == 0)
		return NS_SAFE_NEVER;
	return cls & (POR_CHAN | POR_DEATH | POR_OWNED) ? NS_SAFE_STATE : NS_SAFE_ALWAYS;
}

/* What the proviso learns from the states a reduced expansion leads to:
 * how many are on the stack (or in the store), how many are off it and
 * reached without an error (the search explores those: they can stand
 * as the expansion's witness), and whether the set may be taken at all. */
typedef struct Verdict { int on, off, bad; } Verdict;

static void ask_hook(Ctx *c, Verdict *v, const Succ *sc, int err)
{
	if (!c->proviso || c->proviso(c->proviso_arg, sc->b, sc->len))
		v->on++;
	else if (!err && !sc->err)
		v->off++;
}

/* Follow the atomic sequences the successors in w->cur entered (their
 * process keeps control) to the states where control is given up, and
 * ask the hook about those.  Every step on the way must be safe where it
 * is taken: the sequence stands for one move of its process, which must
 * commute with every other process's moves as a whole.  A process that
 * blocks inside the sequence gives up control there: that state is
 * stored, and is where the sequence ends. */
static void look_ahead(const Layer *l, Ctx *c, Verdict *v)
{
	PorWork *w = c->work[l->slot];
	NsStats keep = c->stats;     /* the search will count these steps itself */
	int steps = 0;
	while (w->cur.n && !v->bad) {
		succbuf_clear(&w->next);
		for (int i = 0; i < w->cur.n && !v->bad; i++) {
			const Succ *t = &w->cur.v[i];
			if (++steps > LOOKAHEAD) {
				v->bad = 1;
				break;
			}
			SState ts = { t->b, t->len, t->aux, t->alen, t->atomic_pid };
			int apid = t->atomic_pid;
			int n = ns_below_next_proc(l, c, &ts, apid, &w->step);
			if (w->step.oom) {
				v->bad = 1;
				break;
			}
			if (n == 0) {
				ask_hook(c, v, t, 0);
				continue;
			}
			load_view(c, &w->a, t->b, t->len);
			int cls = ns_below_safe_group(l, c, &ts, apid) ? safe_in(l, c, &w->a, &ts, apid) : 0;
			if (!(cls & IN_SEQUENCE)) {
				v->bad = 1;
				break;
			}
			for (int j = 0; j < n; j++) {
				const Succ *u = &w->step.v[j];
				if (u->atomic_pid >= 0 && !u->err) {
					if (!sb_copy(&w->next, u, u->b, u->len, u->aux, u->alen))
						v->bad = 1;
				} else
					ask_hook(c, v, u, t->err);
			}
		}
		sb_finish(&w->next);
		SuccBuf tmp = w->cur;
		w->cur = w->next;
		w->next = tmp;
	}
	succbuf_clear(&w->cur);
	c->stats = keep;
}

/* may the moves of pid in out (those with mv.pid == pid, or all when
 * pid < 0), from a location of class cls, stand for the whole
 * expansion? */
static int proviso_ok(const Layer *l, Ctx *c, const SuccBuf *out, int pid, int cls)
{
	PorWork *w = c->work[l->slot];
	Verdict v = { 0, 0, 0 };
	succbuf_clear(&w->cur);
	for (int i = 0; i < out->n && !v.bad; i++) {
		const Succ *sc = &out->v[i];
		if (pid >= 0 && sc->mv.pid != pid)
			continue;
		if (sc->atomic_pid >= 0 && !sc->err) {
			/* inside an atomic sequence: not stored, followed below */
			if (!w->plain || !(cls & IN_SEQUENCE) ||
			    !sb_copy(&w->cur, sc, sc->b, sc->len, sc->aux, sc->alen))
				v.bad = 1;
			continue;
		}
		ask_hook(c, &v, sc, 0);
	}
	if (!v.bad && w->cur.n) {
		sb_finish(&w->cur);
		look_ahead(l, c, &v);
	}
	succbuf_clear(&w->cur);
	if (v.bad)
		return 0;
	/* plain safety search: one witness off the stack suffices (SPIN's
	 * safety proviso); otherwise none may be on it (Fig. 1e), and one
	 * must be reached without an error too: a set whose every move
	 * fails would leave a dead end where the other processes go on (with
	 * -e, a cycle after the error would go unreported; review finding,
	 * tests/models/live/por_error_only.pml) */
	return w->plain ? v.off > 0 : v.on == 0 && v.off > 0;
}

/* keep only pid's moves in out */
static void keep_only(SuccBuf *out, int pid)
{
	int k = 0;
	for (int i = 0; i < out->n; i++)
		if (out->v[i].mv.pid == pid)
			out->v[k++] = out->v[i];
	out->n = k;
}

/* how many moves ns_below_next_proc gives pid in s (never timeouts),
 * -1 when out of memory; a check, not a step of the search */
static int moves_alone(const Layer *l, Ctx *c, const SState *s, int pid)
{
	PorWork *w = c->work[l->slot];
	NsStats keep = c->stats;
	int n = ns_below_next_proc(l, c, s, pid, &w->probe);
	if (w->probe.oom)
		n = -1;
	succbuf_clear(&w->probe);
	c->stats = keep;
	return n;
}

/* Are pid's moves in the full expansion of s (mine of them) the moves
 * ns_below_next_proc generates for it?  Not when the full expansion took
 * the timeout pass (nothing else could move): next_proc never enables
 * timeout, so a replay of the choice (c->force, the nested search's
 * second search and every OWCTY pass) would find no move; and timeouts of
 * different processes are no ample set (each can disable the others,
 * por_chan.c's guard_holds assumes the chosen process has a move without
 * one).  Found by review (bench/RESULTS.md, "The figures behind the code"):
 * a process blocked inside an atomic
 * sequence while the others wait on timeout (tests/models/live/
 * por_timeout_atomic.pml; safe_in refuses such a process too, this
 * also keeps any other difference from reaching a replay). */
static int own_moves(const Layer *l, Ctx *c, const SState *s, int pid, int mine)
{
	return moves_alone(l, c, s, pid) == mine;
}

/* a state whose atomic process lost control: everything is generated
 * anyway (to see whether the atomic process moves), then reduced */
static int reduce_full(const Layer *l, Ctx *c, const SState *s, SuccBuf *out)
{
	PorWork *w = c->work[l->slot];
	int n = ns_below_next_all(l, c, s, out);
	if (out->from_atomic || n < 2)
		return n;
	for (int pid = w->s.st.nproc - 1; pid >= 0; pid--) {
		int cls = ns_below_safe_group(l, c, s, pid) ? safe_in(l, c, &w->s, s, pid) : 0;
		if (!cls)
			continue;
		int mine = 0;
		for (int i = 0; i < n; i++)
			mine += out->v[i].mv.pid == pid;
		if (mine == n)
			return n;
		if (!mine || !own_moves(l, c, s, pid, mine) || !proviso_ok(l, c, out, pid, cls))
			continue;
		keep_only(out, pid);
		c->stats.por_reduced++;
		c->choice = pid;
		return out->n;
	}
	return n;
}

static int por_next_all(const Layer *l, Ctx *c, const SState *s, SuccBuf *out)
{
	const PorConf *cf = l->conf;
	PorWork *w = c->work[l->slot];
	c->choice = NS_FULL;
	if (!cf->ample || cf->single || c->force == NS_FULL)
		return ns_below_next_all(l, c, s, out);
	if (c->force >= 0) {
		/* a choice made before, in another search of the same graph */
		c->choice = c->force;
		return ns_below_next_proc(l, c, s, c->force, out);
	}
	load_view(c, &w->s, s->b, s->len);
	if (s->atomic_pid >= 0)
		return reduce_full(l, c, s, out);
	for (int pid = w->s.st.nproc - 1; pid >= 0; pid--) {
		int cls = ns_below_safe_group(l, c, s, pid) ? safe_in(l, c, &w->s, s, pid) : 0;
		if (!cls)
			continue;
		int n = ns_below_next_proc(l, c, s, pid, out);
		if (n && proviso_ok(l, c, out, -1, cls)) {
			c->stats.por_reduced++;
			c->choice = pid;
			return n;
		}
	}
	return ns_below_next_all(l, c, s, out);
}

static const Layer POR_LAYER = { .name = "por", .work_new = por_work_new, .work_free = por_work_free,
	.next_all = por_next_all, .safe_group = por_safe_group, .safe_scope = por_safe_scope };

/* Does the model never have more than one process (one active instance
 * or init, and no `run` anywhere)?  Then the ample set of a state would
 * be all of that process's moves, which are all of the state's moves
 * (next_proc and next_all differ only in the timeout pass, which the
 * layer takes through next_all when next_proc gives nothing), whatever
 * the proviso answers: the layer expands every state fully, asks no
 * proviso, and the search need not keep its stack for one
 * (Ctx.proviso_used).
 * On the puzzles whose one process moves by atomic sequences (puzzle8,
 * peg) the on-stack set's inserts and deletes were 8% of the time, and
 * without it the steps inside an atomic sequence are not hashed (Dfs
 * lazy_hash).  The stack's other uses (a never claim's nested search,
 * Twophase, Improviso) set proviso_used themselves. */
int por_one_process(const VM *vm)
{
	const Model *m = vm->m;
	int n = 0;
	for (int i = 0; i < m->nptypes; i++)
		if (!m->ptypes[i]->is_never && !m->ptypes[i]->is_func)
			n += m->ptypes[i]->active;
	return n <= 1 && !access_find(vm->prog->access->system, A_RUN, NULL);
}

Layer *layer_por(VM *vm, const PorTable *t, int ample)
{
	PorConf *cf = xalloc(sizeof *cf);
	cf->t = t;
	cf->ample = ample;
	cf->single = por_one_process(vm);
	return ns_layer(&POR_LAYER, cf);
}
