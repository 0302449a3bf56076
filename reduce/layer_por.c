/* layer_por.c — static partial-order reduction as a layer over the
 * next-state interface: Holzmann & Peled, "An Improvement in Formal
 * Verification", Fig. 1e "Reduced Expansion Step".
 *
 * In a state where some process sits at a location whose moves are all
 * safe (reduce/por.h's table, and every layer below agrees: a never claim,
 * for one, observes every move) and has a move, only that process's moves
 * are explored, unless one of them could close a cycle of the reduced
 * graph: the search's proviso hook says so (on the DFS stack; already
 * visited in BFS), and a move into an atomic sequence counts as one, since
 * such states are not stored.  Processes are tried from the highest pid
 * down, as SPIN does, and the chosen process's moves are generated alone
 * (SPIN's preselection) instead of generating everything and discarding.
 *
 * With ample = 0 the layer only classifies (safe_group), for Twophase.
 */
#include "por.h"
#include "../heap/heap.h"
#include <stdlib.h>
#include <string.h>

typedef struct PorConf { const PorTable *t; int ample; } PorConf;
typedef struct PorWork {
	State st;                    /* the state being expanded, indexed */
	uint8_t buf[MAXSTATE];
	uint8_t owner[MAXOBJ + 2];   /* heap_owners of st, once needed */
	int owner_valid;
} PorWork;

static void load_state(PorWork *w, Ctx *c, const SState *s)
{
	memcpy(w->buf, s->b, (size_t)s->len);
	sv_index(c->vm->m, &w->st);
	w->owner_valid = 0;
}

static void *por_work_new(const Layer *l, Ctx *c)
{
	const PorConf *cf = l->conf;
	if (cf->ample)
		c->proviso_used = 1;
	PorWork *w = malloc(sizeof *w);
	if (w)
		w->st.b = w->buf;
	return w;
}

static void por_work_free(const Layer *l, void *w)
{
	(void)l;
	free(w);
}

/* are process pid's moves at its location in the loaded state safe
 * (given that the layers below say nothing against it)? */
static int safe_here(const Layer *l, Ctx *c, int pid)
{
	const PorConf *cf = l->conf;
	PorWork *w = c->work[l->slot];
	const Loc *loc = &sv_code(c->vm, &w->st, pid)->locs[sv_pc(&w->st, pid)];
	int cls = por_loc_class(cf->t, loc);
	if (cls == 0)
		return 0;
	if ((cls & POR_CHAN) && !por_loc_cond_holds(cf->t, c->vm, &w->st, pid, loc))
		return 0;
	if (cls & POR_OWNED) {
		if (!w->owner_valid) {
			heap_owners(c->vm, &w->st, w->owner);
			w->owner_valid = 1;
		}
		if (!por_loc_owned(cf->t, c->vm, &w->st, pid, loc, w->owner))
			return 0;
	}
	return 1;
}

static int por_safe_group(const Layer *l, Ctx *c, const SState *s, int pid)
{
	PorWork *w = c->work[l->slot];
	if (!ns_below_safe_group(l, c, s, pid))
		return 0;
	load_state(w, c, s);
	if (pid < 0 || pid >= w->st.nproc)
		return 0;
	return safe_here(l, c, pid);
}

/* may the moves of pid in out (those with mv.pid == pid, or all when
 * pid < 0) stand for the whole expansion? */
static int proviso_ok(Ctx *c, const SuccBuf *out, int pid)
{
	for (int i = 0; i < out->n; i++) {
		const Succ *sc = &out->v[i];
		if (pid >= 0 && sc->mv.pid != pid)
			continue;
		if (sc->atomic_pid >= 0)
			return 0;
		if (!c->proviso || c->proviso(c->proviso_arg, sc->b, sc->len))
			return 0;
	}
	return 1;
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

/* a state whose atomic process lost control: everything is generated
 * anyway (to see whether the atomic process moves), then reduced */
static int reduce_full(const Layer *l, Ctx *c, const SState *s, SuccBuf *out)
{
	PorWork *w = c->work[l->slot];
	int n = ns_below_next_all(l, c, s, out);
	if (out->from_atomic || n < 2)
		return n;
	for (int pid = w->st.nproc - 1; pid >= 0; pid--) {
		if (!ns_below_safe_group(l, c, s, pid) || !safe_here(l, c, pid))
			continue;
		int mine = 0;
		for (int i = 0; i < n; i++)
			mine += out->v[i].mv.pid == pid;
		if (mine == n)
			return n;
		if (!mine || !proviso_ok(c, out, pid))
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
	if (!cf->ample || c->force == NS_FULL)
		return ns_below_next_all(l, c, s, out);
	if (c->force >= 0) {
		/* a choice made before, in another search of the same graph */
		c->choice = c->force;
		return ns_below_next_proc(l, c, s, c->force, out);
	}
	load_state(w, c, s);
	if (s->atomic_pid >= 0)
		return reduce_full(l, c, s, out);
	for (int pid = w->st.nproc - 1; pid >= 0; pid--) {
		if (!ns_below_safe_group(l, c, s, pid) || !safe_here(l, c, pid))
			continue;
		int n = ns_below_next_proc(l, c, s, pid, out);
		if (n && proviso_ok(c, out, -1)) {
			c->stats.por_reduced++;
			c->choice = pid;
			return n;
		}
	}
	return ns_below_next_all(l, c, s, out);
}

static const Layer POR_LAYER = { .name = "por", .work_new = por_work_new, .work_free = por_work_free,
	.next_all = por_next_all, .safe_group = por_safe_group };

Layer *layer_por(VM *vm, const PorTable *t, int ample)
{
	(void)vm;
	PorConf *cf = xalloc(sizeof *cf);
	cf->t = t;
	cf->ample = ample;
	return ns_layer(&POR_LAYER, cf);
}
