/* ndfs.c — acceptance cycles: nested depth-first search (Courcoubetis,
 * Vardi, Wolper, Yannakakis), as in SPIN's -a and -l (Holzmann & Peled,
 * Fig. 1d "Extension for Cycle Detection").
 *
 * The first search explores the product of the system and the never claim
 * (vm_successors runs the claim in lockstep); when it backtracks from a
 * state where the claim is at an accept label, a second search from that
 * seed looks for a path back to it, in a store of its own.  A path found
 * is an acceptance cycle: its trail is the first search's stack, then the
 * second search's stack, then the closing move.
 *
 * Weak fairness (-f) is SPIN's construction (Iosif, section 4.1): the key
 * carries a counter C in 0..N+1 (N processes).  From copy 0 an accepting
 * state moves to copy 1; in copy i (1..N) a move of process i-1, or a state
 * where process i-1 cannot move, advances to copy i+1; copy N+1 returns to
 * copy 0.  Only copy N+1 seeds the nested search, so an accepting cycle
 * found there lets every process move or be blocked along it.
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

/* fill a frame's successor list */
static void expand(Nd *d, NFrame *f)
{
	int fa;
	int slen = f->klen - 2;
	int apid = f->key[slen] - 1;
	int copy = f->key[slen + 1];
	int n = vm_successors(d->vm, f->key, slen, apid, &d->sb, &fa);
	int nproc = f->key[0];
	f->nsucc = n; f->next = 0;
	f->skey = malloc(sizeof(uint8_t *) * (n + 1)); f->sklen = malloc(sizeof(int) * (n + 1));
	f->smv = malloc(sizeof(Move) * (n + 1)); f->serr = malloc(sizeof(int) * (n + 1));
	f->smsg = malloc(sizeof(char *) * (n + 1));
	for (int i = 0; i < n; i++) {
		Succ *s = &d->sb.v[i];
		f->sklen[i] = s->len + 2;
		f->skey[i] = malloc(s->len + 2);
		memcpy(f->skey[i], s->b, s->len);
		f->skey[i][s->len] = (uint8_t)(s->atomic_pid + 1);
		int c = 0;
		if (d->o->fair) {
			c = copy;
			if (c == nproc + 1) c = 0;
			if (c == 0 && vm_claim_accepting(d->vm, f->key)) c = 1;
			if (c >= 1 && c <= nproc) {
				int q = c - 1;
				if (s->mv.pid == q || (s->mv.rv_pid == q) || !vm_proc_enabled(d->vm, f->key, q)) c++;
			}
		}
		f->skey[i][s->len + 1] = (uint8_t)c;
		f->smv[i] = s->mv;
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

static void report(Nd *d, const char *msg, const Move *last, int with_cycle)
{
	SearchResult *r = d->r;
	result_note_error(r, msg);
	if (r->errors == 1) {
		snprintf(r->first_error, sizeof r->first_error, "%s", msg);
		if (!d->o->quiet) printf("dspin: %s (at depth %d)\n", msg, d->nfr + d->nfr2);
		if (d->o->trail_path) {
			int n = 0, cyc = -1;
			Move *mv = malloc(sizeof(Move) * (d->nfr + d->nfr2 + 2));
			for (int i = 1; i < d->nfr; i++) mv[n++] = d->fr[i].in;
			if (with_cycle) {
				cyc = n;
				for (int i = 1; i < d->nfr2; i++) mv[n++] = d->fr2[i].in;
			}
			if (last) mv[n++] = *last;
			r->trail_written = trail_write_cycle(d->vm, d->o->trail_path, mv, n, msg, cyc) == 0;
			free(mv);
		}
	}
	if (!d->o->keep_going) d->stop = 1;
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
		if (f->serr[i] == ERR_RUNTIME) continue;
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
	double t0 = now();
	store_init(&d.s1, o->mem_limit);
	store_init(&d.s2, o->mem_limit);
	uint8_t *ib = malloc(MAXSTATE + 2);
	State s0;
	vm_initial(vm, &s0, ib);
	ib[s0.len] = 0;       /* no atomic control */
	ib[s0.len + 1] = 0;   /* fairness copy 0 */
	size_t idx;
	store_insert(&d.s1, ib, s0.len + 2, state_hash(ib, s0.len + 2), &idx);
	r->stored = 1;
	r->max_vec = s0.len;
	push(&d.fr, &d.nfr, &d.cap, ib, s0.len + 2, NULL);
	free(ib);
	expand(&d, &d.fr[0]);
	while (d.nfr > 0 && !d.stop) {
		NFrame *f = &d.fr[d.nfr - 1];
		if ((long)d.nfr > r->depth) r->depth = d.nfr;
		if (f->nsucc == 0 && f->next == 0 && !vm->m->never) {
			/* without a claim the safety checks still apply (pan -a too) */
			f->next = 1;
			if (!vm_valid_end(vm, f->key, f->klen - 2)) { report(&d, "invalid end state", NULL, 0); if (d.stop) break; }
		}
		if (f->next >= f->nsucc || (o->max_depth && d.nfr > o->max_depth)) {
			if (f->next < f->nsucc) r->incomplete = 1;
			/* post-order: an accepting state seeds the nested search */
			int seed = o->fair ? f->key[f->klen - 1] == f->key[0] + 1 : vm_claim_accepting(vm, f->key);
			if (seed && nested(&d)) { if (d.stop) break; }
			free_frame(&d.fr[--d.nfr]);
			continue;
		}
		int i = f->next++;
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
	r->transitions = r->stored + r->matched;
	r->mem = d.s1.bytes + d.s2.bytes;
	r->secs = now() - t0;
	store_free(&d.s1); store_free(&d.s2);
	free(d.fr); free(d.fr2);
	succbuf_free(&d.sb);
	return r->errors;
}
