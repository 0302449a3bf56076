/* dist_owcty.c — accepting cycles under -dist (`mpirun -np K dspin -dist
 * -a`, and -l): One-Way-Catch-Them-Young, the algorithm of Fisler,
 * Fraer, Kamhi, Vardi and Yang ("Is there a best symbolic cycle-detection
 * algorithm?", TACAS 2001), made explicit-state and distributed by Černá
 * and Pelánek ("Distributed explicit fair cycle detection", SPIN 2003)
 * and used so in DiVinE (Barnat, Brim, Chaloupka); the seed thesis
 * ../shared/papers/to-store-or-not-owcty.md, Algorithm 1, gives it as
 * this file runs it (without its store-or-not change).
 *
 * The graph is the product the next-state interface gives (the claim
 * layer in lockstep, the fairness counter above it for -f): a node is a
 * state with the process holding atomic control (a byte after the key),
 * states inside atomic sequences included, as the nested search
 * (search/ndfs.c) keys them; an edge is one successor of ns_next_all; a
 * node is accepting when ns_accepting says so.  Every rank owns the nodes
 * whose seeded hash maps to it (as search/dist.c) and stores them with
 * the identities (aux bytes) of their first arrival; a node is always
 * expanded with those, so that its successors are a function of the
 * stored node in every pass (with -sym=heap,proc they depend on them).
 *
 *   1. Exploration: a breadth-first search by levels from the initial
 *      state stores every node and its parent (rank, index), and checks
 *      the safety properties on the way as the nested search does.
 *   2. S := every node.  Repeat:
 *      Reachability: S := the nodes of S reachable within S from the
 *        accepting nodes of S; meanwhile every node counts its
 *        predecessors in the new S (an edge a message) and keeps the
 *        first one (pred).
 *      Elimination: remove from S every node whose count is 0, and
 *        decrement its successors' counts, transitively.
 *      until S did not change.  S is not empty iff there is an accepting
 *      cycle: a node on a cycle through an accepting node is never
 *      removed, and at the fixpoint every node of S has a predecessor in
 *      S and is reachable from an accepting node of S.
 * Each pass is a breadth-first search by rounds whose ends are detected
 * by Mattern's channel counting (search/dist_net.c).
 *
 * The counterexample: at the fixpoint the last Reachability reached
 * exactly S, so every node's pred is in S; for a node not accepting it is
 * its parent in that pass's breadth-first tree (one round earlier), so
 * following pred from any node meets an accepting node within a number
 * of rounds, and the walk, which must repeat in a finite S, closes a
 * cycle through an accepting node.  The stem is the exploration's parent
 * path to that node.  The nodes are collected from their owners one
 * broadcast at a time; rank 0 finds the move between consecutive ones by
 * expanding each again, names the moves by the path's identities (as
 * ndfs.c does) and, when process symmetry permutes the identities once
 * around the cycle, goes around it until they are back.  The trail
 * replays with `dspin -a -t`.
 *
 * Partial-order reduction is not run here (cli/main.c, support.c): the
 * ample sets would have to be a function of the system state with a cycle
 * proviso that holds for every pass, and that is not shown.
 */
#include "dist_owcty.h"
#define XXH_INLINE_ALL
#include <xxhash.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void oom(Ow *w)
{
	w->oom = 1;
	w->r->incomplete = 2;
	w->net.stop = 1;
}

static int owner_of(const Ow *w, const uint8_t *b, int len)
{
	if (w->K == 1)
		return 0;
	uint64_t h = XXH3_64bits_withSeed(b, (size_t)len, OWNER_SEED);
	return (int)(((h >> 32) * (uint64_t)w->K) >> 32);
}

static int push(Ow *w, Queue *q, uint64_t idx)
{
	if (q->n == q->cap) {
		size_t nc = q->cap ? q->cap * 2 : 1024;
		uint64_t *nv = realloc(q->v, nc * sizeof *nv);
		if (!nv) {
			oom(w);
			return 0;
		}
		q->v = nv;
		q->cap = nc;
	}
	q->v[q->n++] = idx;
	return 1;
}

static int grow_records(Ow *w, size_t idx, int want_aux)
{
	if (idx >= w->cap) {
		size_t nc = w->cap ? w->cap * 2 : 1 << 14;
		void *p[4] = { realloc(w->parent, nc * 8), NULL, NULL, NULL };
		if (p[0]) w->parent = p[0];
		if (p[0] && (p[1] = realloc(w->pred, nc * 8))) w->pred = p[1];
		if (p[1] && (p[2] = realloc(w->count, nc * 4))) w->count = p[2];
		if (p[2] && (p[3] = realloc(w->flag, nc))) w->flag = p[3];
		if (!p[3])
			return 0;
		if (w->aoff) {
			uint64_t *na = realloc(w->aoff, nc * 8);
			if (na) w->aoff = na;
			uint8_t *nl = na ? realloc(w->alen, nc) : NULL;
			if (nl) w->alen = nl;
			if (!nl)
				return 0;
		}
		w->cap = nc;
	}
	if (want_aux && !w->aoff) {
		/* the first node with aux bytes: those before had none */
		w->aoff = calloc(w->cap, 8);
		w->alen = calloc(w->cap, 1);
		if (!w->aoff || !w->alen)
			return 0;
	}
	return 1;
}

/* the record index of a stored key; -1 if it is not stored */
static int64_t lookup(Ow *w, const uint8_t *key, int len)
{
	const uint8_t *pl = store_payload(&w->st, key, len, state_hash(key, len));
	if (!pl)
		return -1;
	uint32_t i;
	memcpy(&i, pl, 4);
	return i;
}

/* a record of the current phase, from rank src (or this rank) */
static void take(Ow *w, const Rec *h, const uint8_t *key, const uint8_t *aux, int src)
{
	if (w->phase == P_EXPLORE) {
		uint64_t hh = state_hash(key, (int)h->len);
		size_t idx;
		int ins = w->st.nrec >= UINT32_MAX ? -1 : store_insert(&w->st, key, (int)h->len, hh, &idx);
		if (ins < 0) {
			oom(w);
			return;
		}
		if (ins == 0) {
			w->matched++;
			return;
		}
		uint32_t i32 = (uint32_t)idx;
		memcpy(store_payload(&w->st, key, (int)h->len, hh), &i32, 4);
		if (!grow_records(w, idx, h->alen > 0)) {
			oom(w);
			return;
		}
		w->parent[idx] = h->from == NOPARENT ? NOPARENT : (uint64_t)src << RANK_SHIFT | h->from;
		w->flag[idx] = 0;
		if (w->aoff) {
			w->aoff[idx] = w->auxs.n;
			w->alen[idx] = (uint8_t)h->alen;
			if (!net_buf_put(&w->auxs, aux, h->alen))
				oom(w);
		}
		w->stored++;
		if ((int)h->len - 1 > w->max_vec)
			w->max_vec = (int)h->len - 1;
		return;
	}
	int64_t i = lookup(w, key, (int)h->len);
	if (i < 0) {
		/* the passes meet only nodes the exploration stored */
		fprintf(stderr, "dspin: OWCTY met a node the exploration did not store (please report it)\n");
		oom(w);
		return;
	}
	if (!(w->flag[i] & F_IN))
		return;
	if (w->phase == P_REACH) {
		if (w->count[i]++ == 0)
			w->pred[i] = (uint64_t)src << RANK_SHIFT | h->from;
		if (!(w->flag[i] & F_SEEN)) {
			w->flag[i] |= F_SEEN;
			push(w, &w->next, (uint64_t)i);
		}
	} else if (--w->count[i] == 0) {
		w->flag[i] &= (uint8_t)~F_IN;
		push(w, &w->next, (uint64_t)i);
	}
}

static void deliver(void *arg, const uint8_t *b, size_t n, int src)
{
	Ow *w = arg;
	for (size_t off = 0; off + sizeof(Rec) <= n;) {
		Rec h;
		memcpy(&h, b + off, sizeof h);
		const uint8_t *key = b + off + sizeof h;
		take(w, &h, key, key + h.len, src);
		off += sizeof h + h.len + h.alen;
	}
}

/* a successor to its owner: key (len bytes with the atomic byte), aux */
static void send_succ(Ow *w, uint64_t from, const uint8_t *b, int len, int apid, const uint8_t *aux, int alen)
{
	Rec h = { from, (uint32_t)len + 1, w->phase == P_EXPLORE ? (uint32_t)alen : 0 };
	if (len + 1 > 65535) {
		/* the store keeps at most 65535 bytes a key; from = NOPARENT:
		 * the initial state, whose trail is empty */
		if (result_note_bound(w->r, "state vector too large for -dist -a/-l (a node is the state and an atomic byte: at most 65535 bytes)") &&
		    !w->bound.set)
			w->bound = (Note){ .set = 2, .at = from };
		return;
	}
	uint8_t *k = w->rec + sizeof h;
	memcpy(k, b, (size_t)len);
	k[len] = (uint8_t)(apid + 1);
	if (h.alen)
		memcpy(k + len + 1, aux, h.alen);
	int owner = owner_of(w, k, len + 1);
	if (owner == w->rank) {
		take(w, &h, k, k + h.len, w->rank);
		return;
	}
	memcpy(w->rec, &h, sizeof h);
	net_put(&w->net, owner, w->rec, sizeof h + h.len + h.alen);
	w->sent_states++;
}

static void note(Note *to, int set, uint64_t at, const Succ *s, const char *msg)
{
	if (to->set)
		return;
	to->set = set;
	to->at = at;
	to->has_move = s != NULL;
	if (s)
		to->mv = s->tmv;
	snprintf(to->msg, sizeof to->msg, "%s", msg);
}

static void error(Ow *w, uint64_t at, const Succ *s, const char *msg)
{
	result_note_error(w->r, msg);
	note(&w->err, 1, at, s, msg);
	if (!w->o->keep_going)
		net_send_stop(&w->net);
}

/* expand node idx with its stored identities; the successors go to their
 * owners as the phase's records */
static void expand(Ow *w, uint64_t idx)
{
	int len;
	const uint8_t *s = store_get(&w->st, idx, &len);
	memcpy(w->key, s, (size_t)len);      /* the store may move meanwhile */
	int alen = w->aoff ? w->alen[idx] : 0;
	if (alen)
		memcpy(w->aux, w->auxs.b + w->aoff[idx], (size_t)alen);
	SState ss = { w->key, len - 1, w->aux, alen, w->key[len - 1] - 1 };
	if (w->phase == P_EXPLORE && ns_accepting(w->c, &ss))
		w->flag[idx] |= F_ACC;
	int n = ns_next_all(w->c, &ss, &w->sb);
	if (w->sb.oom) {
		oom(w);
		return;
	}
	if (w->phase == P_EXPLORE && n == 0 && !ns_valid_end(w->c, &ss))
		error(w, idx, NULL, "invalid end state");
	for (int i = 0; i < n && !(w->net.stop && w->phase == P_EXPLORE); i++) {
		const Succ *c = &w->sb.v[i];
		if (w->phase == P_EXPLORE) {
			/* as the nested search's first search: a bound or a
			 * run-time error cuts the move, another error does not */
			if (c->err == ERR_BOUND) {
				if (result_note_bound(w->r, c->errmsg))
					note(&w->bound, 2, idx, c, c->errmsg);
				continue;
			}
			if (c->err) {
				error(w, idx, c, c->errmsg);
				if (w->net.stop || c->err == ERR_RUNTIME)
					continue;
			}
		} else if (c->err == ERR_BOUND || c->err == ERR_RUNTIME)
			continue;
		send_succ(w, idx, c->b, c->len, c->atomic_pid, c->aux, c->alen);
	}
}

/* one pass of Reachability or Elimination: expand the queue, round
 * after round, until no rank has anything queued (collective) */
static void pass(Ow *w)
{
	for (;;) {
		for (size_t k = 0; k < w->cur.n && !w->oom && !w->net.oom; k++) {
			expand(w, w->cur.v[k]);
			if ((k & 15) == 0)
				net_poll(&w->net);
		}
		net_end_round(&w->net);
		uint64_t mine[2] = { w->next.n, (uint64_t)(w->oom || w->net.oom) }, all[2];
		/* blocking: no record of the next round may be taken before
		 * this rank has begun it (dist_net.h) */
		MPI_Allreduce(mine, all, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
		Queue t = w->cur;
		w->cur = w->next;
		w->next = t;
		w->next.n = 0;
		if (!all[0] || all[1]) {
			if (all[1])
				w->net.stop = 1;
			w->cur.n = 0;
			return;
		}
	}
}

/* the exploration: level by level, the records stored in one round
 * making the next (the store appends) */
static void explore(Ow *w)
{
	w->phase = P_EXPLORE;
	size_t lo = 0;
	for (;;) {
		size_t hi = w->st.nrec;
		for (size_t i = lo; i < hi && !w->net.stop; i++) {
			expand(w, i);
			if ((i & 15) == 0)
				net_poll(&w->net);
		}
		net_end_round(&w->net);
		uint64_t mine[2] = { w->st.nrec - hi, (uint64_t)w->net.stop }, all[2];
		/* blocking: no record of the next round may be taken before
		 * this rank has begun it (dist_net.h) */
		MPI_Allreduce(mine, all, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
		lo = hi;
		if (all[0])
			w->levels++;
		if (all[1])
			w->net.stop = 1;
		if (!all[0] || all[1])
			return;
	}
}

/* Reachability from the accepting nodes of S */
static void reachability(Ow *w)
{
	w->phase = P_REACH;
	w->cur.n = w->next.n = 0;
	for (size_t i = 0; i < w->st.nrec; i++) {
		w->count[i] = 0;
		w->pred[i] = NOPARENT;
		w->flag[i] &= (uint8_t)~F_SEEN;
		if ((w->flag[i] & (F_IN | F_ACC)) == (F_IN | F_ACC)) {
			w->flag[i] |= F_SEEN;
			push(w, &w->cur, i);
		}
	}
	pass(w);
	for (size_t i = 0; i < w->st.nrec; i++)
		if (!(w->flag[i] & F_SEEN))
			w->flag[i] &= (uint8_t)~F_IN;
}

/* Elimination of the nodes of S without predecessors in S; |S| after */
static uint64_t elimination(Ow *w)
{
	w->phase = P_ELIM;
	w->cur.n = w->next.n = 0;
	for (size_t i = 0; i < w->st.nrec; i++)
		if ((w->flag[i] & F_IN) && w->count[i] == 0) {
			w->flag[i] &= (uint8_t)~F_IN;
			push(w, &w->cur, i);
		}
	pass(w);
	uint64_t n = 0;
	for (size_t i = 0; i < w->st.nrec; i++)
		n += (w->flag[i] & F_IN) != 0;
	return net_sum(&w->net, n);
}

/* every rank's counts to every rank, the per-rank lines to rank 0, the
 * error kinds merged (collective) */
static void merge(Ow *w, SearchResult *g)
{
	SearchResult *r = w->r;
	uint64_t sum[7] = { w->stored, w->matched, 0, (uint64_t)w->stats.heap_renumbered,
		(uint64_t)w->stats.procs_permuted, (uint64_t)r->errors,
		w->st.bytes + w->cap * 21 + (w->aoff ? w->cap * 9 : 0) + w->auxs.cap }, tot[7];
	MPI_Allreduce(sum, tot, 7, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
	int64_t mx[3] = { w->max_vec, w->stats.max_objects, r->incomplete }, gmx[3];
	MPI_Allreduce(mx, gmx, 3, MPI_INT64_T, MPI_MAX, MPI_COMM_WORLD);
	memset(g, 0, sizeof *g);
	g->stored = tot[0];
	g->matched = tot[1];
	g->transitions = g->stored + g->matched;    /* the edges explored, and the initial state */
	g->depth = w->levels;
	g->stats.heap_renumbered = tot[3];
	g->stats.procs_permuted = tot[4];
	g->stats.max_objects = (int)gmx[1];
	g->max_vec = (int)gmx[0];
	g->incomplete = (int)gmx[2];
	g->mem = tot[6];
	g->store_bytes = w->st.bytes;
	net_merge_report(&w->net, r, g, w->stored, w->sent_states, now() - w->t0);
	g->errors = w->o->keep_going ? (int)tot[5] : tot[5] > 0;
}

static void ow_free(Ow *w)
{
	net_free(&w->net);
	succbuf_free(&w->sb);
	store_free(&w->st);
	free(w->parent);
	free(w->pred);
	free(w->count);
	free(w->flag);
	free(w->aoff);
	free(w->alen);
	free(w->auxs.b);
	free(w->cur.v);
	free(w->next.v);
	if (w->c)
		ns_ctx_free(w->c);
}

int search_dist_owcty(VM *vm, const SearchOpts *o, SearchResult *r)
{
	memset(r, 0, sizeof *r);
	Ow *w = calloc(1, sizeof *w);
	int ok = w != NULL;
	if (w) {
		w->vm = vm;
		w->o = o;
		w->r = r;
		w->t0 = now();
		MPI_Comm_rank(MPI_COMM_WORLD, &w->rank);
		MPI_Comm_size(MPI_COMM_WORLD, &w->K);
		w->c = ns_ctx_new(o->stack, vm);
		ok = w->c && net_init(&w->net, deliver, w);
		store_init(&w->st, o->mem_limit);
		w->st.indexed = 1;
		w->st.payload = 4;
	}
	SuccBuf sb0;
	memset(&sb0, 0, sizeof sb0);
	ok = ok && ns_initial(w->c, &sb0) == 1 && !sb0.oom;
	int allok = 0;
	MPI_Allreduce(&ok, &allok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	if (!allok) {
		succbuf_free(&sb0);
		if (w)
			ow_free(w);
		free(w);
		snprintf(r->first_error, sizeof r->first_error, "out of memory");
		return -1;
	}
	/* 1. exploration, from the initial state (no atomic control) */
	w->phase = P_EXPLORE;
	if (w->rank == 0)
		send_succ(w, NOPARENT, sb0.v[0].b, sb0.v[0].len, -1, sb0.v[0].aux, sb0.v[0].alen);
	succbuf_free(&sb0);
	explore(w);
	w->stats = w->c->stats;     /* the passes expand the same nodes again */
	uint64_t all = net_sum(&w->net, w->stored);
	int cycle = 0, iters = 0;
	uint64_t left = 0;
	/* 2. OWCTY, on the whole graph (with -e: after the safety errors) */
	if (!w->net.stop) {
		for (size_t i = 0; i < w->st.nrec; i++)
			w->flag[i] |= F_IN;
		uint64_t size = all;
		for (;;) {
			iters++;
			reachability(w);
			uint64_t after = elimination(w);
			if (w->net.stop)
				break;
			if (o->progress && w->rank == 0 && now() - w->t0 > 5.0)
				fprintf(stderr, "dspin: OWCTY iteration %d: %llu of %llu states left\n", iters,
					(unsigned long long)after, (unsigned long long)all);
			int done = after == size || !after;
			size = after;
			if (done)
				break;
		}
		left = size;
		cycle = !w->net.stop && left > 0;
	}
	/* the cycle is one error, counted on rank 0 (merge sums them) */
	if (cycle && w->rank == 0)
		result_note_error(r, o->accept == 2 ? "non-progress cycle" : "acceptance cycle");
	SearchResult g;
	merge(w, &g);
	g.secs = now() - w->t0;
	if (w->rank == 0 && !o->quiet && iters)
		printf("dspin: OWCTY: %d iteration%s, %llu of %llu states on accepting cycles or reachable from them\n",
		       iters, iters == 1 ? "" : "s", (unsigned long long)left, (unsigned long long)all);
	/* the counterexample: a safety error first, as the nested search
	 * would stop there; else the cycle */
	int who[2] = { w->err.set ? w->rank : w->K, w->bound.set ? w->rank : w->K }, gwho[2];
	MPI_Allreduce(who, gwho, 2, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	if (gwho[0] < w->K)
		owcty_trail_note(w, &g, gwho[0], &w->err);
	else if (cycle)
		owcty_trail_cycle(w, &g);
	else if (gwho[1] < w->K)
		owcty_trail_note(w, &g, gwho[1], &w->bound);
	if (w->rank != 0)
		g.trail_written = 0;
	*r = g;
	ow_free(w);
	free(w);
	return r->errors;
}
