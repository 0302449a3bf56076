/* layer_heap.c — garbage collection and heap symmetry as a layer over the
 * next-state interface (Iosif, Fig. 4 "Generation of Sorting Permutations
 * for Heap Objects"; canonical by Lemma 1).  Every successor whose move
 * may have changed references is collected; with canonical = 1 its objects
 * are renumbered in the mark phase's visiting order, so heap-symmetric
 * states become the same key.  Moves that change no reference leave a
 * collected heap collected and canonical: they are skipped.
 */
#include "heap.h"
#include <stdlib.h>

typedef struct HeapConf { int canonical; } HeapConf;

static void collect(const Layer *l, Ctx *c, SuccBuf *out)
{
	const HeapConf *cf = l->conf;
	for (int i = 0; i < out->n; i++) {
		Succ *sc = &out->v[i];
		if (!sc->heap_dirty)
			continue;
		State st;
		st.b = out->arena + sc->off;
		sv_index(c->vm->m, &st);
		heap_collect(c->vm, &st, cf->canonical, NULL, &c->stats);
		sc->len = st.len;
	}
	sb_finish(out);
}

static int heap_next_all(const Layer *l, Ctx *c, const SState *s, SuccBuf *out)
{
	ns_below_next_all(l, c, s, out);
	collect(l, c, out);
	return out->n;
}

static int heap_next_proc(const Layer *l, Ctx *c, const SState *s, int pid, SuccBuf *out)
{
	ns_below_next_proc(l, c, s, pid, out);
	collect(l, c, out);
	return out->n;
}

static const Layer HEAP_LAYER = { .name = "heap", .next_all = heap_next_all, .next_proc = heap_next_proc };

Layer *layer_heap(VM *vm, int canonical)
{
	(void)vm;
	HeapConf *cf = xalloc(sizeof *cf);
	cf->canonical = canonical;
	return ns_layer(&HEAP_LAYER, cf);
}
