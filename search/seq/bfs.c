/* bfs.c — breadth-first search over the next-state interface, for
 * shortest counterexamples (-bfs).
 *
 * The store doubles as the queue: records are appended in discovery order.
 * States inside atomic sequences are followed depth-first within one
 * expansion and not stored (as in the DFS), so BFS stores the same states;
 * each stored state remembers its parent, the moves from it and its aux
 * bytes, so a trail can be rebuilt and process symmetry can go on.
 *
 * The proviso hook answers "stored at a level <= the level of the state
 * being expanded" (level L: the states first reached by expanding level
 * L - 1; each state keeps its level as the store's payload).  That is
 * sound for safety: SPIN's safety proviso (one ample successor fails the
 * hook) leaves a state of level L reduced only for a successor of level
 * L + 1, so docs/por.md's induction runs from the deepest level down; and
 * where every ample successor must fail it (a claim), on any cycle of the
 * reduced graph take a state s of maximal level: its successor on the
 * cycle has a level <= level(s), so it was in the store when s was
 * expanded, and s was expanded fully (the BFS condition of Bosnacki, Leue
 * and Lluch-Lafuente, "Partial-Order Reduction for General State
 * Exploring Algorithms").  Unlike "already in
 * the store", the answer does not depend on the order in which a level's
 * states are expanded, so the multi-core search (search/par/par.c), which
 * expands a level in any order, asks the same and stores the same states
 * (docs/multicore.md).
 */
#include "seq.h"
#include "../expand.h"
#include "../grow.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>

typedef struct Path { Move *mv; size_t n, cap; } Path;

typedef struct Bfs {
	VM *vm; const SearchOpts *o; SearchResult *r;
	Ctx *c;
	Store st;
	uint32_t *parent; uint64_t *moff; uint16_t *mcnt; uint32_t *depth; size_t cap;
	uint64_t *aoff; uint8_t *alen;    /* each record's aux bytes in auxs */
	uint8_t *auxs; size_t naux, capaux;
	Move *moves; size_t nmoves, capmoves;
	int stop;
	size_t cur;     /* state being expanded */
	Expander x;     /* its expansion (search/expand.h); its successor buffers are
	                 * kept: a buffer made and freed per expansion spends the
	                 * time in its arena's brk/munmap (bench/RESULTS.md,
	                 * "The figures behind the code") */
	uint32_t level; /* its level */
} Bfs;

/* the moves from the initial state to state idx; -1: out of memory */
static int path_of(Bfs *b, size_t idx, Path *p, size_t extra)
{
	/* walk parents, collecting move lists backwards */
	size_t n = 0;
	for (size_t i = idx; i != 0; i = b->parent[i]) n += b->mcnt[i];
	if (grow_to(&p->mv, &p->cap, n + extra, sizeof(Move), 64) < 0)
		return -1;
	p->n = n;
	size_t k = n;
	for (size_t i = idx; i != 0; i = b->parent[i]) {
		k -= b->mcnt[i];
		memcpy(p->mv + k, b->moves + b->moff[i], sizeof(Move) * b->mcnt[i]);
	}
	return 0;
}

/* the trail to the state being expanded, then the moves extra */
/* num > 0: -e's num-th error, as PATHnum.trail */
static void bfs_trail(Bfs *b, const char *msg, const Move *extra, int nextra, int num)
{
	if (!b->o->trail_path) return;
	Path p = { 0 };
	if (path_of(b, b->cur, &p, (size_t)nextra) < 0) {
		fprintf(stderr, "dspin: out of memory for the trail\n");
		free(p.mv);
		return;
	}
	for (int i = 0; i < nextra; i++)
		p.mv[p.n++] = extra[i];
	if (num)
		trail_write_numbered(b->o, num, p.mv, (int)p.n, msg);
	else
		b->r->trail_written = trail_write(b->o, p.mv, (int)p.n, msg) == 0;
	free(p.mv);
}

static void bfs_error(Bfs *b, const char *msg, const Move *extra, int nextra)
{
	ErrorReport e = result_report_error(b->r, b->o, msg, b->depth[b->cur]);
	if (e.first)
		bfs_trail(b, msg, extra, nextra, 0);
	if (e.numbered)
		bfs_trail(b, msg, extra, nextra, e.numbered);
	if (e.stop)
		b->stop = 1;
}

static int stored_at_level(void *arg, const uint8_t *s, int len)
{
	Bfs *b = arg;
	const uint8_t *pl = store_payload(&b->st, s, len, state_hash(s, len));
	uint32_t lv;
	if (!pl)
		return 0;
	memcpy(&lv, pl, sizeof lv);
	return lv <= b->level;
}

static void add_state(Bfs *b, const uint8_t *s, int len, const uint8_t *aux, int alen, uint64_t h, const Move *mv, int nmv, uint32_t depth)
{
	size_t idx;
	int ins = store_insert(&b->st, s, len, h, &idx);
	if (ins < 0) { b->r->incomplete = 2; b->stop = 1; return; }
	if (ins == 0) { b->r->matched++; return; }
	uint32_t lv = b->level + 1;
	memcpy(store_payload_at(&b->st, idx), &lv, sizeof lv);
	b->r->stored++;
	if (b->o->on_store) b->o->on_store(b->o->on_store_ctx, s, len);
	if ((long)depth > b->r->depth) b->r->depth = depth;
	if (len > b->r->max_vec) b->r->max_vec = len;
	if (idx >= b->cap) {
		/* the per-state arrays share one capacity: each grows to it */
		size_t c[6] = { b->cap, b->cap, b->cap, b->cap, b->cap, b->cap };
		if (grow_to(&b->parent, &c[0], idx + 1, sizeof(uint32_t), 1 << 16) < 0 ||
		    grow_to(&b->moff, &c[1], idx + 1, sizeof(uint64_t), 1 << 16) < 0 ||
		    grow_to(&b->mcnt, &c[2], idx + 1, sizeof(uint16_t), 1 << 16) < 0 ||
		    grow_to(&b->depth, &c[3], idx + 1, sizeof(uint32_t), 1 << 16) < 0 ||
		    grow_to(&b->aoff, &c[4], idx + 1, sizeof(uint64_t), 1 << 16) < 0 ||
		    grow_to(&b->alen, &c[5], idx + 1, 1, 1 << 16) < 0) {
			b->r->incomplete = 2; b->stop = 1;
			return;
		}
		b->cap = c[0];
	}
	if (grow_to(&b->auxs, &b->capaux, b->naux + (size_t)alen, 1, 1 << 16) < 0 ||
	    grow_to(&b->moves, &b->capmoves, b->nmoves + (size_t)nmv, sizeof(Move), 1 << 16) < 0) {
		b->r->incomplete = 2; b->stop = 1;
		return;
	}
	b->aoff[idx] = b->naux;
	b->alen[idx] = (uint8_t)alen;
	if (alen) memcpy(b->auxs + b->naux, aux, (size_t)alen);
	b->naux += (size_t)alen;
	b->parent[idx] = (uint32_t)b->cur;
	b->moff[idx] = b->nmoves;
	assert(nmv <= EXPAND_MAXCHAIN + 1);
	b->mcnt[idx] = (uint16_t)nmv;
	b->depth[idx] = depth;
	if (nmv)
		memcpy(b->moves + b->nmoves, mv, sizeof(Move) * nmv);
	b->nmoves += nmv;
}

/* ---- the expansion's hooks (search/expand.h) ---- */

static void on_store(void *arg, const ExpandFound *f, const Move *path)
{
	add_state(arg, f->b, f->len, f->aux, f->alen, f->h, path, f->np, f->depth);
}

static void on_error(void *arg, const char *msg, const Move *path, int np)
{
	bfs_error(arg, msg, path, np);
}

static void on_bound(void *arg, const char *msg, const Move *path, int np)
{
	Bfs *b = arg;
	if (result_note_bound(b->r, msg))
		bfs_trail(b, msg, path, np, 0);
}

static int on_stopped(void *arg)
{
	return ((Bfs *)arg)->stop;
}

static const ExpandHooks bfs_hooks = { on_store, on_error, on_bound, on_stopped, NULL };

int search_bfs(VM *vm, const SearchOpts *o, SearchResult *r)
{
	Bfs b; memset(&b, 0, sizeof b);
	b.vm = vm; b.o = o; b.r = r;
	b.c = ns_ctx_new(o->stack, vm);
	SuccBuf sb0; memset(&sb0, 0, sizeof sb0);
	/* the state being expanded, copied: the store may move meanwhile */
	uint8_t *copy = malloc(MAXSTATE + 256);
	if (!b.c || !copy || ns_initial(b.c, &sb0) != 1) {
		snprintf(r->first_error, sizeof r->first_error, "out of memory");
		ns_ctx_free(b.c);
		succbuf_free(&sb0);
		free(copy);
		return -1;
	}
	expander_init(&b.x, b.c, &bfs_hooks, &b, o->max_depth);
	b.c->proviso = stored_at_level;
	b.c->proviso_arg = &b;
	double t0 = search_now(), last = t0;
	store_init(&b.st, o->mem_limit);
	b.st.indexed = 1;
	b.st.payload = sizeof(uint32_t);     /* the level */
	if (o->store_mode == STORE_TREE && store_set_mode(&b.st, STORE_TREE, 0) < 0) {
		r->incomplete = 2;
		b.stop = 1;
	}
	b.cur = 0;
	b.level = (uint32_t)-1;     /* the initial state is level 0 */
	add_state(&b, sb0.v[0].b, sb0.v[0].len, sb0.v[0].aux, sb0.v[0].alen, state_hash(sb0.v[0].b, sb0.v[0].len), NULL, 0, 0);
	succbuf_free(&sb0);
	size_t level_end = 0;
	for (size_t i = 0; i < b.st.nrec && !b.stop; i++) {
		if (i >= level_end) {
			b.level++;
			level_end = b.st.nrec;
		}
		b.cur = i;
		int len;
		const uint8_t *s = store_get(&b.st, i, &len);
		int alen = b.alen[i];
		memcpy(copy, s, len);
		if (alen) memcpy(copy + len, b.auxs + b.aoff[i], (size_t)alen);
		expand_state(&b.x, NULL, copy, len, copy + len, alen, b.depth[i]);
		if (b.x.oom) { r->incomplete = 2; break; }
		if (b.x.depth_cut && !r->incomplete) r->incomplete = 1;
		if (o->progress && (i & 0xffff) == 0 && search_now() - last > 5) {
			last = search_now();
			fprintf(stderr, "dspin: %llu states stored, depth %u, %.0f states/s\n",
				(unsigned long long)r->stored, b.depth[i], r->stored / (last - t0));
		}
	}
	r->matched += b.x.matched;
	r->atomic_steps += b.x.atomic_steps;
	r->stats = b.c->stats;
	ns_ctx_free(b.c);
	free(copy);
	r->transitions = r->stored + r->matched;
	r->mem = b.st.bytes + b.cap * 27 + b.capaux + b.capmoves * sizeof(Move);
	r->store_bytes = b.st.bytes;
	r->secs = search_now() - t0;
	store_free(&b.st);
	expander_free(&b.x);
	free(b.parent); free(b.moff); free(b.mcnt); free(b.depth); free(b.moves); free(b.aoff); free(b.alen); free(b.auxs);
	return r->errors;
}
