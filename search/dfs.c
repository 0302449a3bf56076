/* dfs.c — SPIN-compatible explicit-state search.
 *
 * Depth-first with an explicit stack (no recursion limit).  As in SPIN's
 * pan: states reached inside an atomic sequence are not stored while the
 * atomic process can continue; a rendezvous counts as two steps of depth;
 * "transitions" is stored + matched.  Each frame keeps its successors in a
 * stack arena that is cut back when the frame is popped.
 *
 * Partial-order reduction: Holzmann & Peled's reduced expansion with the
 * in-stack proviso (Fig. 1e; -por=static), or Nalumasu & Gopalakrishnan's
 * Twophase with selective caching (PV paper, Fig. 3; -por=twophase
 * -cache=all|backedge|none), see visit_twophase.
 */
#include "search.h"
#include "../reduce/por.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>

typedef struct SRec {            /* a successor as kept on the stack */
	Move mv;
	int32_t atomic_pid;
	int32_t len;
	int32_t err;
	int32_t skip;                /* a run-time error: the step did not happen */
	int32_t nacc;                /* process symmetry: identities follow the bytes */
	int32_t pad;
} SRec;

#define PAD8(n) (((size_t)(n) + 7) & ~(size_t)7)
#define SREC PAD8(sizeof(SRec))   /* records are 8-aligned in the arena */

typedef struct Frame {
	size_t state_off;            /* this frame's state bytes in the arena */
	int len;
	size_t succ_off;             /* first successor record */
	int nsucc, next;
	size_t cur_off;              /* record of successor `next` */
	int atomic_pid;
	int unstored;                /* inside an atomic sequence: not in the store */
	size_t acc_off; int nacc;    /* process symmetry: original pid of each position */
	uint64_t hash; int stored;   /* stored frames are in the on-stack set */
	long depth;
	Move in;
	/* Twophase (-por=twophase): see visit_twophase */
	long tp_start;               /* frame that began this phase 1 (the state x) */
	int tp_pid;                  /* next process phase 1 examines here */
	uint8_t tp_list, tp_save;    /* in phase 1's list / to be stored after it */
	uint8_t tp_atomic;           /* continues an atomic sequence: never stored */
	uint8_t tp_phase2;           /* expanded fully: children begin new phase 1s */
	uint8_t tp_inset;            /* its hash is in Dfs.tplist */
	int tp_cpid; uint8_t tp_clist, tp_csave;  /* what the phase-1 child inherits */
	size_t cm_off; int cm_len;   /* moves of the chain collapsed into this frame */
	uint8_t in_unwound;          /* `in` already holds original pids */
} Frame;

/* The states on the DFS stack, by hash, for the reduction proviso: a
 * multiset with linear probing and backward-shift deletion.  A hash
 * collision can only make the reduction more cautious. */
typedef struct OnStack { uint64_t *k; uint32_t *c; size_t cap, n; } OnStack;

static void os_grow(OnStack *o);
static size_t os_find(const OnStack *o, uint64_t h)
{
	size_t j = (size_t)(h * 0x9E3779B97F4A7C15ull >> 20) & (o->cap - 1);
	while (o->c[j] && o->k[j] != h) j = (j + 1) & (o->cap - 1);
	return j;
}
static void os_add(OnStack *o, uint64_t h)
{
	if (!o->cap || (o->n + 1) * 2 > o->cap) os_grow(o);
	size_t j = os_find(o, h);
	if (!o->c[j]) { o->k[j] = h; o->n++; }
	o->c[j]++;
}
static int os_has(const OnStack *o, uint64_t h) { return o->cap && o->c[os_find(o, h)] != 0; }
static void os_del(OnStack *o, uint64_t h)
{
	size_t j = os_find(o, h);
	if (!o->c[j] || --o->c[j]) return;
	o->n--;
	/* backward-shift deletion keeps probe chains intact */
	size_t i = j;
	for (;;) {
		i = (i + 1) & (o->cap - 1);
		if (!o->c[i]) break;
		size_t home = (size_t)(o->k[i] * 0x9E3779B97F4A7C15ull >> 20) & (o->cap - 1);
		if ((j < i) ? (home <= j || home > i) : (home <= j && home > i)) {
			o->k[j] = o->k[i]; o->c[j] = o->c[i]; o->c[i] = 0; j = i;
		}
	}
}
static void os_grow(OnStack *o)
{
	OnStack n = { 0 };
	n.cap = o->cap ? o->cap * 2 : 1024;
	n.k = calloc(n.cap, sizeof(uint64_t)); n.c = calloc(n.cap, sizeof(uint32_t));
	for (size_t i = 0; i < o->cap; i++)
		if (o->c[i]) { size_t j = os_find(&n, o->k[i]); n.k[j] = o->k[i]; n.c[j] = o->c[i]; n.n++; }
	free(o->k); free(o->c);
	*o = n;
}

typedef struct Dfs {
	VM *vm;
	const SearchOpts *o;
	SearchResult *r;
	Store st;
	Frame *fr; long nfr, capfr;
	uint8_t *ar; size_t arn, arcap;
	SuccBuf sb;
	OnStack onstack;
	OnStack tplist;              /* Twophase: hashes of the list states on the stack */
	Move *cm; size_t ncm, capcm; /* Twophase: moves of collapsed chains */
	int stop;
	double t0, last_progress;
} Dfs;

static double now(void)
{
	struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void *ar_alloc(Dfs *d, size_t n)
{
	n = (n + 7) & ~(size_t)7;
	if (d->arn + n > d->arcap) {
		size_t nc = d->arcap ? d->arcap * 2 : 1 << 20;
		while (nc < d->arn + n) nc *= 2;
		d->ar = realloc(d->ar, nc);
		if (!d->ar) { fprintf(stderr, "dspin: out of memory (search stack)\n"); exit(2); }
		d->arcap = nc;
	}
	void *p = d->ar + d->arn;
	d->arn += n;
	return p;
}

/* process symmetry: a move's positions -> the original pids, by the
 * identities kept in the frame it leaves */
static void unwind(const Dfs *d, const Frame *par, Move *m)
{
	if (!d->o->procsym) return;
	const uint8_t *acc = d->ar + par->acc_off;
	if (m->pid >= 0 && m->pid < par->nacc) m->pid = acc[m->pid];
	if (m->rv_pid >= 0 && m->rv_pid < par->nacc) m->rv_pid = acc[m->rv_pid];
}

static void report_error(Dfs *d, const char *msg, const Move *last)
{
	SearchResult *r = d->r;
	result_note_error(r, msg);
	if (r->errors == 1) {
		snprintf(r->first_error, sizeof r->first_error, "%s", msg);
		if (!d->o->quiet) fprintf(stdout, "dspin: %s (at depth %ld)\n", msg, d->nfr ? d->fr[d->nfr - 1].depth : 0);
		if (d->o->trail_path) {
			long n = d->nfr;
			Move *mv = malloc(sizeof(Move) * ((size_t)n + d->ncm + 1));
			int k = 0;
			for (long i = 1; i < n; i++) {
				Frame *fi = &d->fr[i];
				/* a collapsed Twophase chain: its moves, already unwound */
				for (int j = 0; j < fi->cm_len; j++) mv[k++] = d->cm[fi->cm_off + j];
				mv[k] = fi->in;
				if (!fi->in_unwound) unwind(d, &d->fr[i - 1], &mv[k]);
				k++;
			}
			if (last) { mv[k] = *last; unwind(d, &d->fr[n - 1], &mv[k]); k++; }
			r->trail_written = trail_write(d->vm, d->o->trail_path, mv, k, msg) == 0;
			free(mv);
		}
	} else if (!d->o->quiet && r->errors <= 20) fprintf(stdout, "dspin: %s (at depth %ld)\n", msg, d->nfr ? d->fr[d->nfr - 1].depth : 0);
	if (!d->o->keep_going) d->stop = 1;
}

/* Expand the top frame: generate successors, check end states. */
/* Holzmann & Peled's reduced expansion: if some process is at a location
 * whose moves are all safe and has a move, keep only its moves, unless one
 * leads onto the stack (proviso).  Processes are tried from the highest pid
 * down, as SPIN does. */
static void reduce_expansion(Dfs *d, Frame *f, int n)
{
	if (n < 2) return;
	State s; s.b = d->ar + f->state_off;
	sv_index(d->vm->m, &s);
	uint64_t self = state_hash(d->ar + f->state_off, f->len);   /* not yet in the set if just stored */
	for (int pid = s.nproc - 1; pid >= 0; pid--) {
		Code *k = sv_code(d->vm, &s, pid);
		const Loc *loc = &k->locs[sv_pc(&s, pid)];
		if (!loc->por_safe) continue;
		if (loc->por_safe == 2 && !por_cond_holds(d->vm, &s, pid, loc)) continue;
		int mine = 0, ok = 1;
		size_t off = f->succ_off;
		for (int i = 0; i < n; i++) {
			SRec *rec = (SRec *)(d->ar + off);
			if (rec->mv.pid == pid) {
				mine++;
				uint64_t h = state_hash(d->ar + off + SREC, rec->len);
				/* states inside an atomic sequence are not in the set:
				 * count them as possibly on the stack */
				if (h == self || rec->atomic_pid >= 0 || os_has(&d->onstack, h)) ok = 0;
			}
			off += SREC + PAD8(rec->len) + PAD8(rec->nacc);
		}
		if (!mine || !ok || mine == n) { if (mine == n) return; continue; }
		off = f->succ_off;
		for (int i = 0; i < n; i++) {
			SRec *rec = (SRec *)(d->ar + off);
			if (rec->mv.pid != pid) rec->skip = 1;
			off += SREC + PAD8(rec->len) + PAD8(rec->nacc);
		}
		d->r->por_reduced++;
		return;
	}
}

static int expand(Dfs *d, int *from_atomic)
{
	Frame *f = &d->fr[d->nfr - 1];
	int n = vm_successors(d->vm, d->ar + f->state_off, f->len, f->atomic_pid, &d->sb, from_atomic);
	f = &d->fr[d->nfr - 1];
	f->succ_off = d->arn;
	f->cur_off = d->arn;
	f->nsucc = n; f->next = 0;
	const ProcSym *ps = d->o->procsym;
	for (int i = 0; i < n; i++) {
		Succ *s = &d->sb.v[i];
		size_t roff = d->arn;
		SRec *rec = ar_alloc(d, SREC);
		rec->mv = s->mv; rec->atomic_pid = s->atomic_pid; rec->len = s->len; rec->err = s->err; rec->skip = 0;
		int nacc = ps ? s->b[0] : 0;
		rec->nacc = nacc;
		size_t boff = d->arn;
		uint8_t *b = ar_alloc(d, (size_t)s->len);   /* may move the arena: rec is stale now */
		memcpy(b, s->b, (size_t)s->len);
		if (ps) {
			size_t aoff = d->arn;
			ar_alloc(d, (size_t)nacc);
			f = &d->fr[d->nfr - 1];
			rec = (SRec *)(d->ar + roff);
			int apid = rec->atomic_pid;
			int nl = procsym_canon(ps, d->vm, d->ar + boff, rec->len, d->ar + f->acc_off, f->nacc, d->ar + aoff, &apid);
			rec->atomic_pid = apid;
			/* the collection may have dropped free slots: the state is
			 * shorter, and its identities move down with it (a stale
			 * length kept zero bytes in the key: heap,proc stored
			 * duplicates, found by tests/gen seeds 2009749, 2021613) */
			if (PAD8(nl) != PAD8(rec->len)) {
				memmove(d->ar + boff + PAD8(nl), d->ar + aoff, (size_t)nacc);
				d->arn -= PAD8(rec->len) - PAD8(nl);
			}
			rec->len = nl;
		}
		if (s->len > d->r->max_vec) d->r->max_vec = s->len;
	}
	if (d->o->por && !*from_atomic) reduce_expansion(d, &d->fr[d->nfr - 1], n);
	return n;
}

static int push(Dfs *d, size_t state_off, int len, const Move *in, int atomic_pid, long depth)
{
	if (d->nfr == d->capfr) {
		d->capfr = d->capfr ? d->capfr * 2 : 1024;
		d->fr = realloc(d->fr, sizeof(Frame) * d->capfr);
		if (!d->fr) { fprintf(stderr, "dspin: out of memory (search stack)\n"); exit(2); }
	}
	Frame *f = &d->fr[d->nfr++];
	memset(f, 0, sizeof *f);
	f->state_off = state_off; f->len = len;
	f->atomic_pid = atomic_pid;
	f->depth = depth;
	if (in) f->in = *in; else f->in.pid = -1;
	return 0;
}

static void progress(Dfs *d)
{
	double t = now();
	if (t - d->last_progress < 5.0) return;
	d->last_progress = t;
	double el = t - d->t0;
	fprintf(stderr, "dspin: %llu states stored, depth %ld, %.0f states/s, %.1f MB\n",
		(unsigned long long)d->r->stored, d->nfr ? d->fr[d->nfr - 1].depth : 0,
		el > 0 ? d->r->stored / el : 0.0, (d->st.bytes + d->arcap) / 1048576.0);
}

/* Report the error raised by successor i (the move did not happen if it
 * was a run-time error). */
static void report_move_error(Dfs *d, SRec *rec, int i)
{
	char msg[256];
	Succ *sc = &d->sb.v[i];
	snprintf(msg, sizeof msg, "%s", sc->errmsg[0] ? sc->errmsg : "error");
	report_error(d, msg, &rec->mv);
	if (rec->err == ERR_RUNTIME) rec->skip = 1;
}

/* The errors of the top frame's state once its n successors are known:
 * an invalid end state, and the errors of the moves that are explored. */
static void report_state_errors(Dfs *d, int n)
{
	Frame *f = &d->fr[d->nfr - 1];
	/* with a never claim no successor means the claim cannot follow: no error */
	if (n == 0 && !d->vm->m->never && !vm_valid_end(d->vm, d->ar + f->state_off, f->len))
		report_error(d, "invalid end state", NULL);
	size_t off = f->succ_off;
	for (int i = 0; i < n && !d->stop; i++) {
		SRec *rec = (SRec *)(d->ar + off);
		if (rec->err && !rec->skip) report_move_error(d, rec, i);
		off += SREC + PAD8(rec->len) + PAD8(rec->nacc);
	}
}

/* Decide whether the top frame's state is new; expands it if so.
 * Returns 1 if the frame stays on the stack, 0 if it was popped. */
static int visit(Dfs *d)
{
	Frame *f = &d->fr[d->nfr - 1];
	int from_atomic = 0;
	int n = 0;
	if (d->o->max_depth && f->depth >= d->o->max_depth) {
		/* depth bound (-m): like pan, states at depth m and deeper are
		 * neither stored nor expanded; the search is incomplete */
		d->r->incomplete = d->r->incomplete ? d->r->incomplete : 1;
		d->arn = f->succ_off; d->nfr--;
		return 0;
	}
	if (f->depth > d->r->depth) d->r->depth = f->depth;
	if (f->atomic_pid >= 0) {
		/* inside an atomic sequence: stored only if atomicity is lost here */
		n = expand(d, &from_atomic);
		f = &d->fr[d->nfr - 1];
		if (from_atomic) {
			/* an atomic sequence that loops without leaving: stop at the
			 * repeated state (SPIN would run into its depth bound) */
			for (long i = d->nfr - 2; i >= 0 && d->fr[i].unstored; i--)
				if (d->fr[i].len == f->len && !memcmp(d->ar + d->fr[i].state_off, d->ar + f->state_off, f->len)) {
					d->r->matched++;
					d->arn = f->succ_off; d->nfr--;
					return 0;
				}
			f->unstored = 1;
			d->r->atomic_steps++;
			goto expanded;
		}
	}
	{
		size_t idx;
		uint64_t h = state_hash(d->ar + f->state_off, f->len);
		int ins = store_insert(&d->st, d->ar + f->state_off, f->len, h, &idx);
		if (ins < 0) {
			d->r->incomplete = 2;
			d->stop = 1;
			return 0;
		}
		if (ins == 0) { d->r->matched++; d->arn = f->succ_off; d->nfr--; return 0; }
		d->r->stored++;
		f->hash = h; f->stored = 1;
		if (d->o->por) os_add(&d->onstack, h);
		if (d->o->on_store) d->o->on_store(d->o->on_store_ctx, d->ar + f->state_off, f->len);
		if ((d->r->stored & 0xffff) == 0 && d->o->progress) progress(d);
	}
	if (f->atomic_pid < 0) {
		n = expand(d, &from_atomic);
		f = &d->fr[d->nfr - 1];
	}
expanded:
	report_state_errors(d, n);
	return 1;
}

/* ---------------------------------------------------------------- Twophase
 *
 * Nalumasu & Gopalakrishnan, PV paper, Fig. 3 "The Twophase algorithm".
 * Phase 1 starts at a state x that a full expansion produced (or the
 * initial state) and, for each process P in turn (highest pid first, as
 * SPIN tries them), runs P while it is deterministic: at a location whose
 * moves are all safe (reduce/por.c) with exactly one move enabled.  A state
 * already in phase 1's list ends P's run.  Phase 2: if the final state s is
 * not in the store, the list and s are stored and s is expanded fully, each
 * successor beginning a new phase 1; otherwise only the list is stored.
 * There is no in-stack proviso: every phase 1 ends in a full expansion.
 *
 * Here each phase-1 state is a frame with a single successor, so trails and
 * -e work unchanged; list = the frames since x with tp_list set.
 * Selective caching (section 2.4) decides which phase-1 states go in the
 * list and the store: SaveAll every one; SaveBackEdge those smaller (by
 * length, then bytes) than their predecessor, which still breaks every
 * deterministic cycle; SaveNone only x.  Where PV's SaveNone loops forever
 * in a deterministic cycle that avoids x, we keep the back-edge states in
 * the list (not the store), so the cycle ends the process's run instead.
 * States inside an atomic sequence are never stored, as in visit, and
 * phase 1 does not move from them.
 */
static int state_less(const uint8_t *a, int la, const uint8_t *b, int lb)
{
	if (la != lb) return la < lb;
	return memcmp(a, b, (size_t)la) < 0;
}

/* is this state in the current phase 1's list?  The hash multiset holds
 * the list states of every phase 1 on the stack; a hit is confirmed
 * against the current one's frames */
static int tp_in_list(Dfs *d, const Frame *top, const uint8_t *b, int len, uint64_t h)
{
	if (!os_has(&d->tplist, h)) return 0;
	for (long i = top->tp_start; i <= d->nfr - 1; i++) {
		const Frame *g = &d->fr[i];
		if (g->tp_list && g->hash == h && g->len == len && !memcmp(d->ar + g->state_off, b, (size_t)len)) return 1;
	}
	return 0;
}

/* the move phase 1 takes at the top frame, or -1: the first process from
 * tp_pid down that is deterministic here */
static int tp_choose(Dfs *d, Frame *f, int n, int *pid_out)
{
	State s; s.b = d->ar + f->state_off;
	sv_index(d->vm->m, &s);
	for (int pid = f->tp_pid < s.nproc ? f->tp_pid : s.nproc - 1; pid >= 0; pid--) {
		Code *k = sv_code(d->vm, &s, pid);
		const Loc *loc = &k->locs[sv_pc(&s, pid)];
		if (!loc->por_safe) continue;
		if (loc->por_safe == 2 && !por_cond_holds(d->vm, &s, pid, loc)) continue;
		int mine = 0, which = -1, into_atomic = 0;
		size_t off = f->succ_off;
		for (int i = 0; i < n; i++) {
			SRec *rec = (SRec *)(d->ar + off);
			if (rec->mv.pid == pid) { mine++; which = i; into_atomic = rec->atomic_pid >= 0; }
			off += SREC + PAD8(rec->len) + PAD8(rec->nacc);
		}
		/* a move into an atomic sequence disables every other process:
		 * it is not independent of their moves, so not deterministic */
		if (mine == 1 && !into_atomic) { *pid_out = pid; return which; }
	}
	return -1;
}

/* store the list's states (those selective caching keeps) */
static int tp_store_list(Dfs *d, const Frame *top)
{
	for (long i = top->tp_start; i < d->nfr - 1; i++) {
		Frame *g = &d->fr[i];
		if (!g->tp_save || g->tp_atomic || g->stored) continue;
		size_t idx;
		int ins = store_insert(&d->st, d->ar + g->state_off, g->len, g->hash, &idx);
		if (ins < 0) { d->r->incomplete = 2; d->stop = 1; return -1; }
		g->stored = 1;   /* once per frame, even when it was there already */
		if (ins == 1) {
			d->r->stored++;
			if (d->o->on_store) d->o->on_store(d->o->on_store_ctx, d->ar + g->state_off, g->len);
		}
	}
	return 0;
}

static int tp_pop(Dfs *d)
{
	Frame *f = &d->fr[d->nfr - 1];
	if (f->tp_inset) os_del(&d->tplist, f->hash);
	if (f->cm_len) d->ncm = f->cm_off;
	d->arn = f->succ_off; d->nfr--;
	return 0;
}

/* Phase 1 from x ended at s, on top, which is expanded fully.  The frames
 * between only matter to a trail: keep their moves (unwound) and move s's
 * state, identities and successors down to where x's successors began.
 * Without this the stack would hold every phase-1 state below every
 * phase-2 state (8 GB on PV's basic.pr with -cache=none). */
static void tp_collapse(Dfs *d)
{
	long t = d->nfr - 1, x = d->fr[t].tp_start;
	if (t - x < 2) return;
	size_t need = d->ncm + (size_t)(t - x);
	if (need > d->capcm) {
		d->capcm = need * 2 + 1024;
		d->cm = realloc(d->cm, sizeof(Move) * d->capcm);
		if (!d->cm) { fprintf(stderr, "dspin: out of memory (search stack)\n"); exit(2); }
	}
	Frame *S = &d->fr[t];
	size_t cm_off = d->ncm;
	for (long i = x + 1; i < t; i++) {
		Move m = d->fr[i].in;
		unwind(d, &d->fr[i - 1], &m);
		d->cm[d->ncm++] = m;
		if (d->fr[i].tp_inset) os_del(&d->tplist, d->fr[i].hash);
	}
	Move in = S->in;
	unwind(d, &d->fr[t - 1], &in);
	Frame *X = &d->fr[x];
	size_t dst = X->succ_off;
	size_t slen = PAD8(S->len) + PAD8(S->nacc);
	memmove(d->ar + dst, d->ar + S->state_off, slen);
	size_t nsb = d->arn - S->succ_off;
	memmove(d->ar + dst + slen, d->ar + S->succ_off, nsb);
	size_t delta = S->succ_off - (dst + slen);
	Frame nf = *S;
	nf.state_off = dst; nf.acc_off = dst + PAD8(S->len);
	nf.succ_off -= delta; nf.cur_off -= delta;
	nf.in = in; nf.in_unwound = 1;
	nf.cm_off = cm_off; nf.cm_len = (int)(t - x - 1);
	d->arn -= delta;
	X->next = X->nsucc;          /* x's other moves were all skipped */
	d->fr[x + 1] = nf;
	d->nfr = x + 2;
}

static int visit_twophase(Dfs *d)
{
	Frame *f = &d->fr[d->nfr - 1];
	if (d->o->max_depth && f->depth >= d->o->max_depth) {
		d->r->incomplete = d->r->incomplete ? d->r->incomplete : 1;
		d->arn = f->succ_off; d->nfr--;
		return 0;
	}
	if (f->depth > d->r->depth) d->r->depth = f->depth;
	f->hash = state_hash(d->ar + f->state_off, f->len);
	int is_x = f->tp_start == d->nfr - 1;
	/* Twophase(t(s)) is called only for t(s) not in the store */
	if (is_x && f->atomic_pid < 0 && store_has(&d->st, d->ar + f->state_off, f->len, f->hash)) {
		d->r->matched++; d->arn = f->succ_off; d->nfr--;
		return 0;
	}
	int from_atomic = 0;
	int n = expand(d, &from_atomic);
	f = &d->fr[d->nfr - 1];
	f->tp_atomic = (uint8_t)from_atomic;
	if (is_x && f->atomic_pid >= 0 && !from_atomic && store_has(&d->st, d->ar + f->state_off, f->len, f->hash)) {
		d->r->matched++; d->arn = f->succ_off; d->nfr--;
		return 0;
	}
	if (f->tp_list) { os_add(&d->tplist, f->hash); f->tp_inset = 1; }

	/* phase 1: one deterministic move, but none inside an atomic sequence:
	 * such states are never stored, so a chain through them could loop
	 * forever out of and back into the sequence; expanded fully instead,
	 * each of their successors outside it begins a phase 1 that is checked
	 * against the store */
	int pid = -1, ci = from_atomic ? -1 : tp_choose(d, f, n, &pid);
	if (ci >= 0) {
		size_t off = f->succ_off, coff = 0;
		for (int i = 0; i < n; i++) {
			SRec *rec = (SRec *)(d->ar + off);
			if (i == ci) coff = off; else rec->skip = 1;
			off += SREC + PAD8(rec->len) + PAD8(rec->nacc);
		}
		SRec *rec = (SRec *)(d->ar + coff);
		if (rec->err) report_move_error(d, rec, ci);
		if (!rec->skip) {
			const uint8_t *cb = d->ar + coff + SREC;
			uint64_t ch = state_hash(cb, rec->len);
			if (tp_in_list(d, f, cb, rec->len, ch)) {
				/* s in list: goto NEXT_PROC, from s */
				f->tp_cpid = pid - 1; f->tp_clist = 0; f->tp_csave = 0;
			} else {
				int mode = d->o->twophase;
				int back = state_less(cb, rec->len, d->ar + f->state_off, f->len);
				f->tp_cpid = pid;
				f->tp_clist = (uint8_t)(mode == 1 || back);
				f->tp_csave = (uint8_t)(mode == 1 || (mode == 2 && back));
			}
			d->r->por_reduced++;
			return 1;
		}
		/* the move failed with a run-time error: expand fully instead */
		off = f->succ_off;
		for (int i = 0; i < n; i++) {
			SRec *r2 = (SRec *)(d->ar + off);
			if (i != ci) r2->skip = 0;
			off += SREC + PAD8(r2->len) + PAD8(r2->nacc);
		}
	}

	/* phase 2 at s */
	if (from_atomic) {
		/* inside an atomic sequence: not stored; stop at a repeated state
		 * of a loop that never leaves it (as visit does) */
		for (long i = d->nfr - 2; i >= 0 && d->fr[i].tp_atomic; i--)
			if (d->fr[i].tp_phase2 && d->fr[i].len == f->len && !memcmp(d->ar + d->fr[i].state_off, d->ar + f->state_off, f->len)) {
				d->r->matched++;
				if (tp_store_list(d, f) < 0) return 0;
				return tp_pop(d);
			}
		d->r->atomic_steps++;
		if (tp_store_list(d, f) < 0) return 0;
	} else {
		size_t idx;
		int ins = store_insert(&d->st, d->ar + f->state_off, f->len, f->hash, &idx);
		if (ins < 0) { d->r->incomplete = 2; d->stop = 1; return 0; }
		if (tp_store_list(d, f) < 0) return 0;
		if (ins == 0) { d->r->matched++; return tp_pop(d); }
		d->r->stored++;
		f->stored = 1;
		if (d->o->on_store) d->o->on_store(d->o->on_store_ctx, d->ar + f->state_off, f->len);
		if ((d->r->stored & 0xffff) == 0 && d->o->progress) progress(d);
	}
	f->tp_phase2 = 1;
	tp_collapse(d);
	report_state_errors(d, n);
	return 1;
}

int search_dfs(VM *vm, const SearchOpts *o, SearchResult *r)
{
	Dfs d; memset(&d, 0, sizeof d);
	d.vm = vm; d.o = o; d.r = r;
	store_init(&d.st, o->mem_limit);
	d.t0 = d.last_progress = now();
	uint8_t *ib = malloc(MAXSTATE);
	State s0;
	vm_initial(vm, &s0, ib);
	r->max_vec = s0.len;
	uint8_t *b = ar_alloc(&d, (size_t)s0.len);
	memcpy(b, ib, (size_t)s0.len);
	free(ib);
	size_t acc0 = d.arn;
	int nacc0 = 0;
	if (o->procsym) {
		nacc0 = b[0];
		ar_alloc(&d, (size_t)nacc0);
		int nl = procsym_canon(o->procsym, vm, d.ar, s0.len, NULL, 0, d.ar + acc0, NULL);
		if (PAD8(nl) != PAD8(s0.len)) {
			memmove(d.ar + PAD8(nl), d.ar + acc0, (size_t)nacc0);
			d.arn -= PAD8(s0.len) - PAD8(nl);
			acc0 = PAD8(nl);
		}
		s0.len = nl;
	}
	push(&d, 0, s0.len, NULL, -1, 0);
	d.fr[0].acc_off = acc0; d.fr[0].nacc = nacc0;
	d.fr[0].succ_off = d.arn;
	d.fr[0].tp_start = 0; d.fr[0].tp_pid = 255; d.fr[0].tp_list = d.fr[0].tp_save = 1;
	int (*visit_fn)(Dfs *) = o->twophase ? visit_twophase : visit;
	if (!visit_fn(&d)) goto done;
	while (d.nfr > 0 && !d.stop) {
		Frame *f = &d.fr[d.nfr - 1];
		if (f->next >= f->nsucc) {
			/* cut the arena back to this frame's own successor block */
			if (f->stored && o->por) os_del(&d.onstack, f->hash);
			if (f->tp_inset) os_del(&d.tplist, f->hash);
			if (f->cm_len) d.ncm = f->cm_off;
			d.arn = f->succ_off;
			d.nfr--;
			continue;
		}
		size_t off = f->cur_off;
		SRec *rec = (SRec *)(d.ar + off);
		f->next++;
		f->cur_off = off + SREC + PAD8(rec->len) + PAD8(rec->nacc);
		if (rec->skip) continue;
		long depth = f->depth + 1 + (rec->mv.rv_pid >= 0 ? 1 : 0);
		size_t soff = off + SREC;
		int len = rec->len;
		Move mv = rec->mv;
		int apid = rec->atomic_pid;
		push(&d, soff, len, &mv, apid, depth);
		d.fr[d.nfr - 1].succ_off = d.arn;
		d.fr[d.nfr - 1].acc_off = soff + PAD8(len);
		d.fr[d.nfr - 1].nacc = rec->nacc;
		if (o->twophase) {
			Frame *par = &d.fr[d.nfr - 2], *ch = &d.fr[d.nfr - 1];
			if (par->tp_phase2) {    /* a new phase 1 begins at the child */
				ch->tp_start = d.nfr - 1; ch->tp_pid = 255; ch->tp_list = ch->tp_save = 1;
			} else {
				ch->tp_start = par->tp_start; ch->tp_pid = par->tp_cpid;
				ch->tp_list = par->tp_clist; ch->tp_save = par->tp_csave;
			}
		}
		visit_fn(&d);
	}
done:
	r->transitions = r->stored + r->matched;
	r->mem = d.st.bytes + d.arcap + (size_t)d.capfr * sizeof(Frame);
	r->secs = now() - d.t0;
	store_free(&d.st);
	free(d.onstack.k); free(d.onstack.c);
	free(d.tplist.k); free(d.tplist.c); free(d.cm);
	free(d.fr); free(d.ar);
	succbuf_free(&d.sb);
	return r->errors;
}

int search_run(VM *vm, const SearchOpts *o, SearchResult *r)
{
	memset(r, 0, sizeof *r);
	extern int search_bfs(VM *vm, const SearchOpts *o, SearchResult *r);
	extern int search_ndfs(VM *vm, const SearchOpts *o, SearchResult *r);
	if (o->accept) return search_ndfs(vm, o, r);
	if (o->bfs) return search_bfs(vm, o, r);
	return search_dfs(vm, o, r);
}
