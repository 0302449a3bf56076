/* par.c — the multi-core safety search (-cores=N): a level-synchronous
 * breadth-first search whose workers share one lock-free state table
 * (search/store/shtab.c, after Laarman, van de Pol and Weber, "Boosting
 * multi-core reachability performance with shared hash tables").
 *
 * Level L is the set of states first reached by expanding level L - 1.
 * The workers take the states of level L in blocks from a shared index,
 * expand them (following atomic sequences within one expansion, as
 * search/seq/bfs.c does), and put the successors into the table, where each
 * new state records level L + 1, its parent and the moves from it; each
 * worker keeps its new states for the next level.  At the barrier between
 * levels the last worker to arrive gathers them.
 *
 * The proviso hook answers "stored at a level <= L".  Whatever the order in
 * which the workers expand level L, the states of levels <= L are exactly
 * those stored before level L began, so the answer, the reduced
 * expansion, and by induction every level are the same in every run and
 * for every number of workers: the counts are deterministic, and
 * search/seq/bfs.c applies the same rule on one core (its header gives the
 * soundness argument; docs/multicore.md the whole of it, and what
 * differs from one core).
 *
 * Trails: the first error's worker notes the state it was expanding and
 * the moves after it; once the workers have stopped, the path is rebuilt
 * from the parent links, whichever worker stored each state.
 */
#include "par.h"
#include "../expand.h"
#include "../grow.h"
#include "../store/shtab.h"
#include <stdatomic.h>
#include <pthread.h>
#include <stdio.h>
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TAKE 16                /* states a worker takes from the level at once */

/* What a stored state keeps beside its key (the record's extra bytes),
 * packed, since every byte of it is faulted in once per state:
 *
 *   u64 link   parent location + 1 (40 bits; 0: the initial state), the
 *              storing worker (8), the number of moves from the parent
 *              (15), and bit 63: the moves are in that worker's list
 *   u32 level  only when a reduction asks the proviso (Par.levels)
 *   the move   one plain move (no rendezvous, select, claim step or
 *              deaths: nearly every move): i16 pid, i32 tid; or, listed
 *              (an atomic sequence, or another move): u64, where the
 *              first is in the worker's list; nothing for the initial state
 *   aux        the rest
 *
 * The depth is not kept: the level lists carry it (LEnt).  Against the
 * 40 bytes of a fixed layout this saves 22-26 bytes a state. */
#define LINK_LOC ((1ull << 40) - 1)
#define LINK_LISTED (1ull << 63)
#define PLAIN_MOVE 6
#define META_MAX (8 + 4 + 8)   /* the most a record keeps beside key and aux */

typedef struct Meta {
	uint64_t link;
	uint32_t level;
	Move mv;                   /* when there is one move, not listed */
	uint64_t moff;             /* when listed */
	const uint8_t *aux;
	int alen;
} Meta;

static uint64_t meta_parent(const Meta *m) { return m->link & LINK_LOC; }
static int meta_worker(const Meta *m) { return (int)((m->link >> 40) & 0xff); }
static int meta_mcnt(const Meta *m) { return (int)((m->link >> 48) & 0x7fff); }

/* a move made of a pid and a transition alone */
static Move plain_move(int16_t pid, int32_t tid)
{
	Move m;
	memset(&m, 0, sizeof m);
	m.pid = pid;
	m.rv_pid = -1;
	m.tid = tid;
	m.rv_tid = -1;
	return m;
}

_Static_assert(sizeof(Move) == 24, "plain_move and is_plain name every field of Move");

/* plain_move(m->pid, m->tid) is m (field by field: a compare of whole
 * structs built on the stack stalled on store forwarding) */
static int is_plain(const Move *m)
{
	return m->rv_pid == -1 && m->rv_tid == -1 && !m->sel && !m->claim && !m->gone_top && !m->gone_n;
}

/* the location and depth of a state in a level list */
typedef struct LEnt {
	uint64_t loc;
	uint32_t depth;
} LEnt;

typedef struct Par Par;

/* a trail to note: the state being expanded, then the moves after it */
typedef struct TrailNote {
	int set;
	uint64_t at;
	Move *mv;
	int n;
	char msg[256];
} TrailNote;

/* a successor of a stored state whose put waits while the next states
 * are expanded (expand_stored's pipeline) */
typedef struct Pend {
	int i;                     /* in its ring buffer */
	uint32_t depth;
	uint64_t h;
	uint64_t parent;           /* the expanded state's location */
} Pend;

#define PIPE 3                 /* bucket asked for; record asked for; put */

typedef struct PWorker {
	Par *p;
	int id;
	ShWorker sw;
	Ctx *c;
	Expander x;                /* the expansion (search/expand.h); its top buffer is
	                            * ring[seq % PIPE] */
	SuccBuf ring[PIPE];        /* the stored states' successors, in flight */
	Pend *pend[PIPE];
	int npend[PIPE];
	size_t cappend[PIPE];
	unsigned long seq;         /* stored states expanded: ring[seq % PIPE] is the next */
	Move *moves;               /* the moves into each state this worker stored */
	size_t nmoves, capmoves;
	LEnt *next;                /* the states it stored, for the next level */
	size_t nnext, capnext;
	uint8_t *xbuf;             /* a record's extra bytes being built */
	uint64_t cur;              /* the state being expanded */
	uint32_t cur_depth;        /* and its depth */
	uint64_t stored, matched;
	int cut_noted;             /* its expander's depth cut is in the result */
	long depth;
	int max_vec;
	pthread_t th;
} PWorker;

struct Par {
	VM *vm;
	const SearchOpts *o;
	SearchResult *r;
	ShTab t;
	int nw;
	int levels;                /* the records keep their level: the proviso is asked */
	PWorker *w;
	LEnt *cur;                 /* the level being expanded */
	size_t ncur, capcur;
	atomic_size_t take;
	uint32_t level;
	atomic_int stop;
	int done;
	int oom;
	pthread_mutex_t emu;       /* the result's errors, on_store, the output */
	TrailNote err, bound;
	double t0, last_progress;
};

static int stopped(const Par *p)
{
	return atomic_load_explicit(&p->stop, memory_order_relaxed);
}

static void set_stop(Par *p)
{
	atomic_store_explicit(&p->stop, 1, memory_order_relaxed);
}

/* a record's extra bytes, unpacked */
static void meta_read(const Par *p, const uint8_t *rec, Meta *m)
{
	int xlen;
	const uint8_t *x = sh_extra(rec, &xlen), *end = x + xlen;
	memcpy(&m->link, x, 8);
	x += 8;
	m->level = 0;               /* not kept: the proviso then says "stored" of every
	                             * stored state, the safe answer */
	if (p->levels) {
		memcpy(&m->level, x, 4);
		x += 4;
	}
	if (m->link & LINK_LISTED) {
		memcpy(&m->moff, x, 8);
		x += 8;
	} else if (meta_mcnt(m)) {
		int16_t pid;
		int32_t tid;
		memcpy(&pid, x, 2);
		memcpy(&tid, x + 2, 4);
		m->mv = plain_move(pid, tid);
		x += PLAIN_MOVE;
	}
	m->aux = x;
	m->alen = (int)(end - x);
}

/* note the trail to the state being expanded plus the moves extra */
static void note_trail(PWorker *w, TrailNote *tn, const char *msg, const Move *extra, int nextra)
{
	tn->set = 1;
	tn->at = w->cur;
	tn->mv = malloc(sizeof(Move) * ((size_t)nextra + 1));
	tn->n = tn->mv ? nextra : 0;
	if (tn->mv && nextra)
		memcpy(tn->mv, extra, sizeof(Move) * (size_t)nextra);
	snprintf(tn->msg, sizeof tn->msg, "%s", msg);
}

static void par_error(PWorker *w, const char *msg, const Move *extra, int nextra)
{
	Par *p = w->p;
	pthread_mutex_lock(&p->emu);
	/* without -e the search ends at the first error: one is counted, as
	 * on one core, even when two workers meet one at once */
	if (p->o->keep_going || !stopped(p)) {
		/* (-e's numbered trails are not written: docs/multicore.md) */
		ErrorReport e = result_report_error(p->r, p->o, msg, w->cur_depth);
		if (e.first)
			note_trail(w, &p->err, msg, extra, nextra);
		if (e.stop)
			set_stop(p);
	}
	pthread_mutex_unlock(&p->emu);
}

static void par_bound(PWorker *w, const char *msg, const Move *extra, int nextra)
{
	Par *p = w->p;
	pthread_mutex_lock(&p->emu);
	if (result_note_bound(p->r, msg) && !p->err.set)
		note_trail(w, &p->bound, msg, extra, nextra);
	pthread_mutex_unlock(&p->emu);
}

static void out_of_memory(Par *p)
{
	pthread_mutex_lock(&p->emu);
	p->oom = 1;
	pthread_mutex_unlock(&p->emu);
	set_stop(p);
}

/* the proviso hook: stored at a level <= the one being expanded */
static int level_proviso(void *arg, const uint8_t *b, int len)
{
	PWorker *w = arg;
	const uint8_t *rec = sh_find(&w->sw, b, len, state_hash(b, len));
	if (!rec)
		return 0;
	Meta m;
	meta_read(w->p, rec, &m);
	return m.level <= w->p->level;
}

/* a successor outside any atomic sequence: into the table */
static void add_state(PWorker *w, const uint8_t *s, int len, const uint8_t *aux, int alen, int np, uint32_t depth, uint64_t h, uint64_t parent, const Move *path)
{
	Par *p = w->p;
	int listed = np > 1 || (np == 1 && !is_plain(&path[0]));  /* the moves go in the worker's list */
	if (listed && grow_to((void **)&w->moves, &w->capmoves, w->nmoves + (size_t)np, sizeof(Move), 1024) < 0) {
		out_of_memory(p);
		return;
	}
	assert(np <= 0x7fff && (uint64_t)w->id <= 0xff);   /* link's 15 and 8 bits */
	uint8_t *x = w->xbuf;
	uint64_t link = ((parent + 1) & LINK_LOC) | (uint64_t)w->id << 40 | (uint64_t)np << 48 | (listed ? LINK_LISTED : 0);
	memcpy(x, &link, 8);
	x += 8;
	if (p->levels) {
		uint32_t level = p->level + 1;
		memcpy(x, &level, 4);
		x += 4;
	}
	if (listed) {
		uint64_t moff = w->nmoves;
		memcpy(x, &moff, 8);
		x += 8;
	} else if (np) {
		memcpy(x, &path[0].pid, 2);
		memcpy(x + 2, &path[0].tid, 4);
		x += PLAIN_MOVE;
	}
	if (alen)
		memcpy(x, aux, (size_t)alen);
	x += alen;
	uint64_t loc;
	int ins = sh_put(&w->sw, s, len, h, w->xbuf, (int)(x - w->xbuf), &loc);
	if (ins < 0) {
		out_of_memory(p);
		return;
	}
	if (ins == 0) {
		w->matched++;
		return;
	}
	if (listed) {
		memcpy(w->moves + w->nmoves, path, sizeof(Move) * (size_t)np);
		w->nmoves += (size_t)np;
	}
	w->stored++;
	if ((long)depth > w->depth)
		w->depth = depth;
	if (len > w->max_vec)
		w->max_vec = len;
	if (grow_to((void **)&w->next, &w->capnext, w->nnext + 1, sizeof(LEnt), 1024) < 0) {
		out_of_memory(p);
		return;
	}
	w->next[w->nnext++] = (LEnt){ loc, depth };
	if (p->o->on_store) {
		pthread_mutex_lock(&p->emu);
		p->o->on_store(p->o->on_store_ctx, s, len);
		pthread_mutex_unlock(&p->emu);
	}
}

/* a successor of the stored state being expanded, its put deferred */
static int pend_push(PWorker *w, int i, uint32_t depth, uint64_t h)
{
	int k = (int)(w->seq % PIPE);
	if (grow_to((void **)&w->pend[k], &w->cappend[k], (size_t)w->npend[k] + 1, sizeof(Pend), 1024) < 0)
		return 0;
	w->pend[k][w->npend[k]++] = (Pend){ i, depth, h, w->cur };
	return 1;
}

/* put the deferred successors of ring k */
static void pend_put(PWorker *w, int k)
{
	const SuccBuf *sb = &w->ring[k];
	for (int j = 0; j < w->npend[k] && !stopped(w->p); j++) {
		const Pend *q = &w->pend[k][j];
		const Succ *c = &sb->v[q->i];
		add_state(w, c->b, c->len, c->aux, c->alen, 1, q->depth, q->h, q->parent, &c->tmv);
	}
	w->npend[k] = 0;
}

/* After a stored state's successors were generated into ring[seq % PIPE]
 * (their buckets asked for): ask for the records the previous state's
 * successors' buckets name, and put the successors of the state before
 * that.  A successor's bucket and record thus arrive while whole
 * expansions run, not only while its siblings are hashed, so that the
 * loads do not wait for memory (bench/RESULTS.md, "The figures behind the code").
 * Deferring the puts within a level
 * changes no proviso answer (states stored during level L have level
 * L + 1) and so no count. */
static void pipe_step(PWorker *w)
{
	int k = (int)(w->seq % PIPE);
	int prev = (k + PIPE - 1) % PIPE, old = (k + 1) % PIPE;
	for (int j = 0; j < w->npend[prev]; j++)
		sh_prefetch_rec(&w->sw, w->pend[prev][j].h, w->ring[prev].v[w->pend[prev][j].i].len);
	pend_put(w, old);
	w->seq++;
}

/* put everything deferred, oldest first: before the barrier */
static void pipe_drain(PWorker *w)
{
	for (int s = 0; s < PIPE; s++)
		pend_put(w, (int)((w->seq + 1 + (unsigned long)s) % PIPE));
}

/* ---- the expansion's hooks (search/expand.h) ---- */

/* a successor of the stored state itself waits in the pipeline; one
 * found along an atomic sequence goes into the table now */
static void on_store(void *arg, const ExpandFound *f, const Move *path)
{
	PWorker *w = arg;
	if (f->top < 0)
		add_state(w, f->b, f->len, f->aux, f->alen, f->np, f->depth, f->h, w->cur, path);
	else if (!pend_push(w, f->top, f->depth, f->h))
		out_of_memory(w->p);
}

static void on_error(void *arg, const char *msg, const Move *path, int np)
{
	par_error(arg, msg, path, np);
}

static void on_bound(void *arg, const char *msg, const Move *path, int np)
{
	par_bound(arg, msg, path, np);
}

static int on_stopped(void *arg)
{
	return stopped(((PWorker *)arg)->p);
}

static void on_prefetch(void *arg, uint64_t h, int len)
{
	(void)len;
	sh_prefetch(&((PWorker *)arg)->sw, h);
}

static const ExpandHooks par_hooks = { on_store, on_error, on_bound, on_stopped, on_prefetch };

static void expand_stored(PWorker *w, const LEnt *e)
{
	const uint8_t *rec = sh_rec(&w->p->t, e->loc);
	int len;
	const uint8_t *key = sh_key(rec, &len);
	Meta m;
	meta_read(w->p, rec, &m);
	w->cur = e->loc;
	w->cur_depth = e->depth;
	expand_state(&w->x, &w->ring[w->seq % PIPE], key, len, m.aux, m.alen, e->depth);
	if (w->x.oom)
		out_of_memory(w->p);
	if (w->x.depth_cut && !w->cut_noted) {
		/* noted when met, once per worker: the first reason met is the
		 * one reported (result_note_bound's rule) */
		w->cut_noted = 1;
		pthread_mutex_lock(&w->p->emu);
		if (!w->p->r->incomplete)
			w->p->r->incomplete = 1;
		pthread_mutex_unlock(&w->p->emu);
	}
	pipe_step(w);
}

/* the last worker at the barrier: the next level from every worker's new
 * states */
static void level_end(void *arg)
{
	Par *p = arg;
	size_t n = 0;
	for (int i = 0; i < p->nw; i++)
		n += p->w[i].nnext;
	if (grow_to((void **)&p->cur, &p->capcur, n, sizeof(LEnt), 1024) < 0) {
		p->oom = 1;
		set_stop(p);
		n = 0;
	}
	p->ncur = 0;
	for (int i = 0; i < p->nw && n; i++) {
		if (!p->w[i].nnext)
			continue;
		memcpy(p->cur + p->ncur, p->w[i].next, sizeof(LEnt) * p->w[i].nnext);
		p->ncur += p->w[i].nnext;
	}
	for (int i = 0; i < p->nw; i++)
		p->w[i].nnext = 0;
	atomic_store(&p->take, 0);
	p->level++;
	if (!p->ncur || stopped(p))
		p->done = 1;
	double t = search_now();
	if (p->o->progress && t - p->last_progress > 5.0) {
		p->last_progress = t;
		uint64_t st = 0;
		for (int i = 0; i < p->nw; i++)
			st += p->w[i].stored;
		fprintf(stderr, "dspin: %llu states stored, level %u, %.0f states/s, %d cores\n",
			(unsigned long long)st, p->level, st / (t - p->t0), p->nw);
	}
}

static void *worker_main(void *arg)
{
	PWorker *w = arg;
	Par *p = w->p;
	for (;;) {
		while (!stopped(p)) {
			size_t i = atomic_fetch_add(&p->take, TAKE);
			if (i >= p->ncur)
				break;
			size_t end = i + TAKE < p->ncur ? i + TAKE : p->ncur;
			for (size_t k = i; k < end && !stopped(p); k++)
				expand_stored(w, &p->cur[k]);
		}
		pipe_drain(w);
		sh_barrier(&w->sw, level_end, p);
		if (p->done)
			break;
	}
	return NULL;
}

/* the trail to tn's state and on: parent links, each state's moves in the
 * list of the worker that stored it */
static int write_noted(Par *p, const TrailNote *tn)
{
	size_t n = (size_t)tn->n;
	for (uint64_t loc = tn->at;;) {
		Meta m;
		meta_read(p, sh_rec(&p->t, loc), &m);
		n += (size_t)meta_mcnt(&m);
		if (!meta_parent(&m))
			break;
		loc = meta_parent(&m) - 1;
	}
	Move *mv = malloc(sizeof(Move) * (n + 1));
	if (!mv)
		return -1;
	size_t k = n - (size_t)tn->n;
	if (tn->n)
		memcpy(mv + k, tn->mv, sizeof(Move) * (size_t)tn->n);
	for (uint64_t loc = tn->at;;) {
		Meta m;
		meta_read(p, sh_rec(&p->t, loc), &m);
		int mc = meta_mcnt(&m);
		k -= (size_t)mc;
		if (m.link & LINK_LISTED)
			memcpy(mv + k, p->w[meta_worker(&m)].moves + m.moff, sizeof(Move) * (size_t)mc);
		else if (mc)
			mv[k] = m.mv;
		if (!meta_parent(&m))
			break;
		loc = meta_parent(&m) - 1;
	}
	int rc = trail_write(p->o, mv, (int)n, tn->msg);
	free(mv);
	return rc;
}

static void worker_free(PWorker *w)
{
	expander_free(&w->x);
	for (int k = 0; k < PIPE; k++) {
		succbuf_free(&w->ring[k]);
		free(w->pend[k]);
	}
	free(w->moves);
	free(w->next);
	free(w->xbuf);
	if (w->c)
		ns_ctx_free(w->c);
}

int search_par(VM *vm, const SearchOpts *o, int cores, SearchResult *r)
{
	memset(r, 0, sizeof *r);
	Par *p = calloc(1, sizeof *p);
	PWorker *ws = calloc((size_t)cores, sizeof *ws);
	if (!p || !ws || sh_init(&p->t, cores, o->mem_limit) < 0) {
		free(p);
		free(ws);
		snprintf(r->first_error, sizeof r->first_error, "out of memory");
		return -1;
	}
	p->vm = vm;
	p->o = o;
	p->r = r;
	p->nw = cores;
	p->w = ws;
	pthread_mutex_init(&p->emu, NULL);
	p->t0 = p->last_progress = search_now();
	int ok = 1;
	for (int i = 0; i < cores && ok; i++) {
		PWorker *w = &ws[i];
		w->p = p;
		w->id = i;
		w->sw.t = &p->t;
		w->c = ns_ctx_new(o->stack, vm);
		w->xbuf = malloc(META_MAX + MAXSTATE);
		ok = w->c && w->xbuf;
		if (ok) {
			expander_init(&w->x, w->c, &par_hooks, w, o->max_depth);
			w->c->proviso = level_proviso;
			w->c->proviso_arg = w;
			p->levels |= w->c->proviso_used;
		}
	}
	SuccBuf sb0;
	memset(&sb0, 0, sizeof sb0);
	if (!ok || ns_initial(ws[0].c, &sb0) != 1 || sb0.oom) {
		succbuf_free(&sb0);
		for (int i = 0; i < cores; i++)
			worker_free(&ws[i]);
		sh_free(&p->t);
		pthread_mutex_destroy(&p->emu);
		free(ws);
		free(p);
		snprintf(r->first_error, sizeof r->first_error, "out of memory");
		return -1;
	}
	/* the initial state: level 0, no parent (level_end makes it the
	 * level to expand, and counts level 0 as done) */
	PWorker *w0 = &ws[0];
	Succ *s0 = &sb0.v[0];
	p->level = (uint32_t)-1;
	w0->cur = (uint64_t)-1;     /* parent location + 1 = 0: none */
	add_state(w0, s0->b, s0->len, s0->aux, s0->alen, 0, 0, state_hash(s0->b, s0->len), w0->cur, NULL);
	succbuf_free(&sb0);
	level_end(p);
	int started = 1;
	for (int i = 1; i < cores; i++) {
		if (pthread_create(&ws[i].th, NULL, worker_main, &ws[i]) != 0) {
			/* fewer threads than asked: they would wait at the barrier for
			 * ever, so the search cannot run */
			set_stop(p);
			p->oom = 1;
			break;
		}
		started++;
	}
	if (started < cores) {
		/* the workers that did start wait for the missing ones: count them
		 * as arrived for good */
		pthread_mutex_lock(&p->t.mu);
		p->t.nworkers = started;
		pthread_mutex_unlock(&p->t.mu);
	}
	worker_main(w0);
	for (int i = 1; i < started; i++)
		pthread_join(ws[i].th, NULL);

	if (p->oom)
		r->incomplete = 2;      /* the memory bound outranks the others, as in the
		                         * sequential searches: the search stopped there */
	if (p->err.set)
		r->trail_written = o->trail_path && write_noted(p, &p->err) == 0;
	else if (p->bound.set)
		r->trail_written = o->trail_path && write_noted(p, &p->bound) == 0;
	for (int i = 0; i < cores; i++) {
		PWorker *w = &ws[i];
		r->stored += w->stored;
		r->matched += w->matched + w->x.matched;
		r->atomic_steps += w->x.atomic_steps;
		if (w->depth > r->depth)
			r->depth = w->depth;
		if (w->max_vec > r->max_vec)
			r->max_vec = w->max_vec;
		NsStats *st = &w->c->stats;
		if (st->max_objects > r->stats.max_objects)
			r->stats.max_objects = st->max_objects;
		r->stats.heap_renumbered += st->heap_renumbered;
		r->stats.procs_permuted += st->procs_permuted;
		r->stats.por_reduced += st->por_reduced;
		r->mem += w->capmoves * sizeof(Move) + w->capnext * sizeof(LEnt);
	}
	r->transitions = r->stored + r->matched;
	r->store_bytes = atomic_load(&p->t.bytes);
	r->mem += r->store_bytes + p->capcur * sizeof(LEnt);
	r->secs = search_now() - p->t0;
	free(p->err.mv);
	free(p->bound.mv);
	for (int i = 0; i < cores; i++)
		worker_free(&ws[i]);
	sh_free(&p->t);
	pthread_mutex_destroy(&p->emu);
	free(p->cur);
	free(ws);
	free(p);
	return r->errors;
}
