/* layer_fair.c — weak fairness (-f) as a layer: SPIN's construction
 * (Iosif, section 4.1).  The key gets one more byte, a counter C in
 * 0..N+1 (N processes).  From copy 0 an accepting state moves to copy 1;
 * in copy i (1..N) a move of process i-1, or a state where process i-1
 * cannot move, advances to copy i+1; copy N+1 returns to copy 0.  Only
 * copy N+1 is accepting, so an accepting cycle found there lets every
 * process move or be blocked along it.
 *
 * Under process symmetry (reduce/layer_procsym.c, below this layer) the
 * positions of a successor are a permutation of its parent's, so "process
 * i-1" and "processes 0..i-2 have been served" no longer name the same
 * processes from one state to the next.  Iosif's remedy, comparing the
 * counter with the mover's original identity (aux bytes), would make the
 * counter's meaning depend on the path, not on the stored state, and the
 * nested search needs successors that are a function of the stored state.
 * So with `follow` the layer keeps what the counter stands for, in
 * positions, and carries it through the permutation: a mask of the
 * processes served in this round (one bit a position) and the position of
 * the process awaited, both mapped from parent to child positions through
 * the identities (a child position holds the process whose identity sat at
 * some parent position).  When the awaited process is served, the next one
 * awaited is the unserved one with the lowest identity; the round ends
 * (copy N+1, accepting) when every process has been served.  The served
 * identities are then always 0..k-1 and the state is, unwound, SPIN's
 * state with counter k+1: without permutations this is SPIN's counter.
 * The key is the VM's, the mask ((N+7)/8 bytes) and C, where C is 0 (no
 * round), a+1 (awaiting position a) or FULL.  Successors depend on the
 * identities the state is expanded with, which the nested search keeps
 * per state (search/seq/ndfs.c).  docs/liveness.md has the argument.
 */
#include "next.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

typedef struct FairWork {
	SuccBuf below;
	uint8_t key[MAXSTATE + 64];
	uint8_t mask[MAXPROC + 1], cmask[MAXPROC + 1];
	uint8_t aux[MAXPROC + 1];
} FairWork;

enum { FULL = 255, MAXFAIR = 254 };

static void *fair_work_new(const Layer *l, Ctx *c)
{
	(void)l; (void)c;
	return calloc(1, sizeof(FairWork));
}

static void fair_work_free(const Layer *l, void *p)
{
	(void)l;
	FairWork *w = p;
	succbuf_free(&w->below);
	free(w);
}

/* follow mode: conf is the per-proctype table of interchangeable
 * proctypes (reduce/procsym.c) */
static int follows(const Layer *l)
{
	return l->conf != NULL;
}

static void set_bit(uint8_t *m, int j, int v)
{
	if (v)
		m[j / 8] |= (uint8_t)(1u << (j % 8));
	else
		m[j / 8] &= (uint8_t)~(1u << (j % 8));
}

/* mask bytes after the state of n processes (follow mode) */
static int mask_len(int n)
{
	return (n + 7) / 8;
}

/* the bytes this layer appends to a state whose VM part starts at b */
static int extra(const Layer *l, const uint8_t *b)
{
	return follows(l) ? mask_len(b[0]) + 1 : 1;
}

/* the state below this layer: the key without the counter (and mask) */
static SState strip(const Layer *l, const SState *s)
{
	SState t = *s;
	t.len = s->len - extra(l, s->b);
	return t;
}

static int next_copy(const Layer *l, Ctx *c, const SState *parent, int copy, const Succ *sc)
{
	int nproc = parent->b[0];
	/* processes that died while the counter waited for them leave it
	 * past N+1: every process left has been served */
	if (copy >= nproc + 1)
		copy = 0;
	if (copy == 0 && ns_below_accepting(l, c, parent))
		copy = 1;
	if (copy >= 1 && copy <= nproc) {
		int q = copy - 1;
		if (sc->mv.pid == q || sc->mv.rv_pid == q || !vm_proc_enabled(c->vm, parent->b, q))
			copy++;
	}
	return copy;
}

static int bit(const uint8_t *m, int j)
{
	return m[j / 8] >> (j % 8) & 1;
}

/* the next process to wait for, of n at positions with identities ids:
 * the unserved one with the lowest identity (SPIN's order, pid by pid,
 * when nothing is permuted), as copy (position + 1), or FULL */
static int awaited(const uint8_t *m, int n, const uint8_t *ids, int nids)
{
	int best = -1;
	for (int j = 0; j < n; j++) {
		if (bit(m, j))
			continue;
		int id = j < nids ? ids[j] : j;
		if (best < 0 || id < (best < nids ? ids[best] : best))
			best = j;
	}
	return best < 0 ? FULL : best + 1;
}

/* follow mode: the round's progress by the move sc from parent (served
 * mask m, counter copy), then carried to the child's positions: the
 * child's mask into w->cmask, its counter returned */
static int follow_copy(const Layer *l, Ctx *c, const SState *parent, int copy, const Succ *sc)
{
	FairWork *w = c->work[l->slot];
	int np = parent->b[0];
	if (copy == FULL) {
		copy = 0;
		memset(w->mask, 0, (size_t)mask_len(np));
	}
	if (copy == 0 && ns_below_accepting(l, c, parent))
		copy = awaited(w->mask, np, parent->aux, parent->alen);
	if (copy != 0 && copy != FULL) {
		int q = copy - 1;
		if (sc->mv.pid == q || sc->mv.rv_pid == q || !vm_proc_enabled(c->vm, parent->b, q)) {
			w->mask[q / 8] |= (uint8_t)(1u << (q % 8));
			copy = awaited(w->mask, np, parent->aux, parent->alen);
		}
	}
	/* parent position of each identity */
	int pos[MAXPROC + 1];
	for (int i = 0; i <= MAXPROC; i++)
		pos[i] = -1;
	for (int j = 0; j < np && j < parent->alen; j++)
		pos[parent->aux[j]] = j;
	int n = sc->b[0];
	memset(w->cmask, 0, (size_t)mask_len(n));
	if (copy == 0)
		return copy;
	int ccopy = 0;
	for (int j = 0; j < n; j++) {
		int p = j < sc->alen ? pos[sc->aux[j]] : -1;
		if (p < 0)
			continue;       /* created by the move: not served */
		if (copy == FULL || bit(w->mask, p))
			w->cmask[j / 8] |= (uint8_t)(1u << (j % 8));
		if (p == copy - 1)
			ccopy = j + 1;
	}
	/* the awaited process died, or the round was complete: the next
	 * unserved one (a process the move created; SPIN's copy N+1 awaits
	 * it too once N has grown) */
	return ccopy ? ccopy : awaited(w->cmask, n, sc->aux, sc->alen);
}

/* is position j free to trade places with an identical block: named by
 * no channel as its creator, not the atomic process */
static int tradable(const State *st, int j, int apid)
{
	if (j == apid)
		return 0;
	for (int k = 0; k < st->nchan; k++)
		if (st->b[st->coff[k] + 1] == j)
			return 0;
	return 1;
}

/* One key for one unwound state: instances of an interchangeable proctype
 * whose blocks are byte-identical (and that no channel or atomic sequence
 * tells apart) are the same process to the future, but the round may have
 * served one and not the other, so the mask could differ between two keys
 * of the same state.  Among such a class the served ones go first, then
 * the awaited one, then the rest, and the identities are dealt out
 * ascending by position: the served identities stay the lowest ones, so
 * the unwound state and its counter are unchanged (docs/liveness.md). */
static void normalize(const Layer *l, Ctx *c, uint8_t *key, int apid, uint8_t *m, int *copy, uint8_t *aux, int alen)
{
	const unsigned char *eligible = l->conf;
	State st;
	st.b = key;
	sv_index(c->vm->m, &st);
	int n = st.nproc;
	if (alen < n)
		return;
	uint8_t done[MAXPROC + 1] = { 0 };
	for (int j = 0; j < n; j++) {
		if (done[j] || !eligible[sv_ptype(&st, j)] || !tradable(&st, j, apid))
			continue;
		int cls[MAXPROC], k = 0;
		int len = st.poff[j + 1] - st.poff[j];
		for (int q = j; q < n; q++) {
			if (done[q] || st.poff[q + 1] - st.poff[q] != len || !tradable(&st, q, apid))
				continue;
			if (memcmp(st.b + st.poff[j], st.b + st.poff[q], (size_t)len))
				continue;
			cls[k++] = q;
			done[q] = 1;
		}
		if (k < 2)
			continue;
		int served = 0, waits = 0;
		uint8_t ids[MAXPROC];
		for (int i = 0; i < k; i++) {
			served += bit(m, cls[i]);
			waits |= *copy == cls[i] + 1;
			ids[i] = aux[cls[i]];
		}
		for (int i = 1; i < k; i++)          /* ascending identities */
			for (int h = i; h > 0 && ids[h - 1] > ids[h]; h--) {
				uint8_t t = ids[h];
				ids[h] = ids[h - 1];
				ids[h - 1] = t;
			}
		for (int i = 0; i < k; i++) {
			aux[cls[i]] = ids[i];
			set_bit(m, cls[i], i < served);
		}
		if (waits)
			*copy = cls[served] + 1;
	}
}

static int fair_finish(const Layer *l, Ctx *c, const SState *s, SuccBuf *out)
{
	FairWork *w = c->work[l->slot];
	SState below = strip(l, s);
	int copy = s->b[s->len - 1];
	succbuf_clear(out);
	out->from_atomic = w->below.from_atomic;
	for (int i = 0; i < w->below.n; i++) {
		const Succ *sc = &w->below.v[i];
		memcpy(w->key, sc->b, (size_t)sc->len);
		int klen = sc->len;
		const uint8_t *aux = sc->aux;
		if (follows(l)) {
			memcpy(w->mask, s->b + below.len, (size_t)mask_len(s->b[0]));
			int cc = follow_copy(l, c, &below, copy, sc);
			memcpy(w->aux, sc->aux, (size_t)sc->alen);
			if (cc != 0 && cc != FULL)
				normalize(l, c, w->key, sc->atomic_pid, w->cmask, &cc, w->aux, sc->alen);
			aux = w->aux;
			memcpy(w->key + klen, w->cmask, (size_t)mask_len(sc->b[0]));
			klen += mask_len(sc->b[0]);
			w->key[klen++] = (uint8_t)cc;
		} else
			w->key[klen++] = (uint8_t)next_copy(l, c, &below, copy, sc);
		Succ *d = sb_copy(out, sc, w->key, klen, aux, sc->alen);
		if (!d)
			return 0;
		if ((s->b[0] > MAXFAIR || sc->b[0] > MAXFAIR) && d->err != ERR_RUNTIME) {
			/* copy N+1 (or position + 1 beside FULL) must fit the byte:
			 * with 255 processes the round could never end, and a fair
			 * cycle was missed (tests/models/dist/fair_255.pml) */
			d->err = ERR_BOUND;
			snprintf(d->errmsg, sizeof d->errmsg, "weak fairness (-f) takes at most %d processes (its counter is one byte)", MAXFAIR);
		}
	}
	sb_finish(out);
	return out->n;
}

static int fair_next_all(const Layer *l, Ctx *c, const SState *s, SuccBuf *out)
{
	FairWork *w = c->work[l->slot];
	SState below = strip(l, s);
	ns_below_next_all(l, c, &below, &w->below);
	return fair_finish(l, c, s, out);
}

static int fair_next_proc(const Layer *l, Ctx *c, const SState *s, int pid, SuccBuf *out)
{
	FairWork *w = c->work[l->slot];
	SState below = strip(l, s);
	ns_below_next_proc(l, c, &below, pid, &w->below);
	return fair_finish(l, c, s, out);
}

static int fair_initial(const Layer *l, Ctx *c, SuccBuf *out)
{
	FairWork *w = c->work[l->slot];
	ns_below_initial(l, c, &w->below);
	succbuf_clear(out);
	for (int i = 0; i < w->below.n; i++) {
		const Succ *sc = &w->below.v[i];
		int klen = sc->len;
		memcpy(w->key, sc->b, (size_t)klen);
		if (follows(l)) {
			memset(w->key + klen, 0, (size_t)mask_len(sc->b[0]));
			klen += mask_len(sc->b[0]);
		}
		w->key[klen++] = 0;
		if (!sb_copy(out, sc, w->key, klen, sc->aux, sc->alen))
			return 0;
	}
	sb_finish(out);
	return out->n;
}

static int fair_safe_group(const Layer *l, Ctx *c, const SState *s, int pid)
{
	SState below = strip(l, s);
	return ns_below_safe_group(l, c, &below, pid);
}

static int fair_valid_end(const Layer *l, Ctx *c, const SState *s)
{
	SState below = strip(l, s);
	return ns_below_valid_end(l, c, &below);
}

/* only copy N+1 seeds the nested search (or a larger one, when the
 * processes it waited for died: found by
 * tests/models/live/ltl_remote_before_run.pml, where pan -a -f finds the
 * fair cycle after P and init have ended); in follow mode, FULL */
static int fair_accepting(const Layer *l, Ctx *c, const SState *s)
{
	(void)c;
	int copy = s->b[s->len - 1];
	if (follows(l))
		return copy == FULL;
	return copy >= s->b[0] + 1;
}

static const Layer FAIR_LAYER = { .name = "fair", .work_new = fair_work_new, .work_free = fair_work_free,
	.initial = fair_initial, .next_all = fair_next_all, .next_proc = fair_next_proc,
	.safe_group = fair_safe_group, .valid_end = fair_valid_end, .accepting = fair_accepting };

Layer *layer_fair(VM *vm, const unsigned char *interchangeable)
{
	(void)vm;
	return ns_layer(&FAIR_LAYER, (void *)interchangeable);
}
