/* improviso.c — Improviso's two relaxations of Twophase, in explicit
 * state (-por=improviso).
 *
 * Lerda, Sinha & Theobald, "Symbolic Model Checking of Software"
 * (../shared/papers/improviso-symbolic-por.md): section 3.4 "Dropping the
 * Determinism" and section 3.5 "Fixpoint Computation During Phase 1",
 * Fig. 4 "Pseudo-code of the Improviso algorithm" (Phase1, lines 4-34),
 * on top of Nalumasu & Gopalakrishnan's Twophase
 * (../shared/papers/pv-twophase-selective-caching.md, Fig. 3), which
 * search/seq/dfs.c implements as visit_twophase.
 *
 * Phase 1 starts at a state x that a full expansion produced (or the
 * initial state).  At each phase-1 state s it takes the first process q,
 * from the one it was given down (highest pid first), that is safe in s
 * (the interface's safe_group: every transition at q's location is
 * independent of every other process's and invisible) and has a move, none
 * of them into an atomic sequence:
 *
 *  - 3.4: every enabled move of q is explored, not only when there is
 *    exactly one (Twophase's "deterministic").  Phase 1 is then a tree,
 *    searched depth first: the DFS backtracks inside it.  A successor
 *    already visited in this phase 1 (Fig. 4's Stack; here a set of state
 *    hashes per phase 1, a collision only makes it more cautious) goes on
 *    with the processes below q (line 19, NextFrontier); a new one goes on
 *    with q.
 *  - 3.5: when no process from the given one down can move, phase 1 does
 *    not end while some process (of any pid) can still take a phase-1 move
 *    here to a state this phase 1 has not visited: another round begins,
 *    from the highest such process (lines 9-11).  Only a state that is
 *    "not deterministic for all of the processes" goes to phase 2.
 *    Departure: Fig. 4 begins another round whenever the last one reached
 *    any new state (line 25), wherever it ended.  In explicit state that
 *    explores every combination of the processes' local cycles: on PV's
 *    basic.pr it stored all 65,793 states, Twophase 768 (docs/por.md).
 *    Asking for a new state from where the round ended keeps the paper's
 *    example (a receive enabled by a later process's send) and
 *    terminates: each extra round adds a state to the phase's set.
 *
 * Phase 2 is Twophase's: if the state s where phase 1 ended is not in the
 * store, the path from x to s and s are stored (SaveAll: every phase-1
 * state is stored, at the end of each of its branches) and s is expanded
 * fully, each successor not in the store beginning a new phase 1;
 * otherwise only the path is stored.  docs/por.md argues why this keeps
 * every assertion violation, invalid end state and run-time error; the
 * departures from Fig. 3 that visit_twophase makes (no phase-1 move into
 * an atomic sequence, a failing move ends phase 1, trails through
 * collapsed chains) are made here too.
 */
#include "dfs_impl.h"
#include <stdlib.h>
#include <string.h>

/* the key of a state in the set of the phase 1 that began at frame x */
static uint64_t ip_key(uint64_t h, long x)
{
	return h ^ ((uint64_t)(x + 1) * 0x9E3779B97F4A7C15ull);
}

static int ip_remember(Dfs *d, uint64_t key)
{
	if (d->nipkey == d->capipkey) {
		size_t nc = d->capipkey ? d->capipkey * 2 : 1024;
		uint64_t *nk = realloc(d->ipkey, sizeof(uint64_t) * nc);
		if (!nk) {
			d->oom = d->stop = 1;
			return -1;
		}
		d->ipkey = nk;
		d->capipkey = nc;
	}
	d->ipkey[d->nipkey++] = key;
	os_add(&d->ipset, key);
	return 0;
}

/* f is leaving the stack: if a phase 1 began at it, forget its states */
static void improviso_forget(Dfs *d, const Frame *f)
{
	if (tpf(d, f)->tp_start != f - d->fr)
		return;
	for (size_t i = tpf(d, f)->ip_keys; i < d->nipkey; i++)
		os_del(&d->ipset, d->ipkey[i]);
	d->nipkey = tpf(d, f)->ip_keys;
}

/* the child ch of par was just pushed, by the move rec: where it stands
 * in phase 1 */
static void improviso_child(Dfs *d, const Frame *par, Frame *ch, const SRec *rec)
{
	const TpFrame *p = tpf(d, par);
	TpFrame *c = tpf(d, ch);
	c->tp_list = c->tp_save = 1;
	if (p->tp_phase2) {          /* a new phase 1 begins at the child */
		c->tp_start = d->nfr - 1;
		c->tp_pid = 255;
		c->ip_keys = d->nipkey;
		return;
	}
	c->tp_start = p->tp_start;
	/* visited in this phase 1: the processes below q go on from it */
	c->tp_pid = rec->ip_seen ? p->tp_cpid - 1 : p->tp_cpid;
}

/* may phase 1 move process pid at f (its n successors known)?  It must
 * be safe there and have a move, none of them into an atomic sequence
 * (entering one disables every other process: such a move is not
 * independent of theirs); one move or several (3.4: Twophase asks for
 * exactly one).  Returns 0 if not, else 1, or, when want_fresh, 2 if one
 * of its moves reaches a state that this phase 1 has not visited. */
static int ip_eligible(Dfs *d, Frame *f, int n, int pid, const SState *ss, int want_fresh)
{
	int mine = 0, into_atomic = 0, fresh = 0;
	size_t off = f->succ_off;
	for (int i = 0; i < n; i++) {
		SRec *rec = (SRec *)(d->ar + off);
		if (rec->mv.pid == pid) {
			mine++;
			into_atomic |= rec->atomic_pid >= 0;
			if (want_fresh && !fresh && !rec->err) {
				uint64_t h = state_hash(d->ar + off + SREC, rec->len);
				fresh = !os_has(&d->ipset, ip_key(h, tpf(d, f)->tp_start));
			}
		}
		off += SREC + PAD8(rec->len) + PAD8(rec->alen);
	}
	if (!mine || into_atomic)
		return 0;
	if (!ns_safe_group(d->c, ss, pid))
		return 0;
	return fresh ? 2 : 1;
}

/* the process phase 1 moves at f, or -1: the first eligible one from
 * tp_pid down */
static int ip_choose(Dfs *d, Frame *f, int n)
{
	SState ss = frame_state(d, f);
	int nproc = ss.b[0];
	for (int pid = tpf(d, f)->tp_pid < nproc ? tpf(d, f)->tp_pid : nproc - 1; pid >= 0; pid--)
		if (ip_eligible(d, f, n, pid, &ss, 0))
			return pid;
	return -1;
}

/* 3.5 at a state where this round has nothing left to move: the highest
 * process that may move here and reaches a state this phase 1 has not
 * visited, or -1 */
static int ip_fixpoint(Dfs *d, Frame *f, int n)
{
	SState ss = frame_state(d, f);
	for (int pid = ss.b[0] - 1; pid >= 0; pid--)
		if (ip_eligible(d, f, n, pid, &ss, 1) == 2)
			return pid;
	return -1;
}

/* explore q's moves alone from the top frame, noting which reach states
 * this phase 1 visited (Fig. 4, lines 18-21: Image - Stack goes on with
 * q, Image & Stack with the next process; all of the image at once, so
 * that a round can only begin again where something is new).  0 if one
 * of the moves fails with more than an assertion (a run-time error, a
 * resource limit): then the state is expanded fully instead, as
 * visit_twophase does. */
static int ip_take(Dfs *d, Frame *f, int n, int q)
{
	size_t off = f->succ_off;
	for (int i = 0; i < n; i++) {
		SRec *rec = (SRec *)(d->ar + off);
		if (rec->mv.pid == q && rec->err && rec->err != ERR_ASSERT)
			return 0;
		off += SREC + PAD8(rec->len) + PAD8(rec->alen);
	}
	off = f->succ_off;
	for (int i = 0; i < n; i++) {
		SRec *rec = (SRec *)(d->ar + off);
		if (rec->mv.pid != q)
			rec->skip = 1;
		else {
			uint64_t key = ip_key(state_hash(d->ar + off + SREC, rec->len), tpf(d, f)->tp_start);
			rec->ip_seen = (int8_t)os_has(&d->ipset, key);
			if (!rec->ip_seen && ip_remember(d, key) < 0)
				return 1;
			if (rec->err && !d->stop)
				dfs_report_move_error(d, rec, i);
		}
		off += SREC + PAD8(rec->len) + PAD8(rec->alen);
	}
	tpf(d, f)->tp_cpid = q;
	d->r->por_reduced++;
	return 1;
}

/* does frame g still have moves to try? */
static int has_more(const Dfs *d, const Frame *g)
{
	size_t off = g->cur_off;
	for (int i = g->next; i < g->nsucc; i++) {
		const SRec *rec = (const SRec *)(d->ar + off);
		if (!rec->skip)
			return 1;
		off += SREC + PAD8(rec->len) + PAD8(rec->alen);
	}
	return 0;
}

/* where the chain to the top frame can be collapsed from: the last
 * phase-1 frame with moves left to try (the frames above it have none) */
static long collapse_base(const Dfs *d)
{
	long t = d->nfr - 1, x = d->tp[t].tp_start;
	for (long i = t - 1; i >= x; i--)
		if (has_more(d, &d->fr[i]))
			return i + 1;
	return x;
}

static int ip_pop(Dfs *d)
{
	Frame *f = &d->fr[d->nfr - 1];
	improviso_forget(d, f);
	if (tpf(d, f)->cm_len) d->ncm = tpf(d, f)->cm_off;
	d->arn = f->succ_off;
	d->nfr--;
	return 0;
}

/* phase 2 at the top frame: store the path and the state, expand fully */
static int ip_phase2(Dfs *d, Frame *f, int n, int from_atomic)
{
	if (from_atomic) {
		/* inside an atomic sequence: not stored; stop at a repeated state
		 * of a loop that never leaves it (as visit does) */
		for (long i = d->nfr - 2; i >= 0 && d->tp[i].tp_atomic; i--)
			if (d->tp[i].tp_phase2 && d->fr[i].len == f->len && !memcmp(d->ar + d->fr[i].state_off, d->ar + f->state_off, f->len)) {
				d->r->matched++;
				if (dfs_store_list(d, f) < 0)
					return 0;
				return ip_pop(d);
			}
		d->r->atomic_steps++;
		if (dfs_store_list(d, f) < 0)
			return 0;
	} else {
		size_t idx;
		int ins = store_insert(&d->st, d->ar + f->state_off, f->len, f->hash, &idx);
		if (ins < 0) {
			d->r->incomplete = 2;
			d->stop = 1;
			return 0;
		}
		if (dfs_store_list(d, f) < 0)
			return 0;
		if (ins == 0) {
			d->r->matched++;
			return ip_pop(d);
		}
		d->r->stored++;
		f->stored = 1;
		if (d->o->on_store) d->o->on_store(d->o->on_store_ctx, d->ar + f->state_off, f->len);
		if ((d->r->stored & 0xffff) == 0 && d->o->progress) dfs_progress(d);
	}
	tpf(d, f)->tp_phase2 = 1;
	dfs_collapse(d, collapse_base(d));
	dfs_report_state_errors(d, n);
	return 1;
}

static int visit_improviso(Dfs *d)
{
	/* as in Twophase, a phase 1 begins only at a state not in the store */
	int from_atomic;
	int n = tp_open(d, &from_atomic);
	if (n < 0)
		return n == TP_MATCHED ? ip_pop(d) : 0;
	Frame *f = &d->fr[d->nfr - 1];
	int is_x = tpf(d, f)->tp_start == d->nfr - 1;
	if (from_atomic)
		return ip_phase2(d, f, n, 1);
	if (is_x && ip_remember(d, ip_key(f->hash, d->nfr - 1)) < 0)
		return 0;
	for (;;) {
		int q = ip_choose(d, f, n);
		if (q >= 0)
			return ip_take(d, f, n, q) ? 1 : ip_phase2(d, f, n, 0);
		/* 3.5: the round is over here; another one if a process can
		 * still move to somewhere new */
		q = ip_fixpoint(d, f, n);
		if (q < 0)
			return ip_phase2(d, f, n, 0);
		tpf(d, f)->tp_pid = q;
	}
}

const DfsStrategy DFS_IMPROVISO = { visit_improviso, 1, improviso_child, improviso_forget };
