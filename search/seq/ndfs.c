/* ndfs.c — acceptance cycles: nested depth-first search (Courcoubetis,
 * Vardi, Wolper, Yannakakis), as in SPIN's -a and -l (Holzmann & Peled,
 * Fig. 1d "Extension for Cycle Detection").
 *
 * The first search explores the next-state interface, whose claim layer
 * runs the never claim in lockstep (vm/layer_claim.c); when it backtracks from a
 * state where the claim is at an accept label, a second search from that
 * seed looks for a path back to it, in a store of its own.  A path found
 * is an acceptance cycle: its trail is the first search's stack, then the
 * second search's stack, then the closing move.
 *
 * Weak fairness (-f) is a layer (vm/layer_fair.c): its states are
 * accepting only in the last copy of SPIN's N+1 copies construction, so
 * the search seeds the nested search from any state the interface calls
 * accepting.
 *
 * Partial-order reduction (reduce/layer_por.c) is made a function of the
 * system state alone, so that the reduced *system* graph is one fixed
 * graph whose product with the claim both searches explore.  The first
 * time a system state (the key without the claim's location, with the
 * atomic process) is expanded, the layer decides, and its choice (full
 * expansion, or which process's moves) is kept; every later expansion of
 * that system state, with any claim location and in either search,
 * replays it.  The proviso hook answers "this system state has been
 * expanded before, with a reduced choice" (or is the one being decided):
 * on any cycle of the reduced system graph, the state decided last has
 * its successor on the cycle decided before it, so either that successor
 * was expanded fully or this state was.  (The closed set, any state
 * expanded before, is sound too and reduces less: SPIN's mobile1.pml
 * stored 86,406 states with it, 55,077 with this.)
 * The reduced system graph thus meets the ample-set conditions C0-C3,
 * and its product with the (stutter-invariant) claim has an accepting
 * cycle iff the full product has (Peled; Clarke, Grumberg and Peled).
 * Deciding per product state with the DFS stack, as the classic
 * on-the-fly algorithm does, is unsound (Siegel, "What's Wrong with
 * On-the-Fly Partial Order Reduction", CAV 2019; LTSmin issue 222): the
 * ample set of a system state may then differ with the claim's state.
 *
 * Process symmetry (reduce/layer_procsym.c) gives every state aux bytes,
 * the original identity of the process at each position (Iosif, Fig. 5).
 * Two things follow.  Trails: each frame keeps the identities of its own
 * path, and moves are written in them (creation pids), so that `dspin -t`
 * replays the trail without symmetry.  Determinism: with -sym=heap,proc
 * the heap is numbered in identity order, so a state's successors depend
 * on the identities it was reached with, and the nested search, which
 * re-expands states reached by other paths, could see other successors
 * than the first search saw (and miss its seed).  So a system state is
 * always expanded with the identities it was first expanded with (kept in
 * `sys` beside the reduction's choice): successors are a function of the
 * stored state, in both searches; a frame's own identities follow from
 * them by renaming.  A cycle of representatives closes on the seed's key,
 * but its identities may be permuted (a permutation t of the interchangeable
 * processes); the trail then goes around the cycle as many times as t's
 * order, renaming each turn by t, which ends where it began in the
 * unreduced state space too.
 *
 * States are keyed with the process holding atomic control, and states
 * inside atomic sequences are stored too (unlike the safety search), so
 * counts differ from pan's; verdicts do not.
 */
#include "seq.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>

typedef struct NFrame {
	uint8_t *key; int klen;      /* state bytes, atomic pid + 1, fairness copy */
	uint64_t h;                  /* state_hash(key, klen): -cache=backedge orders by it */
	Move in;                     /* in the path's identities (creation pids) */
	int nsucc, next;
	uint8_t **skey; int *sklen; Move *smv; int *serr; char **smsg;
	/* process symmetry (aux bytes, vm/next.h): */
	uint8_t *paux; int palen;    /* this path's identity at each position */
	uint8_t *xaux; int xalen;    /* the identities the state is expanded with */
	uint8_t **saux; int *salen;  /* each successor's, named as xaux names */
} NFrame;

typedef struct Nd {
	VM *vm; const SearchOpts *o; SearchResult *r;
	Ctx *c;
	Store sys;                       /* system states expanded, with the
	                                  * reduction's choice + 2 (0: deciding; two
	                                  * bytes: pid 254 + 2 does not fit one)
	                                  * and, with aux, where auxar keeps the
	                                  * identities it is expanded with */
	int use_aux;                     /* the states have aux bytes */
	uint8_t *auxar; size_t auxn, auxcap;   /* [length, bytes]... */
	uint8_t key[MAXSTATE + 1];       /* scratch: a system state's key */
	Store s1, s2;
	NFrame *fr; int nfr, cap;        /* first search */
	NFrame *fr2; int nfr2, cap2;     /* nested search */
	SuccBuf sb;
	int stop;
} Nd;

static void free_frame(NFrame *f)
{
	for (int i = 0; i < f->nsucc; i++) {
		free(f->skey[i]);
		free(f->smsg[i]);
		if (f->saux)
			free(f->saux[i]);
	}
	free(f->skey); free(f->sklen); free(f->smv); free(f->serr); free(f->smsg); free(f->key);
	free(f->paux);
	free(f->xaux);
	free(f->saux);
	free(f->salen);
	memset(f, 0, sizeof *f);
}

/* a frame's state as the interface takes it: the key without the byte
 * of the atomic process, with the identities it is expanded with */
static SState frame_state(const NFrame *f)
{
	SState ss = { f->key, f->klen - 1, f->xaux, f->xalen, f->key[f->klen - 1] - 1 };
	return ss;
}

static uint8_t *dup_bytes(const uint8_t *b, int n)
{
	uint8_t *p = malloc(n > 0 ? (size_t)n : 1);
	if (p && n > 0)
		memcpy(p, b, (size_t)n);
	return p;
}

/* a system state's payload in sys: the reduction's choice + 2 (0: not
 * decided yet), two bytes, then with aux bytes where its identities are */
enum { CHOICE_BYTES = 2 };

static int get_choice(const uint8_t *pay)
{
	uint16_t v;
	memcpy(&v, pay, sizeof v);
	return v;
}

static void set_choice(uint8_t *pay, int v)
{
	uint16_t w = (uint16_t)v;
	memcpy(pay, &w, sizeof w);
}

/* The identities of a system state's expansion: the ones it was first
 * expanded with (pay: its payload in sys); the first time, the ones the
 * move that found it gave it (f->xaux as push left it). */
static void expansion_ids(Nd *d, NFrame *f, uint8_t *pay, int fresh)
{
	uint64_t off;
	if (fresh) {
		if (!ns_reserve(&d->auxar, &d->auxcap, d->auxn + (size_t)f->xalen + 1)) {
			d->r->incomplete = 2;
			d->stop = 1;
			return;
		}
		off = d->auxn + 1;          /* 0: none */
		d->auxar[d->auxn] = (uint8_t)f->xalen;
		memcpy(d->auxar + d->auxn + 1, f->xaux, (size_t)f->xalen);
		d->auxn += (size_t)f->xalen + 1;
		memcpy(pay + CHOICE_BYTES, &off, sizeof off);
	}
	memcpy(&off, pay + CHOICE_BYTES, sizeof off);
	free(f->xaux);
	f->xalen = d->auxar[off - 1];
	f->xaux = dup_bytes(d->auxar + off, f->xalen);
}

/* Successor i's identities in f's path: the layer named them as f's
 * expansion does (xaux); a process keeps its identity, so rename each by
 * the position it has in xaux.  A process the move created has the same
 * new identity in both namings. */
static uint8_t *path_ids(const NFrame *f, int i)
{
	int where[MAXPROC + 1];
	for (int k = 0; k <= MAXPROC; k++)
		where[k] = -1;
	for (int j = 0; j < f->xalen; j++)
		where[f->xaux[j]] = j;
	uint8_t *a = dup_bytes(f->saux[i], f->salen[i]);
	for (int j = 0; a && j < f->salen[i]; j++) {
		int p = where[f->saux[i][j]];
		if (p >= 0 && p < f->palen)
			a[j] = f->paux[p];
	}
	return a;
}

/* a move's process, named by f's path: a position of f's state (the
 * layer's identities were xaux's) */
static int16_t path_pid(const NFrame *f, int16_t pid)
{
	if (pid < 0 || pid >= f->xalen)
		return pid;
	for (int j = 0; j < f->xalen; j++)
		if (f->xaux[j] == pid)
			return j < f->palen ? f->paux[j] : pid;
	return pid;
}

/* a key is the state and the atomic byte; the stores keep its length in
 * two bytes */
#define KEY_MAX 65535
#define KEY_MSG "state vector too large for -a/-l (a state and its atomic byte: at most 65535 bytes)"

/* the system state of (b, len) with atomic process apid into d->key: the
 * claim's location dropped; returns its length */
static int system_key(Nd *d, const uint8_t *b, int len, int apid)
{
	memcpy(d->key, b, (size_t)len);
	if (d->vm->m->never)
		vm_store(d->key + GOFF + d->vm->m->claim_pc->offset, TY_SHORT, 0, 0);
	d->key[len] = (uint8_t)(apid + 1);
	return len + 1;
}

/* the proviso hook: has the successor's system state been expanded, and
 * not fully?  (The state being decided counts: its payload is still 0.
 * Without payloads, -compress=tree, any expansion counts.  A successor in
 * an ample set is outside atomic sequences.) */
static int reduced_before(void *arg, const uint8_t *b, int len)
{
	Nd *d = arg;
	int n = system_key(d, b, len, -1);
	uint64_t h = state_hash(d->key, n);
	if (!store_has(&d->sys, d->key, n, h))
		return 0;
	const uint8_t *pay = store_payload(&d->sys, d->key, n, h);
	return !pay || get_choice(pay) != NS_FULL + 2;
}

/* fill a frame's successor list; with the reduction, its choice for this
 * system state is made once and replayed after */
/* out of memory: the search stops, incomplete (the memory bound) */
static void nd_oom(Nd *d)
{
	d->r->incomplete = 2;
	d->stop = 1;
}

static void expand(Nd *d, NFrame *f)
{
	if (!f)
		return;     /* its push ran out of memory (nd_oom said so) */
	SState ss = frame_state(f);
	uint8_t *choice = NULL;
	if (d->c->proviso_used || d->use_aux) {
		int n = system_key(d, ss.b, ss.len, ss.atomic_pid);
		uint64_t h = state_hash(d->key, n);
		size_t idx;
		int ins = store_insert(&d->sys, d->key, n, h, &idx);
		if (ins < 0) {
			d->r->incomplete = 2;
			d->stop = 1;
		}
		uint8_t *pay = store_payload(&d->sys, d->key, n, h);
		if (pay && d->use_aux) {
			expansion_ids(d, f, pay, ins == 1);
			ss = frame_state(f);
		}
		if (d->c->proviso_used)
			choice = pay;
	}
	int had = choice ? get_choice(choice) : 0;
	d->c->force = had ? had - 2 : choice ? NS_DECIDE : NS_FULL;
	int n = ns_next_all(d->c, &ss, &d->sb);
	if (choice && !had)
		set_choice(choice, d->c->choice + 2);
	f->nsucc = 0; f->next = 0;
	if (d->sb.oom) { nd_oom(d); return; }
	f->skey = malloc(sizeof(uint8_t *) * (n + 1)); f->sklen = malloc(sizeof(int) * (n + 1));
	f->smv = malloc(sizeof(Move) * (n + 1)); f->serr = malloc(sizeof(int) * (n + 1));
	f->smsg = malloc(sizeof(char *) * (n + 1));
	if (d->use_aux) {
		f->saux = malloc(sizeof(uint8_t *) * (n + 1));
		f->salen = malloc(sizeof(int) * (n + 1));
	}
	/* (free_frame frees what was made: nsucc counts the successors kept) */
	if (!f->skey || !f->sklen || !f->smv || !f->serr || !f->smsg || (d->use_aux && (!f->saux || !f->salen))) {
		nd_oom(d);
		return;
	}
	for (int i = 0; i < n; i++) {
		Succ *s = &d->sb.v[i];
		f->sklen[i] = s->len + 1;
		f->skey[i] = malloc(s->len + 1);
		f->smsg[i] = NULL;
		if (d->use_aux) f->saux[i] = NULL;
		if (!f->skey[i]) { nd_oom(d); return; }
		f->nsucc = i + 1;
		memcpy(f->skey[i], s->b, s->len);
		f->skey[i][s->len] = (uint8_t)(s->atomic_pid + 1);
		f->smv[i] = s->tmv;
		if (d->use_aux) {
			/* the trail's pids: the mover's position named by the path */
			f->smv[i].pid = path_pid(f, s->tmv.pid);
			f->smv[i].rv_pid = path_pid(f, s->tmv.rv_pid);
			f->saux[i] = dup_bytes(s->aux, s->alen);
			f->salen[i] = s->alen;
		}
		f->serr[i] = s->err;
		f->smsg[i] = s->err ? strdup(s->errmsg) : NULL;
		if (!s->err && s->len + 1 > KEY_MAX) {
			/* the stores keep a key's length in two bytes: a resource
			 * bound, not a wrapped length (the search hung on it) */
			f->serr[i] = ERR_BOUND;
			f->smsg[i] = strdup(KEY_MSG);
		}
		if (s->len > d->r->max_vec) d->r->max_vec = s->len;
	}
}

/* push a frame for key (h: its state_hash, which the caller has
 * already computed for the store); paux (palen bytes, taken over) its
 * path's identities, xaux (palen bytes, copied) the ones the move that
 * found it gave it */
static NFrame *push(NFrame **fr, int *n, int *cap, const uint8_t *key, int klen, uint64_t h, const Move *in,
		    uint8_t *paux, int palen, const uint8_t *xaux)
{
	if (*n == *cap) {
		int nc = *cap ? *cap * 2 : 256;
		NFrame *nf = realloc(*fr, sizeof(NFrame) * (size_t)nc);
		if (!nf) { free(paux); return NULL; }
		*fr = nf;
		*cap = nc;
	}
	uint8_t *k = malloc((size_t)klen);
	if (!k) { free(paux); return NULL; }
	NFrame *f = &(*fr)[(*n)++];
	memset(f, 0, sizeof *f);
	f->key = k; memcpy(f->key, key, klen); f->klen = klen;
	f->h = h;
	if (in) f->in = *in; else f->in.pid = -1;
	f->paux = paux;
	f->palen = palen;
	f->xaux = dup_bytes(xaux, palen);
	f->xalen = palen;
	return f;
}

/* push successor i (hash h) of the frame at index pi of *fr */
static NFrame *push_succ(Nd *d, NFrame **fr, int *n, int *cap, int pi, int i, uint64_t h)
{
	NFrame *p = &(*fr)[pi];
	Move mv = p->smv[i];
	uint8_t *paux = d->use_aux ? path_ids(p, i) : NULL;
	int palen = d->use_aux ? p->salen[i] : 0;
	return push(fr, n, cap, p->skey[i], p->sklen[i], h, &mv, paux, palen, d->use_aux ? p->saux[i] : NULL);
}

/* the trail: the first stack, the nested stack if with_cycle, then last
 * (whose state has identities last_ids: with process symmetry the cycle
 * is repeated until they are the seed's again) */
static void nd_trail(Nd *d, const char *msg, const Move *last, int with_cycle, const uint8_t *last_ids, int num)
{
	if (!d->o->trail_path) return;
	int n = 0, cyc = -1;
	const NFrame *seed = &d->fr[d->nfr - 1];
	int unwind = with_cycle && last_ids && d->use_aux;
	int k = unwind ? trail_cycle_turns(seed->paux, last_ids, seed->palen) : 1;
	Move *mv = malloc(sizeof(Move) * (size_t)(d->nfr + (d->nfr2 + 2) * k));
	if (!mv) return;
	for (int i = 1; i < d->nfr; i++) mv[n++] = d->fr[i].in;
	if (with_cycle) {
		cyc = n;
		for (int i = 1; i < d->nfr2; i++) mv[n++] = d->fr2[i].in;
	}
	if (last) mv[n++] = *last;
	if (unwind)
		n = trail_unwind_cycle(mv, n, cyc, seed->paux, last_ids, seed->palen);
	if (num)
		trail_write_numbered_cycle(d->o, num, mv, n, msg, cyc);
	else
		d->r->trail_written = trail_write_cycle(d->o, mv, n, msg, cyc) == 0;
	free(mv);
}

static void report(Nd *d, const char *msg, const Move *last, int with_cycle, const uint8_t *last_ids)
{
	ErrorReport e = result_report_error(d->r, d->o, msg, d->nfr + d->nfr2);
	if (e.first)
		nd_trail(d, msg, last, with_cycle, last_ids, 0);
	if (e.numbered)
		nd_trail(d, msg, last, with_cycle, last_ids, e.numbered);
	if (e.stop)
		d->stop = 1;
}

/* a move of the first search stopped by a resource limit */
static void bound(Nd *d, const char *msg, const Move *last)
{
	if (result_note_bound(d->r, msg)) nd_trail(d, msg, last, 0, NULL, 0);
}

/* -cache=backedge (Behrmann, Larsen and Pelanek, Statement 3.0.1): with a
 * total order on states, a search for accepting cycles need only store a
 * successor that is not greater than its predecessor.  Every cycle has
 * such an edge (the one leaving its greatest state), so both searches
 * still terminate; a state left out is explored again when reached again.
 * The order: the hash, then the length, then the bytes.  Returns 1 when
 * successor i of f is to be stored. */
static int keep_succ(const Nd *d, const NFrame *f, int i, uint64_t h)
{
	if (!d->o->cache_backedge)
		return 1;
	if (f->h != h)
		return f->h > h;
	if (f->klen != f->sklen[i])
		return f->klen > f->sklen[i];
	return memcmp(f->key, f->skey[i], (size_t)f->klen) >= 0;
}

/* the nested search from the top of the first stack */
static int nested(Nd *d)
{
	NFrame *seed = &d->fr[d->nfr - 1];
	d->nfr2 = 0;
	if (!push(&d->fr2, &d->nfr2, &d->cap2, seed->key, seed->klen, seed->h, NULL,
	          dup_bytes(seed->paux, seed->palen), seed->palen, seed->xaux)) {
		nd_oom(d);
		return 0;
	}
	expand(d, &d->fr2[0]);
	int found = 0;
	while (d->nfr2 > 0 && !d->stop) {
		NFrame *f = &d->fr2[d->nfr2 - 1];
		if (f->next >= f->nsucc) { free_frame(f); d->nfr2--; continue; }
		int i = f->next++;
		if (f->serr[i] == ERR_RUNTIME || f->serr[i] == ERR_BOUND) continue;
		if (f->sklen[i] == seed->klen && !memcmp(f->skey[i], seed->key, seed->klen)) {
			/* one report a seed; with -e the nested search still runs to
			 * its end, and a seed on a cycle is stored like any state
			 * reached: what the nested searches store is then every
			 * state reachable from a seed, whatever the order of the
			 * successors (a reduction that reorders them stores no more
			 * than the unreduced search) */
			if (!found) {
				uint8_t *ids = d->use_aux ? path_ids(f, i) : NULL;
				report(d, d->o->accept == 2 ? "non-progress cycle" : "acceptance cycle", &f->smv[i], 1, ids);
				free(ids);
				size_t idx;
				if (!d->stop && store_insert(&d->s2, seed->key, seed->klen, seed->h, &idx) == 1)
					d->r->stored++;
			}
			found = 1;
			continue;
		}
		size_t idx;
		uint64_t h = state_hash(f->skey[i], f->sklen[i]);
		if (keep_succ(d, f, i, h)) {
			int ins = store_insert(&d->s2, f->skey[i], f->sklen[i], h, &idx);
			if (ins < 0) { d->r->incomplete = 2; d->stop = 1; break; }
			if (ins == 0) continue;
			d->r->stored++;
		} else
			d->r->revisits++;
		NFrame *c = push_succ(d, &d->fr2, &d->nfr2, &d->cap2, d->nfr2 - 1, i, h);
		if (!c) { nd_oom(d); break; }
		expand(d, c);
	}
	while (d->nfr2 > 0) free_frame(&d->fr2[--d->nfr2]);
	return found;
}

int search_ndfs(VM *vm, const SearchOpts *o, SearchResult *r)
{
	Nd d; memset(&d, 0, sizeof d);
	d.vm = vm; d.o = o; d.r = r;
	d.c = ns_ctx_new(o->stack, vm);
	if (!d.c || ns_initial(d.c, &d.sb) != 1) {
		snprintf(r->first_error, sizeof r->first_error, "out of memory");
		ns_ctx_free(d.c);
		succbuf_free(&d.sb);
		return -1;
	}
	double t0 = search_now();
	store_init(&d.s1, o->mem_limit);
	store_init(&d.sys, o->mem_limit);
	d.use_aux = d.sb.v[0].alen > 0;
	d.sys.payload = d.use_aux ? CHOICE_BYTES + sizeof(uint64_t) : CHOICE_BYTES;
	d.c->proviso = reduced_before;
	d.c->proviso_arg = &d;
	store_init(&d.s2, o->mem_limit);
	if (o->store_mode == STORE_TREE &&
	    (store_set_mode(&d.s1, STORE_TREE, 0) < 0 || store_set_mode(&d.sys, STORE_TREE, 0) < 0 ||
	     store_set_mode(&d.s2, STORE_TREE, 0) < 0)) {
		r->incomplete = 2;
		d.stop = 1;
	}
	int klen = d.sb.v[0].len + 1;
	if (klen > KEY_MAX) {
		/* the initial state itself: no move to write a trail to */
		result_note_bound(r, KEY_MSG);
		store_free(&d.s1); store_free(&d.sys); store_free(&d.s2);
		ns_ctx_free(d.c);
		succbuf_free(&d.sb);
		r->secs = search_now() - t0;
		return 0;
	}
	uint8_t *ib = malloc((size_t)klen);
	if (!ib) {
		snprintf(r->first_error, sizeof r->first_error, "out of memory");
		ns_ctx_free(d.c);
		succbuf_free(&d.sb);
		return -1;
	}
	memcpy(ib, d.sb.v[0].b, (size_t)klen - 1);
	ib[klen - 1] = 0;     /* no atomic control */
	size_t idx;
	uint64_t ih = state_hash(ib, klen);
	store_insert(&d.s1, ib, klen, ih, &idx);
	r->stored = 1;
	r->max_vec = klen - 1;
	NFrame *f0 = push(&d.fr, &d.nfr, &d.cap, ib, klen, ih, NULL, dup_bytes(d.sb.v[0].aux, d.sb.v[0].alen), d.sb.v[0].alen, d.sb.v[0].aux);
	free(ib);
	if (!f0) nd_oom(&d);
	expand(&d, f0);
	while (d.nfr > 0 && !d.stop) {
		NFrame *f = &d.fr[d.nfr - 1];
		if ((long)d.nfr > r->depth) r->depth = d.nfr;
		SState ss = frame_state(f);
		if (f->nsucc == 0 && f->next == 0) {
			/* without a claim the safety checks still apply (pan -a too) */
			f->next = 1;
			if (!ns_valid_end(d.c, &ss)) { report(&d, "invalid end state", NULL, 0, NULL); if (d.stop) break; }
		}
		if (f->next >= f->nsucc || (o->max_depth && d.nfr > o->max_depth)) {
			if (f->next < f->nsucc) r->incomplete = 1;
			/* post-order: an accepting state seeds the nested search */
			int seed = ns_accepting(d.c, &ss);
			if (seed && nested(&d)) { if (d.stop) break; }
			free_frame(&d.fr[--d.nfr]);
			continue;
		}
		int i = f->next++;
		if (f->serr[i] == ERR_BOUND) {
			bound(&d, f->smsg[i], &f->smv[i]);
			continue;
		}
		if (f->serr[i]) {
			report(&d, f->smsg[i], &f->smv[i], 0, NULL);
			if (d.stop || f->serr[i] == ERR_RUNTIME) continue;
		}
		uint64_t h = state_hash(f->skey[i], f->sklen[i]);
		if (keep_succ(&d, f, i, h)) {
			int ins = store_insert(&d.s1, f->skey[i], f->sklen[i], h, &idx);
			if (ins < 0) { r->incomplete = 2; break; }
			if (ins == 0) { r->matched++; continue; }
			r->stored++;
		} else
			r->revisits++;
		NFrame *c = push_succ(&d, &d.fr, &d.nfr, &d.cap, d.nfr - 1, i, h);
		if (!c) { nd_oom(&d); break; }
		expand(&d, c);
	}
	while (d.nfr > 0) free_frame(&d.fr[--d.nfr]);
	r->stats = d.c->stats;
	ns_ctx_free(d.c);
	r->transitions = r->stored + r->matched + r->revisits;
	r->mem = d.s1.bytes + d.s2.bytes + d.sys.bytes;
	r->store_bytes = r->mem;
	r->mem += d.auxcap;     /* identities of the system states */
	r->secs = search_now() - t0;
	store_free(&d.s1); store_free(&d.s2); store_free(&d.sys);
	free(d.fr); free(d.fr2);
	free(d.auxar);
	succbuf_free(&d.sb);
	return r->errors;
}
