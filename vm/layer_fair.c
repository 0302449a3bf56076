/* layer_fair.c — weak fairness (-f) as a layer: SPIN's construction
 * (Iosif, section 4.1).  The key gets one more byte, a counter C in
 * 0..N+1 (N processes).  From copy 0 an accepting state moves to copy 1;
 * in copy i (1..N) a move of process i-1, or a state where process i-1
 * cannot move, advances to copy i+1; copy N+1 returns to copy 0.  Only
 * copy N+1 is accepting, so an accepting cycle found there lets every
 * process move or be blocked along it.
 */
#include "next.h"
#include <stdlib.h>
#include <string.h>

typedef struct FairWork { SuccBuf below; uint8_t key[MAXSTATE + 1]; } FairWork;

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

/* the state below this layer: the key without the counter */
static SState strip(const SState *s)
{
	SState t = *s;
	t.len = s->len - 1;
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

static int fair_finish(const Layer *l, Ctx *c, const SState *s, SuccBuf *out)
{
	FairWork *w = c->work[l->slot];
	SState below = strip(s);
	int copy = s->b[s->len - 1];
	succbuf_clear(out);
	out->from_atomic = w->below.from_atomic;
	for (int i = 0; i < w->below.n; i++) {
		const Succ *sc = &w->below.v[i];
		memcpy(w->key, sc->b, (size_t)sc->len);
		w->key[sc->len] = (uint8_t)next_copy(l, c, &below, copy, sc);
		if (!sb_copy(out, sc, w->key, sc->len + 1, sc->aux, sc->alen))
			return 0;
	}
	sb_finish(out);
	return out->n;
}

static int fair_next_all(const Layer *l, Ctx *c, const SState *s, SuccBuf *out)
{
	FairWork *w = c->work[l->slot];
	SState below = strip(s);
	ns_below_next_all(l, c, &below, &w->below);
	return fair_finish(l, c, s, out);
}

static int fair_next_proc(const Layer *l, Ctx *c, const SState *s, int pid, SuccBuf *out)
{
	FairWork *w = c->work[l->slot];
	SState below = strip(s);
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
		memcpy(w->key, sc->b, (size_t)sc->len);
		w->key[sc->len] = 0;
		if (!sb_copy(out, sc, w->key, sc->len + 1, sc->aux, sc->alen))
			return 0;
	}
	sb_finish(out);
	return out->n;
}

static int fair_safe_group(const Layer *l, Ctx *c, const SState *s, int pid)
{
	SState below = strip(s);
	return ns_below_safe_group(l, c, &below, pid);
}

static int fair_valid_end(const Layer *l, Ctx *c, const SState *s)
{
	SState below = strip(s);
	return ns_below_valid_end(l, c, &below);
}

/* only copy N+1 seeds the nested search (or a larger one, when the
 * processes it waited for died: found by
 * tests/models/live/ltl_remote_before_run.pml, where pan -a -f finds the
 * fair cycle after P and init have ended) */
static int fair_accepting(const Layer *l, Ctx *c, const SState *s)
{
	(void)l; (void)c;
	return s->b[s->len - 1] >= s->b[0] + 1;
}

static const Layer FAIR_LAYER = { .name = "fair", .work_new = fair_work_new, .work_free = fair_work_free,
	.initial = fair_initial, .next_all = fair_next_all, .next_proc = fair_next_proc,
	.safe_group = fair_safe_group, .valid_end = fair_valid_end, .accepting = fair_accepting };

Layer *layer_fair(VM *vm)
{
	(void)vm;
	return ns_layer(&FAIR_LAYER, NULL);
}
