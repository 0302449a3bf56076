/* dist.c — the distributed safety search over MPI (-dist,
 * `mpirun -np K dspin -dist model`): the states are partitioned over K
 * ranks by the top bits of the canonical state vector's hash (owner_of:
 * bits the store does not use for its buckets), each rank
 * stores only the states it owns and sends the successors it generates to
 * their owners in batches, as DiVinE and the distributed LTSmin do.
 *
 * The search is the level-synchronous breadth-first search of -bfs and
 * -cores (search/seq/bfs.c, search/par/par.c; docs/multicore.md): level L is the
 * set of states first reached by expanding level L - 1, every rank
 * expands its own states of level L, and a level ends when every
 * successor sent during it has been received and stored by its owner.
 * The partial-order reduction's proviso is the level proviso ("stored at
 * a level <= L"): while level L is expanded the states of levels <= L are
 * exactly those stored before it began, on every rank, so the answer does
 * not depend on the order of messages.  A rank answers it at once for a
 * state it owns; for a state another rank owns it answers "yes" (the
 * conservative answer: no reduction is taken because of it), marks the
 * expansion as deferred and throws its results away, and queues the
 * question.  After the pass over the level the questions go to the
 * owners (MPI_Alltoallv) and come back answered, and the deferred states
 * are expanded again with the answers; a state that meets a new question
 * is deferred once more, so the rounds end (every round answers at least
 * one new question) and every expansion that counts was made with true
 * answers only: each level, and by induction the whole search, is the
 * one -bfs makes.  Hence the same states, transitions and errors.
 *
 * End of a level: channel counting, after Mattern (F. Mattern,
 * "Algorithms for distributed termination detection", Distributed
 * Computing 2(3), 1987, the counting method): every rank counts the
 * messages it sent to each peer during the level.  Once a rank has
 * expanded its last state of the level it sends nothing more in that
 * level (receiving a successor only stores it), so when all ranks have
 * announced their counts (MPI_Alltoall) each knows exactly how many
 * messages are still to come to it, and receives until it has them all.
 * Then an MPI_Allreduce of the next level's size (and of a stop flag)
 * decides whether the search goes on: it ends when the next level is
 * empty everywhere, or an error stopped a rank.  No message of level L
 * + 1 can overtake one of level L: a rank sends level L + 1's batches
 * only after the Allreduce, which every rank enters after it has
 * received all of level L's, and which blocks (no batch is taken while a
 * rank waits in it, so none of level L + 1 is stored as level L + 1's
 * own).  The batches, the counting, the STOP message and the proviso's
 * rounds of questions are search/dist/dist_net.c, which the distributed OWCTY
 * shares.  A successor this rank sent to its owner lately is not sent
 * again but counted as matched here (search/dist/dist_sent.h), and the ranks'
 * tables grow at one level's end, together (search_levels).
 *
 * Errors: without -e the first rank to meet one stops and tells the
 * others (a STOP message, counted like the batches); the lowest rank
 * that found one reports it.  The counterexample: every stored state
 * keeps its parent's (rank, index) and depth, not the moves; the path of
 * states is collected from their owners one broadcast at a time, and
 * rank 0 finds the moves between consecutive states by expanding each
 * parent again without reduction (every reduced successor is among
 * those), through atomic sequences as the search followed them.  The
 * trail is then written exactly as -bfs writes it and replays with -t.
 */
#include "dist.h"
#include "../expand.h"
#include "../grow.h"
#include "dist_net.h"
#include "dist_sent.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


/* a successor in a batch: this header, the key, the aux bytes */
typedef struct Entry {
	uint64_t parent;           /* the sender's record index of the expanded state */
	uint64_t h;                /* state_hash of the key: the owner hashes it once */
	uint32_t depth;
	uint16_t len;
	uint8_t alen;
	uint8_t pad;
} Entry;

/* what an expansion produced, kept until it is known to count */
typedef struct Found {
	size_t off;                /* its Entry in Dist.exp */
	int owner;
} Found;

typedef struct Note {
	int set;
	uint64_t at;               /* the expanded state's record index */
	uint32_t depth;
	Move *mv;
	int n;
	char msg[256];
} Note;

typedef struct Dist {
	VM *vm;
	const SearchOpts *o;
	SearchResult *r;
	int rank, nranks;
	Ctx *c;
	Store st;                  /* the states this rank owns; payload: level */
	uint64_t *parent;          /* per record: the parent's rank << 48 | index */
	uint32_t *depth;
	uint64_t *aoff;            /* aux bytes in auxs (allocated at the first aux) */
	uint8_t *alen;
	size_t cap;
	NetBuf auxs;
	uint32_t level;
	int oom;
	Net net;                   /* the exchange (search/dist/dist_net.c); net.stop: stop
	                            * searching (an error without -e, a STOP message,
	                            * out of memory) */
	/* the expansion being made */
	uint64_t cur;
	int tainted;
	NetBuf exp;
	Found *found;
	int nfound;
	size_t capfound;
	uint64_t exp_matched;      /* successors sent lately: counted as matched */
	Note *errs;                /* its errors and bounds, in order */
	int nerrs;
	size_t caperrs;
	Expander x;                /* the expansion (search/expand.h); its counters are
	                            * the expansion's, committed with it */
	uint8_t *scratch;          /* the state being expanded: MAXSTATE + 256 bytes */
	/* the trail's rebuilding: the state find_moves looks for, and the
	 * moves to it once found */
	const uint8_t *target;
	int tlen, talen, tfound;
	/* the states deferred for the proviso's questions */
	uint64_t *deferred;
	size_t ndeferred, capdeferred;
	NetAsk ask;                /* the proviso's questions to other ranks (dist_net.h) */
	NetMarks marks;            /* the unreached-code report's (dist_net.h) */
	SentCache sent;            /* the successors sent lately (dist_sent.h); none at K = 1 */
	/* what the rank did */
	uint64_t stored, matched, atomic_steps, sent_states, not_resent;
	long maxdepth;
	int max_vec;
	Note err, bound;
	double t0, last_progress;
} Dist;

static void finalize(void)
{
	int init = 0, fin = 0;
	MPI_Initialized(&init);
	MPI_Finalized(&fin);
	if (init && !fin)
		MPI_Finalize();
}

int dist_init(int *argc, char ***argv, int *nranks)
{
	int rank = 0;
	MPI_Init(argc, argv);
	atexit(finalize);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, nranks);
	return rank;
}

int dist_exit(int code)
{
	int rank = 0;
	fflush(stdout);
	fflush(stderr);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Barrier(MPI_COMM_WORLD);
	if (rank == 0 && code != 0) {
		/* mpirun aborts the job when a rank exits with a status other
		 * than 0, and may then drop what it has not yet read of rank 0's
		 * output (2 runs in a 5,000-program soak lost their summary):
		 * give it a moment to read the pipe */
		struct timespec ts = { 0, 200000000 };
		nanosleep(&ts, NULL);
	}
	return rank == 0 ? code : 0;
}

/* The owner of a state of hash h (state_hash, the store's hash: one hash
 * per successor, computed by the sender, which sends it along): the top
 * bits, ((h >> 32) * K) >> 32.  Each rank's store takes its bucket from
 * bits 24 up and its tag from bits 0-23, so on a rank the bits it uses
 * stay uniform (they reach the owner's top bits only past 2^39 buckets).
 * A seeded second hash of every successor, which this saves, had been a
 * measurable part of -np 2's time (bench/RESULTS.md, "The figures behind the code"). */
static int owner_of(const Dist *d, uint64_t h)
{
	return (int)(((h >> 32) * (uint64_t)d->nranks) >> 32);
}

static void out_of_memory(Dist *d)
{
	d->oom = 1;
	d->net.stop = 1;
}

/* ---- messages ---- */

static void insert_entry(Dist *d, const uint8_t *e, int src);

/* a batch of successors from rank src.  Each entry's bucket is asked for
 * AHEAD entries before it is inserted, and the record its bucket names
 * (the compare's) AHEAD / 2 before, so that the inserts do not stall on
 * either (bench/RESULTS.md, "The figures behind the code"). */
static void deliver(void *arg, const uint8_t *b, size_t n, int src)
{
	enum { AHEAD = 16 };
	Dist *d = arg;
	size_t q[AHEAD];
	uint64_t qh[AHEAD];
	int ql[AHEAD];
	size_t k = 0;               /* entries parsed */
	for (size_t off = 0; off + sizeof(Entry) <= n; k++) {
		Entry en;
		memcpy(&en, b + off, sizeof en);
		store_prefetch(&d->st, en.h);
		if (k >= AHEAD / 2)
			store_prefetch_rec(&d->st, qh[(k - AHEAD / 2) % AHEAD], ql[(k - AHEAD / 2) % AHEAD]);
		if (k >= AHEAD)
			insert_entry(d, b + q[k % AHEAD], src);
		q[k % AHEAD] = off;
		qh[k % AHEAD] = en.h;
		ql[k % AHEAD] = en.len;
		off += sizeof en + en.len + en.alen;
	}
	for (size_t i = k > AHEAD ? k - AHEAD : 0; i < k; i++)
		insert_entry(d, b + q[i % AHEAD], src);
}

/* ---- the local store ---- */

static void insert_state(Dist *d, Entry en, const uint8_t *key, const uint8_t *aux, int src);

static void insert_entry(Dist *d, const uint8_t *e, int src)
{
	Entry en;
	memcpy(&en, e, sizeof en);
	insert_state(d, en, e + sizeof en, e + sizeof en + en.len, src);
}

/* a successor (en: its header) that rank src generated */
static void insert_state(Dist *d, Entry en, const uint8_t *key, const uint8_t *aux, int src)
{
	size_t idx;
	int ins = store_insert(&d->st, key, en.len, en.h, &idx);
	if (ins < 0) {
		d->r->incomplete = 2;
		out_of_memory(d);
		return;
	}
	if (ins == 0) {
		d->matched++;
		return;
	}
	uint32_t lv = d->level + 1;
	memcpy(store_payload_at(&d->st, idx), &lv, sizeof lv);
	if (idx >= d->cap) {
		size_t nc = d->cap ? d->cap * 2 : 1 << 16;
		uint64_t *np = realloc(d->parent, sizeof(uint64_t) * nc);
		uint32_t *nd = np ? realloc(d->depth, sizeof(uint32_t) * nc) : NULL;
		if (np)
			d->parent = np;
		if (nd)
			d->depth = nd;
		if (!np || !nd) {
			out_of_memory(d);
			return;
		}
		if (d->aoff) {
			uint64_t *na = realloc(d->aoff, sizeof(uint64_t) * nc);
			uint8_t *nl = na ? realloc(d->alen, nc) : NULL;
			if (na)
				d->aoff = na;
			if (nl)
				d->alen = nl;
			if (!na || !nl) {
				out_of_memory(d);
				return;
			}
		}
		d->cap = nc;
	}
	if (en.alen && !d->aoff) {
		/* the first state with aux bytes: every one before had none */
		d->aoff = calloc(d->cap, sizeof(uint64_t));
		d->alen = calloc(d->cap, 1);
		if (!d->aoff || !d->alen) {
			out_of_memory(d);
			return;
		}
	}
	if (d->aoff) {
		d->aoff[idx] = d->auxs.n;
		d->alen[idx] = en.alen;
		if (!net_buf_put(&d->auxs, aux, en.alen)) {
			out_of_memory(d);
			return;
		}
	}
	d->parent[idx] = en.parent == NOPARENT ? NOPARENT : (uint64_t)src << RANK_SHIFT | en.parent;
	d->depth[idx] = en.depth;
	d->stored++;
	if ((long)en.depth > d->maxdepth)
		d->maxdepth = en.depth;
	if (en.len > d->max_vec)
		d->max_vec = en.len;
}

/* ---- the proviso ---- */

static int level_proviso(void *arg, const uint8_t *b, int len)
{
	Dist *d = arg;
	uint64_t h = state_hash(b, len);
	int owner = owner_of(d, h);
	if (owner == d->rank)
		return net_stored_at_most(&d->st, b, len, h, d->level);
	int known = net_ask(&d->ask, owner, b, len, h);
	if (known >= 0)
		return known;
	if (known == -2)
		out_of_memory(d);
	d->tainted = 1;
	return 1;
}

/* ---- expansion ---- */

static void note_event(Dist *d, const char *msg, const Move *path, int np, int bound)
{
	if (grow_to((void **)&d->errs, &d->caperrs, (size_t)d->nerrs + 1, sizeof(Note), 1024) < 0) {
		out_of_memory(d);
		return;
	}
	Note *n = &d->errs[d->nerrs++];
	memset(n, 0, sizeof *n);
	n->set = bound ? 2 : 1;
	n->mv = malloc(sizeof(Move) * ((size_t)np + 1));
	n->n = n->mv ? np : 0;
	if (n->mv && np)
		memcpy(n->mv, path, sizeof(Move) * (size_t)np);
	snprintf(n->msg, sizeof n->msg, "%s", msg);
}

/* A successor of the expansion.  When no proviso runs the expansion
 * always counts, and errors and successors are independent in commit:
 * another rank's goes into the batch at once, this rank's into the store
 * (expand fetched its bucket), a copy less each.  Under a proviso it is
 * kept until the expansion is known to count (commit). */
static void found(Dist *d, const uint8_t *s, int len, const uint8_t *aux, int alen, uint32_t depth, uint64_t h)
{
	Entry en = { d->cur, h, depth, (uint16_t)len, (uint8_t)alen, 0 };
	int owner = owner_of(d, h);
	if (!d->c->proviso_used) {
		if (owner == d->rank) {
			insert_state(d, en, s, aux, d->rank);
			return;
		}
		if (sent_before(&d->sent, s, len, h)) {
			d->exp_matched++;   /* its owner has it, or will before the level ends */
			d->not_resent++;
			return;
		}
		net_put3(&d->net, owner, &en, sizeof en, s, (size_t)len, aux, (size_t)alen);
		d->sent_states++;
		return;
	}
	if (grow_to((void **)&d->found, &d->capfound, (size_t)d->nfound + 1, sizeof(Found), 1024) < 0) {
		out_of_memory(d);
		return;
	}
	Found *f = &d->found[d->nfound++];
	f->off = d->exp.n;
	f->owner = owner;
	if (owner == d->rank)
		store_prefetch(&d->st, h);   /* for commit's insert */
	if (!net_buf_put(&d->exp, &en, sizeof en) || !net_buf_put(&d->exp, s, (size_t)len) || !net_buf_put(&d->exp, aux, (size_t)alen))
		out_of_memory(d);
}

/* ---- the expansion's hooks (search/expand.h): what it finds is kept
 * in d->exp, d->errs and the expander's counters until commit() ---- */

static void on_store(void *arg, const ExpandFound *f, const Move *path)
{
	(void)path;                /* the trail is rebuilt from the states (find_moves) */
	found(arg, f->b, f->len, f->aux, f->alen, f->depth, f->h);
}

static void on_error(void *arg, const char *msg, const Move *path, int np)
{
	note_event(arg, msg, path, np, 0);
}

static void on_bound(void *arg, const char *msg, const Move *path, int np)
{
	note_event(arg, msg, path, np, 1);
}

static int on_stopped(void *arg)
{
	return ((Dist *)arg)->oom;
}

/* the sent-lately slot (another rank's state) or the store's bucket
 * (this rank's) fetched while the rest are hashed */
static void on_prefetch(void *arg, uint64_t h, int len)
{
	Dist *d = arg;
	(void)len;
	if (owner_of(d, h) == d->rank)
		store_prefetch(&d->st, h);
	else
		sent_prefetch(&d->sent, h);
}

static const ExpandHooks dist_hooks = { on_store, on_error, on_bound, on_stopped, on_prefetch };

static void take_note(Dist *d, Note *to, Note *from)
{
	*to = *from;
	to->at = d->cur;
	to->depth = d->depth[d->cur];
	from->mv = NULL;
}

/* the expansion counts: its successors go to their owners, its errors
 * are counted */
static void commit(Dist *d)
{
	SearchResult *r = d->r;
	d->matched += d->exp_matched + d->x.matched;
	d->atomic_steps += d->x.atomic_steps;
	if (d->x.depth_cut && !r->incomplete)
		r->incomplete = 1;
	/* errors before successors, as the sequential search meets them in
	 * order and stops: without -e the successors of an expansion that
	 * erred still count (bfs.c adds those met before the error) */
	int nerr = 0;
	for (int i = 0; i < d->nerrs; i++) {
		Note *e = &d->errs[i];
		if (e->set == 2) {
			if (result_note_bound(r, e->msg) && !d->err.set && !d->bound.set)
				take_note(d, &d->bound, e);
			continue;
		}
		if (d->net.stop && !d->o->keep_going)
			break;
		result_note_error(r, e->msg);
		nerr++;
		if (!d->err.set)
			take_note(d, &d->err, e);
		if (!d->o->keep_going) {
			net_send_stop(&d->net);
		}
	}
	(void)nerr;
	for (int i = 0; i < d->nfound; i++) {
		Found *f = &d->found[i];
		const uint8_t *e = d->exp.b + f->off;
		if (f->owner == d->rank) {
			insert_entry(d, e, d->rank);
			continue;
		}
		Entry en;
		memcpy(&en, e, sizeof en);
		if (sent_before(&d->sent, e + sizeof en, en.len, en.h)) {
			d->matched++;
			d->not_resent++;
			continue;
		}
		net_put(&d->net, f->owner, e, sizeof en + en.len + en.alen);
		d->sent_states++;
	}
}

static void discard(Dist *d)
{
	for (int i = 0; i < d->nerrs; i++)
		free(d->errs[i].mv);
}

/* expand stored state idx; 0 if it must wait for the proviso's answers */
static int expand_stored(Dist *d, uint64_t idx)
{
	int len;
	const uint8_t *s = store_get(&d->st, idx, &len);
	int alen = d->aoff ? d->alen[idx] : 0;
	/* a copy: the store may move while batches arrive */
	uint8_t *copy = d->scratch;
	memcpy(copy, s, (size_t)len);
	if (alen)
		memcpy(copy + len, d->auxs.b + d->aoff[idx], (size_t)alen);
	d->cur = idx;
	d->tainted = 0;
	d->exp.n = 0;
	d->nfound = 0;
	d->nerrs = 0;
	d->exp_matched = 0;
	d->x.matched = d->x.atomic_steps = 0;
	d->x.depth_cut = 0;
	NsStats keep = d->c->stats;
	net_marks_save(&d->marks);
	expand_state(&d->x, NULL, copy, len, copy + len, alen, d->depth[idx]);
	if (d->x.oom)
		out_of_memory(d);
	int ok = !d->tainted;
	if (ok)
		commit(d);
	else {
		/* its counts and marks come when it is made again */
		d->c->stats = keep;
		net_marks_undo(&d->marks);
	}
	discard(d);
	return ok;
}

/* ---- the counterexample ---- */

/* is (b, len, aux, alen) the stored state t (key, then aux)?  The aux
 * bytes too: under process symmetry two moves may lead to one canonical
 * state with different original identities, and the next move of the
 * trail names processes as the stored aux numbers them */
static int same_state(const uint8_t *b, int len, const uint8_t *aux, int alen, const uint8_t *t, int tlen, int talen)
{
	return len == tlen && alen == talen && !memcmp(b, t, (size_t)len) && (!alen || !memcmp(aux, t + tlen, (size_t)alen));
}

/* The moves from the stored state s to target (its key, then its aux
 * bytes), through atomic sequences as the search followed them: the
 * expansion step again, its hooks looking for the target.  The number of
 * moves (in d->x.path), or -1. */
static void find_store(void *arg, const ExpandFound *f, const Move *path)
{
	Dist *d = arg;
	(void)path;
	if (!d->tfound && same_state(f->b, f->len, f->aux, f->alen, d->target, d->tlen, d->talen))
		d->tfound = f->np;
}

static void find_ignore(void *arg, const char *msg, const Move *path, int np)
{
	(void)arg, (void)msg, (void)path, (void)np;
}

static int find_stopped(void *arg)
{
	return ((Dist *)arg)->tfound > 0;
}

static const ExpandHooks find_hooks = { find_store, find_ignore, find_ignore, find_stopped, NULL };

static int find_moves(Dist *d, const uint8_t *s, int len, const uint8_t *aux, int alen,
		      const uint8_t *target, int tlen, int talen)
{
	d->target = target;
	d->tlen = tlen;
	d->talen = talen;
	d->tfound = 0;
	d->x.hooks = &find_hooks;
	d->x.max_depth = 0;        /* the path's states were all expanded */
	expand_state(&d->x, NULL, s, len, aux, alen, 0);
	d->x.hooks = &dist_hooks;
	d->x.max_depth = d->o->max_depth;
	return d->x.oom || !d->tfound ? -1 : d->tfound;
}

/* Collect the path to the noted state of rank `who` (collective), and on
 * rank 0 write the trail.  Returns 1 when rank 0 wrote it. */
static int rebuild_trail(Dist *d, int who, Note *mine)
{
	/* the note: the state, its depth, the moves after it, the message */
	uint64_t hdr[3] = { 0, 0, 0 };
	if (d->rank == who) {
		hdr[0] = mine->at;
		hdr[1] = mine->depth;
		hdr[2] = (uint64_t)mine->n;
	}
	MPI_Bcast(hdr, 3, MPI_UINT64_T, who, MPI_COMM_WORLD);
	char msg[256];
	Move *extra = malloc(sizeof(Move) * (hdr[2] + 1));
	if (d->rank == who) {
		memcpy(msg, mine->msg, sizeof msg);
		if (hdr[2])
			memcpy(extra, mine->mv, sizeof(Move) * hdr[2]);
	}
	MPI_Bcast(msg, sizeof msg, MPI_CHAR, who, MPI_COMM_WORLD);
	MPI_Bcast(extra, (int)(sizeof(Move) * hdr[2]), MPI_BYTE, who, MPI_COMM_WORLD);
	if (d->rank == 0 && !d->o->quiet && mine == &d->err)
		printf("dspin: %s (at depth %llu)\n", msg, (unsigned long long)hdr[1]);
	/* the states, from the noted one back to the initial state: each
	 * owner broadcasts parent, length, aux length, key, aux */
	size_t rec = 16 + MAXSTATE + 256;
	uint8_t *one = malloc(rec);
	NetBuf path = { 0 };             /* rank 0: the records, last first */
	int nstates = 0;
	uint64_t cur_rank = (uint64_t)who, cur_idx = hdr[0];
	for (;;) {
		if ((int)cur_rank == d->rank) {
			int len;
			const uint8_t *s = store_get(&d->st, cur_idx, &len);
			uint64_t par = d->parent[cur_idx];
			uint32_t l32 = (uint32_t)len, a32 = d->aoff ? d->alen[cur_idx] : 0;
			memcpy(one, &par, 8);
			memcpy(one + 8, &l32, 4);
			memcpy(one + 12, &a32, 4);
			memcpy(one + 16, s, (size_t)len);
			if (a32)
				memcpy(one + 16 + len, d->auxs.b + d->aoff[cur_idx], a32);
		}
		MPI_Bcast(one, (int)rec, MPI_BYTE, (int)cur_rank, MPI_COMM_WORLD);
		uint64_t par;
		uint32_t l32, a32;
		memcpy(&par, one, 8);
		memcpy(&l32, one + 8, 4);
		memcpy(&a32, one + 12, 4);
		if (d->rank == 0 && !net_buf_put(&path, one, 16 + l32 + a32))
			d->oom = 1;
		nstates++;
		if (par == NOPARENT)
			break;
		cur_rank = par >> RANK_SHIFT;
		cur_idx = par & IDX_MASK;
	}
	free(one);
	int wrote = 0;
	if (d->rank == 0 && !d->oom && d->o->trail_path) {
		/* the records in path order: initial state first */
		const uint8_t **st = malloc(sizeof *st * (size_t)nstates);
		size_t off = 0;
		for (int i = nstates - 1; i >= 0; i--) {
			st[i] = path.b + off;
			uint32_t l32, a32;
			memcpy(&l32, path.b + off + 8, 4);
			memcpy(&a32, path.b + off + 12, 4);
			off += 16 + l32 + a32;
		}
		Move *mv = NULL;
		size_t nmv = 0, capmv = 0;
		int ok = 1;
		d->c->force = NS_FULL;      /* every reduced successor is among these */
		for (int i = 0; i + 1 < nstates && ok; i++) {
			uint32_t l32, a32, t32, ta32;
			memcpy(&l32, st[i] + 8, 4);
			memcpy(&a32, st[i] + 12, 4);
			memcpy(&t32, st[i + 1] + 8, 4);
			memcpy(&ta32, st[i + 1] + 12, 4);
			int k = find_moves(d, st[i] + 16, (int)l32, st[i] + 16 + l32, (int)a32, st[i + 1] + 16, (int)t32, (int)ta32);
			if (k < 0 || grow_to((void **)&mv, &capmv, nmv + (size_t)k + 1, sizeof(Move), 1024) < 0) {
				ok = 0;
				break;
			}
			memcpy(mv + nmv, d->x.path, sizeof(Move) * (size_t)k);
			nmv += (size_t)k;
		}
		d->c->force = NS_DECIDE;
		if (ok && grow_to((void **)&mv, &capmv, nmv + hdr[2] + 1, sizeof(Move), 1024) == 0) {
			memcpy(mv + nmv, extra, sizeof(Move) * hdr[2]);
			nmv += hdr[2];
			wrote = trail_write(d->o, mv, (int)nmv, msg) == 0;
		} else
			fprintf(stderr, "dspin: the counterexample could not be rebuilt (please report it)\n");
		free(mv);
		free(st);
	}
	free(path.b);
	free(extra);
	return wrote;
}

/* ---- the results of every rank ---- */

static void merge_results(Dist *d)
{
	SearchResult *r = d->r;
	int K = d->nranks;
	uint64_t sum[8] = { d->stored, d->matched, d->atomic_steps, (uint64_t)d->c->stats.heap_renumbered,
		(uint64_t)d->c->stats.procs_permuted, (uint64_t)d->c->stats.por_reduced, (uint64_t)r->errors, 0 };
	size_t mem = d->st.bytes + d->cap * (sizeof(uint64_t) + sizeof(uint32_t)) + (d->aoff ? d->cap * 9 : 0) + d->auxs.cap;
	sum[7] = mem;
	uint64_t tot[8];
	MPI_Allreduce(sum, tot, 8, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
	int64_t mx[4] = { d->maxdepth, d->max_vec, d->c->stats.max_objects, r->incomplete == 2 ? 4 : r->incomplete };
	int64_t gmx[4];
	MPI_Allreduce(mx, gmx, 4, MPI_INT64_T, MPI_MAX, MPI_COMM_WORLD);

	SearchResult g = { 0 };
	g.stored = tot[0];
	g.matched = tot[1];
	g.atomic_steps = tot[2];
	g.transitions = g.stored + g.matched;
	g.stats.heap_renumbered = tot[3];
	g.stats.procs_permuted = tot[4];
	g.stats.por_reduced = tot[5];
	g.stats.max_objects = (int)gmx[2];
	g.depth = gmx[0];
	g.max_vec = (int)gmx[1];
	g.incomplete = gmx[3] == 4 ? 2 : (int)gmx[3];
	g.mem = tot[7];
	g.store_bytes = d->st.bytes;
	/* the error kinds and the resource bound's message, rank 0's first;
	 * per rank: states, messages, successors sent, peak memory, time */
	net_merge_report(&d->net, r, &g, d->stored, d->sent_states, d->not_resent, net_now() - d->t0);
	/* without -e one error is counted, as on one process */
	g.errors = d->o->keep_going ? (int)tot[6] : tot[6] > 0;
	g.secs = net_now() - d->t0;
	net_marks_merge(&d->marks);
	/* the first error: the lowest rank that noted one */
	int who[2] = { d->err.set ? d->rank : K, d->bound.set ? d->rank : K }, gwho[2];
	MPI_Allreduce(who, gwho, 2, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	if (gwho[0] < K) {
		char msg[256];
		memcpy(msg, d->err.msg, sizeof msg);
		MPI_Bcast(msg, sizeof msg, MPI_CHAR, gwho[0], MPI_COMM_WORLD);
		snprintf(g.first_error, sizeof g.first_error, "%s", msg);
		g.trail_written = rebuild_trail(d, gwho[0], &d->err);
	} else if (gwho[1] < K)
		g.trail_written = rebuild_trail(d, gwho[1], &d->bound);
	if (d->rank != 0)
		g.trail_written = 0;
	*r = g;
}

/* ---- the search ---- */

static void dist_free(Dist *d)
{
	expander_free(&d->x);
	free(d->scratch);
	net_free(&d->net);
	free(d->exp.b);
	free(d->found);
	free(d->errs);
	free(d->deferred);
	free(d->parent);
	free(d->depth);
	free(d->aoff);
	free(d->alen);
	free(d->auxs.b);
	free(d->err.mv);
	free(d->bound.mv);
	store_free(&d->st);
	net_ask_free(&d->ask);
	net_marks_free(&d->marks);
	sent_free(&d->sent);
	if (d->c)
		ns_ctx_free(d->c);
}

/* the search, level by level (the head of this file) */
static void search_levels(Dist *d)
{
	const SearchOpts *o = d->o;
	int K = d->nranks;
	size_t lo = 0;
	for (d->level = 0;; d->level++) {
		size_t hi = d->st.nrec;
		for (size_t i = lo; i < hi; i++) {
			if (d->net.stop)
				break;
			if (!expand_stored(d, i)) {
				if (grow_to((void **)&d->deferred, &d->capdeferred, d->ndeferred + 1, sizeof(uint64_t), 1024) < 0)
					out_of_memory(d);
				else
					d->deferred[d->ndeferred++] = i;
			}
			if ((i & (NET_POLL_EVERY - 1)) == 0)
				net_poll(&d->net);
		}
		/* the proviso's questions, until every expansion had its answers */
		for (;;) {
			uint64_t nd = d->net.stop ? 0 : d->ndeferred, gnd = 0;
			MPI_Request req;
			MPI_Iallreduce(&nd, &gnd, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD, &req);
			net_coll_wait(&d->net, &req);
			if (!gnd)
				break;
			if (!net_ask_round(&d->net, &d->ask, &d->st, d->level))
				out_of_memory(d);
			size_t n = d->ndeferred;
			d->ndeferred = 0;
			for (size_t k = 0; k < n && !d->net.stop; k++) {
				if (!expand_stored(d, d->deferred[k]))
					d->deferred[d->ndeferred++] = d->deferred[k];
				if ((k & (NET_POLL_EVERY - 1)) == 0)
					net_poll(&d->net);
			}
		}
		d->ndeferred = 0;
		net_ask_clear(&d->ask);
		net_end_round(&d->net);
		/* blocking (dist_net.h): no batch of the next level is taken
		 * before this rank has numbered it */
		uint64_t grown = d->st.nrec - hi;
		uint64_t mine[4] = { grown, (uint64_t)d->net.stop, d->stored, store_room(&d->st) < 2 * grown }, all[4];
		net_sums(&d->net, mine, all, 4);
		/* A rank's table doubles in a pause (store_grow) while the
		 * others wait at the level's end; ranks hold about as many
		 * states each, so when one expects to pass the point during the
		 * next level (room for less than twice what this level added),
		 * every rank half full or more grows now, at one barrier: the
		 * pauses overlap instead of coming one after another, a level
		 * apart (bench/RESULTS.md, "The figures behind the code").  Not under -M: a doubling
		 * the next levels may not need would take memory the records
		 * need, and the run would stop at another count than -bfs. */
		if (all[3] && !d->st.limit && d->st.n > d->st.cap / 2 && !all[1])
			(void)store_grow(&d->st);   /* -1 at the memory limit: the insert
			                             * that needs the room reports it */
		lo = hi;
		double t = net_now();
		if (o->progress && d->rank == 0 && t - d->last_progress > 5.0) {
			d->last_progress = t;
			fprintf(stderr, "dspin: %llu states stored, level %u, %.0f states/s, %d ranks\n",
				(unsigned long long)all[2], d->level + 1, all[2] / (t - d->t0), K);
		}
		if (!all[0] || all[1])
			break;
	}
}

int search_dist(VM *vm, const SearchOpts *o, SearchResult *r)
{
	memset(r, 0, sizeof *r);
	Dist dd, *d = &dd;
	memset(d, 0, sizeof *d);
	d->vm = vm;
	d->o = o;
	d->r = r;
	MPI_Comm_rank(MPI_COMM_WORLD, &d->rank);
	MPI_Comm_size(MPI_COMM_WORLD, &d->nranks);
	int K = d->nranks;
	d->t0 = d->last_progress = net_now();
	d->c = ns_ctx_new(o->stack, vm);
	expander_init(&d->x, d->c, &dist_hooks, d, o->max_depth);
	int asks = net_ask_init(&d->ask, K);
	d->scratch = malloc(MAXSTATE + 256);
	int bufs = net_init(&d->net, deliver, d);
	/* 4,096 slots (64 KB) and a 256 KB ring: search/dist/dist_sent.c */
	int sent = K == 1 || sent_init(&d->sent, 1 << 12, 1 << 18);
	store_init(&d->st, o->mem_limit);
	d->st.indexed = 1;
	d->st.payload = sizeof(uint32_t);
	SuccBuf sb0;
	memset(&sb0, 0, sizeof sb0);
	/* an expansion is thrown away only when the reduction asked another
	 * rank about a successor */
	int marks = d->c && net_marks_init(&d->marks, o, K > 1 && d->c->proviso_used);
	int ok = bufs && sent && asks && d->c && marks && d->scratch && ns_initial(d->c, &sb0) == 1 && !sb0.oom;
	int allok = 0;
	MPI_Allreduce(&ok, &allok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	if (!allok) {
		succbuf_free(&sb0);
		dist_free(d);
		snprintf(r->first_error, sizeof r->first_error, "out of memory");
		return -1;
	}
	d->c->proviso = level_proviso;
	d->c->proviso_arg = d;
	/* the initial state, level 0, on its owner */
	Succ *s0 = &sb0.v[0];
	d->level = (uint32_t)-1;
	uint64_t h0 = state_hash(s0->b, s0->len);
	if (owner_of(d, h0) == d->rank) {
		Entry en = { NOPARENT, h0, 0, (uint16_t)s0->len, (uint8_t)s0->alen, 0 };
		insert_state(d, en, s0->b, s0->aux, d->rank);
	}
	succbuf_free(&sb0);
	search_levels(d);
	d->oom |= d->net.oom;
	if (d->oom && !r->incomplete)
		r->incomplete = 2;
	merge_results(d);
	dist_free(d);
	return r->errors;
}
