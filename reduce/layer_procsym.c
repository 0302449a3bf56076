/* layer_procsym.c — process symmetry as a layer over the next-state
 * interface: Iosif, Fig. 5 "Depth First Search Combining Heap and Process
 * Symmetry" (Lemma 2).  A state's aux bytes are the original identity
 * (creation pid) of the process at each position; the permutation is
 * tracked along the path so that the heap is numbered visiting processes
 * in original order (line (*)), then instances of each interchangeable
 * proctype are pc-sorted (reduce/procsym_canon.c).  Moves keep the
 * parent's positions in mv and get original identities in tmv, which is
 * what a trail replays without symmetry.
 */
#include "reduce.h"
#include <stdlib.h>
#include <string.h>

typedef struct PsWork { uint8_t acc[MAXPROC + 1]; } PsWork;

static void *ps_work_new(const Layer *l, Ctx *c)
{
	(void)l; (void)c;
	return calloc(1, sizeof(PsWork));
}

static void ps_work_free(const Layer *l, void *w)
{
	(void)l;
	free(w);
}

static int ident(const SState *parent, int pos)
{
	if (pos < 0 || !parent || pos >= parent->alen)
		return pos;
	return parent->aux[pos];
}

/* canonicalize every successor in out (parent NULL: the initial state) */
static void canon_all(const Layer *l, Ctx *c, const SState *parent, SuccBuf *out)
{
	const ProcSym *ps = l->conf;
	PsWork *w = c->work[l->slot];
	int n = out->n;
	for (int i = 0; i < n; i++) {
		Succ *sc = &out->v[i];
		sc->tmv.pid = (int16_t)ident(parent, sc->mv.pid);
		sc->tmv.rv_pid = (int16_t)ident(parent, sc->mv.rv_pid);
		uint8_t *b = out->arena + sc->off;
		int nacc = b[0];
		int apid = sc->atomic_pid;
		sc->len = procsym_canon(ps, c->vm, b, sc->len, parent ? parent->aux : NULL,
					parent ? parent->alen : 0, w->acc, &apid, &c->stats);
		sc->atomic_pid = apid;
		uint8_t *a = sb_alloc(out, nacc);
		if (!a)
			return;
		sc = &out->v[i];
		memcpy(a, w->acc, (size_t)nacc);
		sc->aoff = (size_t)(a - out->arena);
		sc->alen = nacc;
	}
	sb_finish(out);
}

static int ps_initial(const Layer *l, Ctx *c, SuccBuf *out)
{
	ns_below_initial(l, c, out);
	canon_all(l, c, NULL, out);
	return out->n;
}

static int ps_next_all(const Layer *l, Ctx *c, const SState *s, SuccBuf *out)
{
	ns_below_next_all(l, c, s, out);
	canon_all(l, c, s, out);
	return out->n;
}

static int ps_next_proc(const Layer *l, Ctx *c, const SState *s, int pid, SuccBuf *out)
{
	ns_below_next_proc(l, c, s, pid, out);
	canon_all(l, c, s, out);
	return out->n;
}

static const Layer PROCSYM_LAYER = { .name = "procsym", .work_new = ps_work_new, .work_free = ps_work_free,
	.initial = ps_initial, .next_all = ps_next_all, .next_proc = ps_next_proc };

Layer *layer_procsym(VM *vm, const ProcSym *ps)
{
	(void)vm;
	return ns_layer(&PROCSYM_LAYER, (void *)ps);
}
