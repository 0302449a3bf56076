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
 * expanded before" (the closed-set proviso, at system level): on any cycle
 * of the reduced system graph, the state first expanded last has its
 * successor on the cycle expanded before it, so it was fully expanded.
 * The reduced system graph thus meets the ample-set conditions C0-C3,
 * and its product with the (stutter-invariant) claim has an accepting
 * cycle iff the full product has (Peled; Clarke, Grumberg and Peled).
 * Deciding per product state with the DFS stack, as the classic
 * on-the-fly algorithm does, is unsound (Siegel, "What's Wrong with
 * On-the-Fly Partial Order Reduction", CAV 2019; LTSmin issue 222): the
 * ample set of a system state may then differ with the claim's state.
 *
 * States are keyed with the process holding atomic control, and states
 * inside atomic sequences are stored too (unlike the safety search), so
 * counts differ from pan's; verdicts do not.
 */
#include "search.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>

typedef struct NFrame {
	uint8_t *key; int klen;      /* state bytes, atomic pid + 1, fairness copy */
	Move in;
	int nsucc, next;
	uint8_t **skey; int *sklen; Move *smv; int *serr; char **smsg;
} NFrame;

typedef struct Nd {
	VM *vm; const SearchOpts *o; SearchResult *r;
	Ctx *c;
	Store sys;                       /* system states expanded, with the
	                                  * reduction's choice + 2 (0: deciding) */
	uint8_t key[MAXSTATE + 1];       /* scratch: a system state's key */
	Store s1, s2;
	NFrame *fr; int nfr, cap;        /* first search */
	NFrame *fr2; int nfr2, cap2;     /* nested search */
	SuccBuf sb;
	int stop;
} Nd;

static double now(void)
{
	struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void free_frame(NFrame *f)
{
	for (int i = 0; i < f->nsucc; i++) { free(f->skey[i]); free(f->smsg[i]); }
	free(f->skey); free(f->sklen); free(f->smv); free(f->serr); free(f->smsg); free(f->key);
	memset(f, 0, sizeof *f);
}

/* a frame's state as the interface takes it: the key without the byte
 * of the atomic process */
static SState frame_state(const NFrame *f)
{
	SState ss = { f->key, f->klen - 1, NULL, 0, f->key[f->klen - 1] - 1 };
	return ss;
}

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

/* the proviso hook: has the successor's system state been expanded?  (A
 * successor in an ample set is outside atomic sequences.) */
static int expanded_before(void *arg, const uint8_t *b, int len)
{
	Nd *d = arg;
	int n = system_key(d, b, len, -1);
	return store_has(&d->sys, d->key, n, state_hash(d->key, n));
}

/* fill a frame's successor list; with the reduction, its choice for this
 * system state is made once and replayed after */
static void expand(Nd *d, NFrame *f)
{
	SState ss = frame_state(f);
	uint8_t *choice = NULL;
	if (d->c->proviso_used) {
		int n = system_key(d, ss.b, ss.len, ss.atomic_pid);
		uint64_t h = state_hash(d->key, n);
		size_t idx;
		if (store_insert(&d->sys, d->key, n, h, &idx) < 0) {
			d->r->incomplete = 2;
			d->stop = 1;
		}
		choice = store_payload(&d->sys, d->key, n, h);
	}
	d->c->force = choice && *choice ? *choice - 2 : choice ? NS_DECIDE : NS_FULL;
	int n = ns_next_all(d->c, &ss, &d->sb);
	if (choice && !*choice)
		*choice = (uint8_t)(d->c->choice + 2);
	f->nsucc = n; f->next = 0;
	f->skey = malloc(sizeof(uint8_t *) * (n + 1)); f->sklen = malloc(sizeof(int) * (n + 1));
	f->smv = malloc(sizeof(Move) * (n + 1)); f->serr = malloc(sizeof(int) * (n + 1));
	f->smsg = malloc(sizeof(char *) * (n + 1));
	for (int i = 0; i < n; i++) {
		Succ *s = &d->sb.v[i];
		f->sklen[i] = s->len + 1;
		f->skey[i] = malloc(s->len + 1);
		memcpy(f->skey[i], s->b, s->len);
		f->skey[i][s->len] = (uint8_t)(s->atomic_pid + 1);
		f->smv[i] = s->tmv;
		f->serr[i] = s->err;
		f->smsg[i] = s->err ? strdup(s->errmsg) : NULL;
		if (s->len > d->r->max_vec) d->r->max_vec = s->len;
	}
}

static NFrame *push(NFrame **fr, int *n, int *cap, const uint8_t *key, int klen, const Move *in)
{
	if (*n == *cap) { *cap = *cap ? *cap * 2 : 256; *fr = realloc(*fr, sizeof(NFrame) * *cap); }
	NFrame *f = &(*fr)[(*n)++];
	memset(f, 0, sizeof *f);
	f->key = malloc(klen); memcpy(f->key, key, klen); f->klen = klen;
	if (in) f->in = *in; else f->in.pid = -1;
	return f;
}

/* the trail: the first stack, the nested stack if with_cycle, then last */
static void nd_trail(Nd *d, const char *msg, const Move *last, int with_cycle)
{
	if (!d->o->trail_path) return;
	int n = 0, cyc = -1;
	Move *mv = malloc(sizeof(Move) * (d->nfr + d->nfr2 + 2));
	if (!mv) return;
	for (int i = 1; i < d->nfr; i++) mv[n++] = d->fr[i].in;
	if (with_cycle) {
		cyc = n;
		for (int i = 1; i < d->nfr2; i++) mv[n++] = d->fr2[i].in;
	}
	if (last) mv[n++] = *last;
	d->r->trail_written = trail_write_cycle(d->o, mv, n, msg, cyc) == 0;
	free(mv);
}

static void report(Nd *d, const char *msg, const Move *last, int with_cycle)
{
	SearchResult *r = d->r;
	result_note_error(r, msg);
	if (r->errors == 1) {
		snprintf(r->first_error, sizeof r->first_error, "%s", msg);
		if (!d->o->quiet) printf("dspin: %s (at depth %d)\n", msg, d->nfr + d->nfr2);
		nd_trail(d, msg, last, with_cycle);
	}
	if (!d->o->keep_going) d->stop = 1;
}

/* a move of the first search stopped by a resource limit */
static void bound(Nd *d, const char *msg, const Move *last)
{
	if (result_note_bound(d->r, msg)) nd_trail(d, msg, last, 0);
}

/* the nested search from the top of the first stack */
static int nested(Nd *d)
{
	NFrame *seed = &d->fr[d->nfr - 1];
	d->nfr2 = 0;
	push(&d->fr2, &d->nfr2, &d->cap2, seed->key, seed->klen, NULL);
	expand(d, &d->fr2[0]);
	int found = 0;
	while (d->nfr2 > 0 && !found) {
		NFrame *f = &d->fr2[d->nfr2 - 1];
		if (f->next >= f->nsucc) { free_frame(f); d->nfr2--; continue; }
		int i = f->next++;
		if (f->serr[i] == ERR_RUNTIME || f->serr[i] == ERR_BOUND) continue;
		if (f->sklen[i] == seed->klen && !memcmp(f->skey[i], seed->key, seed->klen)) {
			report(d, d->o->accept == 2 ? "non-progress cycle" : "acceptance cycle", &f->smv[i], 1);
			found = 1;
			break;
		}
		size_t idx;
		int ins = store_insert(&d->s2, f->skey[i], f->sklen[i], state_hash(f->skey[i], f->sklen[i]), &idx);
		if (ins < 0) { d->r->incomplete = 2; d->stop = 1; break; }
		if (ins == 0) continue;
		d->r->stored++;
		Move mv = f->smv[i];
		NFrame *c = push(&d->fr2, &d->nfr2, &d->cap2, f->skey[i], f->sklen[i], &mv);
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
	double t0 = now();
	store_init(&d.s1, o->mem_limit);
	store_init(&d.sys, o->mem_limit);
	d.sys.payload = 1;
	d.c->proviso = expanded_before;
	d.c->proviso_arg = &d;
	store_init(&d.s2, o->mem_limit);
	if (o->store_mode == STORE_TREE &&
	    (store_set_mode(&d.s1, STORE_TREE, 0) < 0 || store_set_mode(&d.sys, STORE_TREE, 0) < 0 ||
	     store_set_mode(&d.s2, STORE_TREE, 0) < 0)) {
		r->incomplete = 2;
		d.stop = 1;
	}
	int klen = d.sb.v[0].len + 1;
	uint8_t *ib = malloc((size_t)klen);
	memcpy(ib, d.sb.v[0].b, (size_t)klen - 1);
	ib[klen - 1] = 0;     /* no atomic control */
	size_t idx;
	store_insert(&d.s1, ib, klen, state_hash(ib, klen), &idx);
	r->stored = 1;
	r->max_vec = klen - 1;
	push(&d.fr, &d.nfr, &d.cap, ib, klen, NULL);
	free(ib);
	expand(&d, &d.fr[0]);
	while (d.nfr > 0 && !d.stop) {
		NFrame *f = &d.fr[d.nfr - 1];
		if ((long)d.nfr > r->depth) r->depth = d.nfr;
		SState ss = frame_state(f);
		if (f->nsucc == 0 && f->next == 0) {
			/* without a claim the safety checks still apply (pan -a too) */
			f->next = 1;
			if (!ns_valid_end(d.c, &ss)) { report(&d, "invalid end state", NULL, 0); if (d.stop) break; }
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
			report(&d, f->smsg[i], &f->smv[i], 0);
			if (d.stop || f->serr[i] == ERR_RUNTIME) continue;
		}
		int ins = store_insert(&d.s1, f->skey[i], f->sklen[i], state_hash(f->skey[i], f->sklen[i]), &idx);
		if (ins < 0) { r->incomplete = 2; break; }
		if (ins == 0) { r->matched++; continue; }
		r->stored++;
		Move mv = f->smv[i];
		NFrame *c = push(&d.fr, &d.nfr, &d.cap, f->skey[i], f->sklen[i], &mv);
		expand(&d, c);
	}
	while (d.nfr > 0) free_frame(&d.fr[--d.nfr]);
	r->stats = d.c->stats;
	ns_ctx_free(d.c);
	r->transitions = r->stored + r->matched;
	r->mem = d.s1.bytes + d.s2.bytes + d.sys.bytes;
	r->store_bytes = r->mem;
	r->secs = now() - t0;
	store_free(&d.s1); store_free(&d.s2); store_free(&d.sys);
	free(d.fr); free(d.fr2);
	succbuf_free(&d.sb);
	return r->errors;
}
