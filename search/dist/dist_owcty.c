/* dist_owcty.c — accepting cycles under -dist (`mpirun -np K dspin -dist
 * -a`, and -l): One-Way-Catch-Them-Young, the algorithm of Fisler,
 * Fraer, Kamhi, Vardi and Yang ("Is there a best symbolic cycle-detection
 * algorithm?", TACAS 2001), made explicit-state and distributed by Černá
 * and Pelánek ("Distributed explicit fair cycle detection", SPIN 2003)
 * and used so in DiVinE (Barnat, Brim, Chaloupka); the seed thesis
 * (P. Mičan, "Trading space for time in explicit-state model checking",
 * Masaryk University 2013, ../shared/papers/to-store-or-not-owcty.md),
 * Algorithm 1, gives it as this file runs it.
 *
 * -cache=backedge is that thesis's section 3.0.1, "altering OWCTY
 * algorithm" (Algorithms 2-4), on Statement 3.0.1 (Behrmann, Larsen and
 * Pelánek, "To store or not to store", CAV 2003): with a total order on
 * nodes (search/seq/ndfs.c's: the hash, the length, the bytes) the
 * exploration stores a node only when an edge into it descends (not
 * greater than its source), when it is accepting (Algorithm 2, line 6:
 * OWCTY's seeds), or when it is the initial node.  Every cycle has an
 * edge that leaves its greatest node, so the unstored nodes form no
 * cycle (an edge between two of them climbs) and every path through them
 * is finite.  A node not stored travels as its whole record (key and the
 * identities of the path that reached it) and is expanded again at every
 * arrival, in the exploration and in every pass, as soon as it arrives
 * (drain()), its successors sent as from the stored node the path left.  So OWCTY runs on the graph of the
 * stored nodes whose edges are the paths between them through unstored
 * nodes, counted one by one: Reachability adds one to a stored node per
 * path (Algorithm 3, line 10: "all the paths following the t vertex are
 * walked through again"), Elimination subtracts one per path (Algorithm
 * 4), so the two stay equal.  That graph has an accepting cycle iff the
 * product has (an accepting node is stored; a cycle of it expands to a
 * closed walk of the product).  Which nodes are stored does not depend on
 * the order of messages: a path of a pass through unstored nodes leaves a
 * stored node, which the exploration expanded with the same identities,
 * so the exploration took every edge of it, and an edge that descends
 * stored its target.  The thesis decides per node (hashCondition(t));
 * the order must be judged per edge, as Statement 3.0.1 says, or a cycle
 * of unstored nodes would make the passes run for ever.  The thesis lets
 * an unstored node's count go below zero (Algorithm 4, line 4); here an
 * unstored node has no count, it only passes the decrement on.  Parent
 * and pred links point to stored nodes only, and rank 0 finds the moves
 * between two consecutive ones again (dist_owcty_trail.c: the shortest
 * path whose intermediate nodes climb).  A node's pred is no longer
 * always a round earlier, but it was still reached (and queued) before
 * the node, so the walk along pred links meets accepting nodes as below.
 * Counts are paths, so a count of 2^32 paths into one node ends the
 * search as a resource bound.
 *
 * The graph is the product the next-state interface gives (the claim
 * layer in lockstep, the fairness counter above it for -f): a node is a
 * state with the process holding atomic control (a byte after the key),
 * states inside atomic sequences included, as the nested search
 * (search/seq/ndfs.c) keys them; an edge is one successor of ns_next_all; a
 * node is accepting when ns_accepting says so.  Every rank owns the nodes
 * whose seeded hash maps to it (as search/dist/dist.c) and stores them with
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
 * by Mattern's channel counting (search/dist/dist_net.c).
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
 * Partial-order reduction (the ample sets of reduce/layer_por.c: Peled;
 * Holzmann and Peled; C0-C2 as the nested search has them, claim-visible
 * moves not safe) runs on ONE reduced system graph, as in search/seq/ndfs.c:
 * the choice (full expansion, or which process's moves) is made per
 * SYSTEM state s (the node without the claim's location, with the atomic
 * byte), once, and every node (s, q) replays it, in the exploration and
 * in every Reachability and Elimination pass.  So the passes see the
 * graph the proviso was checked on, and that graph is (reduced system
 * graph) x (claim).  The proviso is -bfs's level proviso lifted to system
 * states: d(s) is the level of the first node stored with system state s
 * (levels are fixed before the level is expanded: a node stored while
 * level L is expanded is of level L + 1), s is decided while its first
 * nodes are expanded, at level d(s), and an ample set is taken only if
 * no successor t has d(t) <= d(s) (s itself included).  So every edge
 * out of a reduced s climbs in d, a cycle of the reduced system graph
 * cannot be reduced all round, and it has a fully expanded state (C3;
 * a system state never in the product counts as fully expanded).  The
 * reduced system graph meets C0-C3, so its product with a
 * stutter-invariant claim has an accepting cycle iff the full product
 * has (Peled 1994; Clarke, Grumberg and Peled, Model Checking, ch. 10).
 * Deciding per PRODUCT node with the same proviso (C3 on the product) is
 * NOT enough: Siegel ("What's Wrong with On-the-Fly Partial Order
 * Reduction", CAV 2019; LTSmin issue 222) shows that proof broken, and a
 * stutter-invariant claim for p && <>!p that counts its stutter steps
 * (init -p-> {x, y, q}; x -!p-> acc; y -p-> z -!p-> acc; q -p-> {q, r1};
 * r1 -p-> r2 -!p-> acc) with a process cycling through local states while
 * another makes p false loses its accepting cycle that way (full
 * expansions only at (s, q), where the claim cannot take !p next), while
 * the per-system-state choice keeps it (docs/distributed.md).  All nodes
 * of one system state are on one rank (the owner's hash is the system
 * state's), which keeps d(s) and the choice in `sys`; a question about a
 * successor another rank owns is asked after the pass over the level and
 * the expansion made again (search/dist/dist.c's deferred expansions).
 * Refused (search/plan.c): weak fairness (as the nested search),
 * -cache=backedge (an unstored node has no level or choice), process
 * symmetry (a node is expanded with its own identities, not one set per
 * system state as ndfs.c keeps them).  Trails: rank 0 finds moves by
 * expanding without the reduction (every reduced successor is there).
 */
#include "dist_owcty.h"
#define XXH_INLINE_ALL
#include <xxhash.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void oom(Ow *w)
{
	w->oom = 1;
	w->r->incomplete = 2;
	w->net.stop = 1;
}

/* the system state of a node (len bytes, the last the atomic byte) into
 * dst: the claim's location zeroed (as search/seq/ndfs.c's system_key);
 * returns its length */
static int sys_key(const Ow *w, uint8_t *dst, const uint8_t *b, int len)
{
	memcpy(dst, b, (size_t)len);
	if (w->vm->m->never)
		vm_store(dst + GOFF + w->vm->m->claim_pc->offset, TY_SHORT, 0, 0);
	return len;
}

static int owner_hash(const Ow *w, const uint8_t *b, int len)
{
	if (w->K == 1)
		return 0;
	uint64_t h = XXH3_64bits_withSeed(b, (size_t)len, OWNER_SEED);
	return (int)(((h >> 32) * (uint64_t)w->K) >> 32);
}

/* a node's owner; with the reduction, its system state's, so that every
 * node of one system state is on the rank that keeps its choice */
static int owner_of(Ow *w, const uint8_t *b, int len)
{
	if (w->K == 1)
		return 0;
	if (w->por)
		return owner_hash(w, w->skey, sys_key(w, w->skey, b, len));
	return owner_hash(w, b, len);
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

/* -cache=backedge: is a (key, length, hash) not smaller than b in the
 * total order of search/seq/ndfs.c's keep_succ (the hash, then the length,
 * then the bytes)?  The edge a -> b then descends, and b is stored */
int owcty_not_below(uint64_t ha, const uint8_t *a, int la, uint64_t hb, const uint8_t *b, int lb)
{
	if (ha != hb)
		return ha > hb;
	if (la != lb)
		return la > lb;
	return memcmp(a, b, (size_t)la) >= 0;
}

/* -cache=backedge: a node the store does not hold, to be expanded from
 * its record in the next round (its successors then go out as sent by
 * h->from) */
static void queue_unstored(Ow *w, const Rec *h, const uint8_t *key, const uint8_t *aux)
{
	Rec t = *h;
	t.flags = 0;
	if (!net_buf_put(&w->tnext, &t, sizeof t) || !net_buf_put(&w->tnext, key, h->len) ||
	    !net_buf_put(&w->tnext, aux, h->alen)) {
		oom(w);
		return;
	}
	w->ntnext++;
}

/* a record of the current phase, from rank src (or this rank) */
static void take(Ow *w, const Rec *h, const uint8_t *key, const uint8_t *aux, int src)
{
	(void)src;
	if (w->phase == P_EXPLORE) {
		uint64_t hh = state_hash(key, (int)h->len);
		if (!(h->flags & R_KEEP)) {
			/* an edge that climbs to a node that is not accepting:
			 * matched if some other edge stored it, else explored
			 * without being stored */
			if (store_payload(&w->st, key, (int)h->len, hh))
				w->matched++;
			else
				queue_unstored(w, h, key, aux);
			return;
		}
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
		w->parent[idx] = h->from;
		w->flag[idx] = 0;
		if (w->por) {
			/* the system state's level d: the first node's */
			int n = sys_key(w, w->skey, key, (int)h->len);
			uint64_t sh = state_hash(w->skey, n);
			size_t si;
			int sins = store_insert(&w->sys, w->skey, n, sh, &si);
			if (sins < 0) {
				oom(w);
				return;
			}
			if (sins == 1) {
				uint8_t pay[6] = { 0 };
				uint32_t lv = w->round + 1;
				memcpy(pay, &lv, 4);
				memcpy(store_payload(&w->sys, w->skey, n, sh), pay, sizeof pay);
			}
		}
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
		if (w->backedge) {
			/* a path through unstored nodes: every one of them
			 * counts for the stored node it reaches (the thesis's
			 * Algorithm 3, line 10; Algorithm 4, line 4) */
			queue_unstored(w, h, key, aux);
			return;
		}
		/* the passes meet only nodes the exploration stored */
		fprintf(stderr, "dspin: OWCTY met a node the exploration did not store (please report it)\n");
		oom(w);
		return;
	}
	if (!(w->flag[i] & F_IN))
		return;
	if (w->phase == P_REACH) {
		if (w->count[i] == UINT32_MAX) {
			/* paths through unstored nodes, counted one by one */
			if (result_note_bound(w->r, "more than 2^32 paths into one node (-cache=backedge)"))
				w->net.stop = 1;
			return;
		}
		if (w->count[i]++ == 0)
			w->pred[i] = h->from;
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

static void note(Ow *w, Note *to, int set, const Succ *s, const char *msg)
{
	if (to->set)
		return;
	to->set = set;
	to->link = w->cur_link;
	to->has_move = s != NULL;
	if (s)
		to->mv = s->tmv;
	snprintf(to->msg, sizeof to->msg, "%s", msg);
	to->klen = to->kalen = 0;
	if (w->cur_transit) {
		to->klen = (uint32_t)w->klen;
		to->kalen = (uint32_t)w->kalen;
		memcpy(to->kb, w->key, (size_t)w->klen);
		memcpy(to->kb + w->klen, w->aux, (size_t)w->kalen);
	}
}

/* a successor of the node being expanded to its owner: key (len bytes
 * with the atomic byte), aux */
static void send_succ(Ow *w, const uint8_t *b, int len, int apid, const uint8_t *aux, int alen)
{
	int with_aux = w->phase == P_EXPLORE || w->backedge;
	Rec h = { w->cur_link, (uint32_t)len + 1, with_aux ? (uint16_t)alen : 0, R_KEEP };
	if (len + 1 > 65535) {
		/* the store keeps at most 65535 bytes a key; cur_link =
		 * NOPARENT: the initial state, whose trail is empty */
		if (result_note_bound(w->r, "state vector too large for -dist -a/-l (a node is the state and an atomic byte: at most 65535 bytes)"))
			note(w, &w->bound, 2, NULL, "");
		return;
	}
	uint8_t *k = w->rec + sizeof h;
	memcpy(k, b, (size_t)len);
	k[len] = (uint8_t)(apid + 1);
	if (h.alen)
		memcpy(k + len + 1, aux, h.alen);
	if (w->phase == P_EXPLORE && w->backedge && w->cur_link != NOPARENT) {
		/* Statement 3.0.1: store a successor not greater than its
		 * predecessor; and every accepting node (Algorithm 2, line 6),
		 * OWCTY's seeds.  The initial state is stored */
		SState ss = { k, len, aux, alen, apid };
		if (!owcty_not_below(w->hkey, w->key, w->klen, state_hash(k, len + 1), k, len + 1) && !ns_accepting(w->c, &ss))
			h.flags = 0;
	}
	int owner = owner_of(w, k, len + 1);
	if (owner == w->rank) {
		take(w, &h, k, k + h.len, w->rank);
		return;
	}
	memcpy(w->rec, &h, sizeof h);
	net_put(&w->net, owner, w->rec, sizeof h + h.len + h.alen);
	w->sent_states++;
}

static void error(Ow *w, const Succ *s, const char *msg)
{
	result_note_error(w->r, msg);
	note(w, &w->err, 1, s, msg);
	if (!w->o->keep_going)
		net_send_stop(&w->net);
}

/* ---- the partial-order reduction's proviso (see the file's head) ---- */

/* has the system state of successor (b, len) a node stored at a level
 * <= the one being expanded?  Another rank's: asked after the pass over
 * the level (net_ask_round), "yes" meanwhile, and the expansion is made
 * again with the answer */
static int owcty_proviso(void *arg, const uint8_t *b, int len)
{
	Ow *w = arg;
	/* an ample successor is outside atomic sequences: atomic byte 0 */
	int n = sys_key(w, w->qkey, b, len);
	w->qkey[n++] = 0;
	uint64_t h = state_hash(w->qkey, n);
	int owner = owner_hash(w, w->qkey, n);
	if (owner == w->rank)
		return net_stored_at_most(&w->sys, w->qkey, n, h, w->round);
	int known = net_ask(&w->ask, owner, w->qkey, n, h);
	if (known >= 0)
		return known;
	if (known == -2)
		oom(w);
	w->tainted = 1;
	return 1;
}

/* expand the node in w->key (klen bytes with the atomic byte) and w->aux;
 * the successors go to their owners as the phase's records.  0: the
 * reduction's decision waits for another rank's answer (nothing done) */
static int expand_key(Ow *w, int64_t idx)
{
	int len = w->klen;
	if (w->backedge && w->phase == P_EXPLORE)
		w->hkey = state_hash(w->key, len);
	SState ss = { w->key, len - 1, w->aux, w->kalen, w->key[len - 1] - 1 };
	if (w->phase == P_EXPLORE && idx >= 0 && ns_accepting(w->c, &ss))
		w->flag[idx] |= F_ACC;
	/* the reduction: the system state's choice, made by its first
	 * expansion and replayed by every later one, in every pass */
	int deciding = 0;
	NsStats keep = w->c->stats;
	if (w->por) {
		int sn = sys_key(w, w->skey, w->key, len);
		const uint8_t *pay = store_payload(&w->sys, w->skey, sn, state_hash(w->skey, sn));
		uint16_t ch = 0;
		if (pay)
			memcpy(&ch, pay + 4, sizeof ch);
		if (ch)
			w->c->force = ch - 2;
		else if (pay && w->phase == P_EXPLORE) {
			w->c->force = NS_DECIDE;
			w->tainted = 0;
			deciding = 1;
			net_marks_save(&w->marks);
		} else {
			fprintf(stderr, "dspin: OWCTY met a node whose reduction was not decided (please report it)\n");
			oom(w);
			return 1;
		}
	}
	int n = ns_next_all(w->c, &ss, &w->sb);
	if (w->sb.oom) {
		oom(w);
		return 1;
	}
	if (deciding) {
		if (w->tainted) {
			/* its counts and marks come when it is made again */
			w->c->stats = keep;
			net_marks_undo(&w->marks);
			return 0;
		}
		int sn = sys_key(w, w->skey, w->key, len);
		uint8_t *pay = store_payload(&w->sys, w->skey, sn, state_hash(w->skey, sn));
		uint16_t ch = (uint16_t)(w->c->choice + 2);
		memcpy(pay + 4, &ch, sizeof ch);
	}
	if (w->phase == P_EXPLORE && n == 0 && !ns_valid_end(w->c, &ss))
		error(w, NULL, "invalid end state");
	for (int i = 0; i < n && !(w->net.stop && w->phase == P_EXPLORE); i++) {
		const Succ *c = &w->sb.v[i];
		if (w->phase == P_EXPLORE) {
			/* as the nested search's first search: a bound or a
			 * run-time error cuts the move, another error does not */
			if (c->err == ERR_BOUND) {
				if (result_note_bound(w->r, c->errmsg))
					note(w, &w->bound, 2, c, c->errmsg);
				continue;
			}
			if (c->err) {
				error(w, c, c->errmsg);
				if (w->net.stop || c->err == ERR_RUNTIME)
					continue;
			}
		} else if (c->err == ERR_BOUND || c->err == ERR_RUNTIME)
			continue;
		send_succ(w, c->b, c->len, c->atomic_pid, c->aux, c->alen);
	}
	return 1;
}

/* expand stored node idx with its stored identities; 0: deferred */
static int expand(Ow *w, uint64_t idx)
{
	int len;
	const uint8_t *s = store_get(&w->st, idx, &len);
	memcpy(w->key, s, (size_t)len);      /* the store may move meanwhile */
	w->klen = len;
	w->kalen = w->aoff ? w->alen[idx] : 0;
	if (w->kalen)
		memcpy(w->aux, w->auxs.b + w->aoff[idx], (size_t)w->kalen);
	w->cur_link = (uint64_t)w->rank << RANK_SHIFT | idx;
	w->cur_transit = 0;
	return expand_key(w, (int64_t)idx);
}

/* -cache=backedge: expand the unstored nodes in tcur, with the
 * identities of the path that reached them; their successors count for
 * the stored node the path left */
static void expand_unstored(Ow *w)
{
	size_t k = 0;
	for (size_t off = 0; off + sizeof(Rec) <= w->tcur.n && !w->oom && !w->net.oom; k++) {
		if (w->phase == P_EXPLORE && w->net.stop)
			break;
		Rec h;
		memcpy(&h, w->tcur.b + off, sizeof h);
		memcpy(w->key, w->tcur.b + off + sizeof h, h.len);
		memcpy(w->aux, w->tcur.b + off + sizeof h + h.len, h.alen);
		off += sizeof h + h.len + h.alen;
		w->klen = (int)h.len;
		w->kalen = h.alen;
		w->cur_link = h.from;
		w->cur_transit = 1;
		if (w->phase == P_EXPLORE)
			w->revisits++;
		else
			w->pass_revisits++;
		expand_key(w, -1);
		if ((k & (NET_POLL_EVERY - 1)) == 0)
			net_poll(&w->net);
	}
	w->tcur.n = 0;
}

/* what arrived is to be expanded next (with drop, nothing: the pass is
 * over) */
static void next_unstored(Ow *w, int drop)
{
	NetBuf t = w->tcur;
	w->tcur = w->tnext;
	w->tnext = t;
	w->tnext.n = 0;
	w->ntnext = 0;
	if (drop)
		w->tcur.n = 0;
}

/* -cache=backedge: expand the unstored nodes that have arrived, and those
 * that arrive meanwhile, at once rather than in the next round: queued for
 * a round, a breadth-first frontier of whole records took more memory
 * than the nodes not stored saved
 * (bench/RESULTS.md, "The figures behind the code").  The
 * order does not matter to OWCTY's counts (every path is walked once either way) nor to the pred
 * links (a node's pred was reached before it; dist_owcty_trail.c), and
 * an expansion still sends nothing once this rank has ended its round:
 * what arrives during net_end_round waits for the next */
static void drain(Ow *w)
{
	while (w->ntnext && !w->oom && !w->net.oom && !(w->phase == P_EXPLORE && w->net.stop)) {
		next_unstored(w, 0);
		expand_unstored(w);
	}
}

/* one pass of Reachability or Elimination: expand the queue, round
 * after round, until no rank has anything queued (collective) */
static void pass(Ow *w)
{
	for (;;) {
		expand_unstored(w);
		for (size_t k = 0; k < w->cur.n && !w->oom && !w->net.oom; k++) {
			expand(w, w->cur.v[k]);
			if ((k & (NET_POLL_EVERY - 1)) == 0) {
				net_poll(&w->net);
				drain(w);
			}
		}
		drain(w);
		net_end_round(&w->net);
		uint64_t mine[2] = { w->next.n + w->ntnext, (uint64_t)(w->oom || w->net.oom || w->net.stop) }, all[2];
		/* blocking: no record of the next round may be taken before
		 * this rank has begun it (dist_net.h) */
		net_sums(&w->net, mine, all, 2);
		Queue t = w->cur;
		w->cur = w->next;
		w->next = t;
		w->next.n = 0;
		next_unstored(w, !all[0] || all[1]);
		if (!all[0] || all[1]) {
			if (all[1])
				w->net.stop = 1;
			w->cur.n = 0;
			return;
		}
	}
}

/* the exploration: level by level, the records stored in one round
 * making the next (the store appends), with the unstored nodes queued */
static void explore(Ow *w)
{
	w->phase = P_EXPLORE;
	size_t lo = 0;
	for (w->round = 0;; w->round++) {
		size_t hi = w->st.nrec;
		expand_unstored(w);
		for (size_t i = lo; i < hi && !w->net.stop; i++) {
			if (!expand(w, i))
				push(w, &w->deferred, i);
			if ((i & (NET_POLL_EVERY - 1)) == 0) {
				net_poll(&w->net);
				drain(w);
			}
		}
		drain(w);
		/* the proviso's questions to other ranks, until every deciding
		 * expansion had its answers (as search/dist/dist.c): every round
		 * answers at least one new question, so the rounds end */
		for (;;) {
			uint64_t nd = w->net.stop || w->oom ? 0 : w->deferred.n, gnd = 0;
			if (!w->por)
				break;
			MPI_Request req;
			MPI_Iallreduce(&nd, &gnd, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD, &req);
			net_coll_wait(&w->net, &req);
			if (!gnd)
				break;
			if (!net_ask_round(&w->net, &w->ask, &w->sys, w->round))
				oom(w);
			size_t n = w->deferred.n;
			w->deferred.n = 0;
			for (size_t k = 0; k < n; k++) {
				if (w->net.stop || w->oom)
					break;
				if (!expand(w, w->deferred.v[k]))
					push(w, &w->deferred, w->deferred.v[k]);
				if ((k & (NET_POLL_EVERY - 1)) == 0)
					net_poll(&w->net);
			}
		}
		w->deferred.n = 0;
		net_ask_clear(&w->ask);
		net_end_round(&w->net);
		uint64_t mine[2] = { w->st.nrec - hi + w->ntnext, (uint64_t)w->net.stop }, all[2];
		/* blocking: no record of the next round may be taken before
		 * this rank has begun it (dist_net.h) */
		net_sums(&w->net, mine, all, 2);
		lo = hi;
		if (all[0])
			w->levels++;
		if (all[1])
			w->net.stop = 1;
		next_unstored(w, !all[0] || all[1]);
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
	uint64_t sum[9] = { w->stored, w->matched, w->revisits, (uint64_t)w->stats.heap_renumbered,
		(uint64_t)w->stats.procs_permuted, (uint64_t)r->errors,
		w->st.bytes + w->sys.bytes + w->cap * 21 + (w->aoff ? w->cap * 9 : 0) + w->auxs.cap + w->tcur.cap + w->tnext.cap,
		w->pass_revisits, (uint64_t)w->stats.por_reduced }, tot[9];
	MPI_Allreduce(sum, tot, 9, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
	int64_t mx[3] = { w->max_vec, w->stats.max_objects, r->incomplete }, gmx[3];
	MPI_Allreduce(mx, gmx, 3, MPI_INT64_T, MPI_MAX, MPI_COMM_WORLD);
	memset(g, 0, sizeof *g);
	g->stored = tot[0];
	g->matched = tot[1];
	g->revisits = tot[2];
	w->pass_revisits = tot[7];     /* now every rank's */
	/* the edges explored, and the initial state */
	g->transitions = g->stored + g->matched + g->revisits;
	g->depth = w->levels;
	g->stats.heap_renumbered = tot[3];
	g->stats.procs_permuted = tot[4];
	g->stats.por_reduced = tot[8];
	g->stats.max_objects = (int)gmx[1];
	g->max_vec = (int)gmx[0];
	g->incomplete = (int)gmx[2];
	g->mem = tot[6];
	g->store_bytes = w->st.bytes;
	net_merge_report(&w->net, r, g, w->stored, w->sent_states, 0, net_now() - w->t0);
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
	free(w->tcur.b);
	free(w->tnext.b);
	free(w->cur.v);
	free(w->next.v);
	free(w->deferred.v);
	store_free(&w->sys);
	net_ask_free(&w->ask);
	net_marks_free(&w->marks);
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
		w->backedge = o->cache_backedge;
		w->t0 = net_now();
		MPI_Comm_rank(MPI_COMM_WORLD, &w->rank);
		MPI_Comm_size(MPI_COMM_WORLD, &w->K);
		w->c = ns_ctx_new(o->stack, vm);
		ok = w->c && net_init(&w->net, deliver, w);
		store_init(&w->st, o->mem_limit);
		w->st.indexed = 1;
		w->st.payload = 4;
		store_init(&w->sys, o->mem_limit);
		w->sys.payload = 6;
		if (ok && w->c->proviso_used) {
			/* the reduction's layer is on (search/plan.c refuses it
			 * with -cache=backedge, -f and process symmetry) */
			w->por = !w->backedge;
			w->c->force = NS_FULL;
			w->c->proviso = owcty_proviso;
			w->c->proviso_arg = w;
			ok = net_ask_init(&w->ask, w->K);
		}
		/* a deciding expansion is thrown away only when it asked
		 * another rank */
		ok = ok && net_marks_init(&w->marks, o, w->por && w->K > 1);
		w->round = UINT32_MAX;      /* the initial node is of level 0 */
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
	w->cur_link = NOPARENT;
	if (w->rank == 0)
		send_succ(w, sb0.v[0].b, sb0.v[0].len, -1, sb0.v[0].aux, sb0.v[0].alen);
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
			if (o->progress && w->rank == 0 && net_now() - w->t0 > 5.0)
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
	/* the trail's moves are found without the reduction: every reduced
	 * successor is among the full expansion's */
	w->c->force = NS_FULL;
	/* the cycle is one error, counted on rank 0 (merge sums them) */
	if (cycle && w->rank == 0)
		result_note_error(r, o->accept == 2 ? "non-progress cycle" : "acceptance cycle");
	SearchResult g;
	merge(w, &g);
	net_marks_merge(&w->marks);
	g.secs = net_now() - w->t0;
	if (w->rank == 0 && !o->quiet && iters)
		printf("dspin: OWCTY: %d iteration%s, %llu of %llu states on accepting cycles or reachable from them\n",
		       iters, iters == 1 ? "" : "s", (unsigned long long)left, (unsigned long long)all);
	if (w->rank == 0 && !o->quiet && iters && w->backedge)
		printf("dspin: OWCTY: %llu expansions of states not stored in its passes (-cache=backedge)\n",
		       (unsigned long long)w->pass_revisits);
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
