/* dist_owcty_trail.c — the counterexamples of OWCTY under -dist -a
 * (search/dist/dist_owcty.c's header says why the walk closes a cycle through
 * an accepting node).  The nodes of the path are collected from their
 * owners one broadcast at a time; rank 0 finds the move between
 * consecutive nodes by expanding each with its stored identities, and
 * names every move by the path's identities (creation pids), as
 * search/seq/ndfs.c does, so that `dspin -a -t` replays the trail without
 * symmetry.  A cycle whose identities come back permuted is gone around
 * again until they are back (ndfs.c's turns).  Under -cache=backedge
 * (section 3.0.1 of the seed thesis, see dist_owcty.c) the links skip the
 * nodes not stored, and the moves between consecutive nodes are found by
 * an iterative-deepening search over the paths whose intermediate nodes
 * climb in the order (the path the search took is one of them). */
#include "dist_owcty.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* a node as its owner broadcast it */
typedef struct Node {
	uint64_t rank, idx;
	uint64_t link;             /* its parent (exploration) or pred (the last pass) */
	uint32_t len, alen;        /* key (with the atomic byte), aux */
	uint8_t flag;
	uint8_t *b;                /* key, then aux */
} Node;

typedef struct Path {
	Node *v;
	int n, cap;
} Path;

/* node (rank, idx) with its parent or pred link, on every rank
 * (collective); 0 when out of memory */
static int fetch(Ow *w, uint64_t rank, uint64_t idx, int pred, Path *p)
{
	uint64_t hdr[4] = { 0, 0, 0, 0 };
	const uint8_t *s = NULL;
	if ((int)rank == w->rank) {
		int len;
		s = store_get(&w->st, idx, &len);
		hdr[0] = pred ? w->pred[idx] : w->parent[idx];
		hdr[1] = (uint64_t)len;
		hdr[2] = w->aoff ? w->alen[idx] : 0;
		hdr[3] = w->flag[idx];
	}
	MPI_Bcast(hdr, 4, MPI_UINT64_T, (int)rank, MPI_COMM_WORLD);
	uint8_t *b = malloc(hdr[1] + hdr[2] + 1);
	int ok = b != NULL;
	if (p->n == p->cap) {
		int nc = p->cap ? p->cap * 2 : 64;
		Node *nv = realloc(p->v, sizeof(Node) * (size_t)nc);
		if (nv) {
			p->v = nv;
			p->cap = nc;
		} else
			ok = 0;
	}
	/* every rank takes part in the broadcast, with or without room */
	uint8_t *into = b ? b : malloc(hdr[1] + hdr[2] + 1);
	if (s && into) {
		memcpy(into, s, hdr[1]);
		if (hdr[2])
			memcpy(into + hdr[1], w->auxs.b + w->aoff[idx], hdr[2]);
	}
	if (!into)
		MPI_Abort(MPI_COMM_WORLD, 2);
	MPI_Bcast(into, (int)(hdr[1] + hdr[2]), MPI_BYTE, (int)rank, MPI_COMM_WORLD);
	if (!ok) {
		free(into);
		return 0;
	}
	p->v[p->n++] = (Node){ rank, idx, hdr[0], (uint32_t)hdr[1], (uint32_t)hdr[2], (uint8_t)hdr[3], b };
	return 1;
}

static void path_free(Path *p)
{
	for (int i = 0; i < p->n; i++)
		free(p->v[i].b);
	free(p->v);
	memset(p, 0, sizeof *p);
}

/* the exploration's parent path to (rank, idx), appended initial state
 * first (collective) */
static int stem(Ow *w, uint64_t rank, uint64_t idx, Path *out)
{
	Path back = { 0 };
	int ok = 1;
	for (;;) {
		if (!fetch(w, rank, idx, 0, &back)) {
			ok = 0;
			break;
		}
		uint64_t par = back.v[back.n - 1].link;
		if (par == NOPARENT)
			break;
		rank = par >> RANK_SHIFT;
		idx = par & IDX_MASK;
	}
	for (int i = back.n - 1; ok && i >= 0; i--) {
		if (out->n == out->cap) {
			int nc = out->cap ? out->cap * 2 : 64;
			Node *nv = realloc(out->v, sizeof(Node) * (size_t)nc);
			if (!nv) {
				ok = 0;
				break;
			}
			out->v = nv;
			out->cap = nc;
		}
		out->v[out->n++] = back.v[i];
		back.v[i].b = NULL;
	}
	path_free(&back);
	return ok;
}

/* ---- the moves, named by the path's identities (rank 0) ---- */

/* a move's process, named by the path: the position that holds identity
 * pid in the expansion's identities a, then the path's identity there */
static int16_t path_pid(const uint8_t *p, int plen, const uint8_t *a, int alen, int16_t pid)
{
	for (int j = 0; pid >= 0 && j < alen; j++)
		if (a[j] == pid)
			return j < plen ? p[j] : pid;
	return pid;
}

/* the successor's identities in the path: each identity of sa (named as
 * a names) renamed by the position it has in a; a process the move
 * created keeps its new identity */
static void path_ids(uint8_t *p, int *plen, const uint8_t *a, int alen, const uint8_t *sa, int salen)
{
	int where[MAXPROC + 1];
	uint8_t np[MAXPROC + 1];
	for (int k = 0; k <= MAXPROC; k++)
		where[k] = -1;
	for (int j = 0; j < alen; j++)
		where[a[j]] = j;
	for (int j = 0; j < salen; j++) {
		int q = where[sa[j]];
		np[j] = q >= 0 && q < *plen ? p[q] : sa[j];
	}
	memcpy(p, np, (size_t)salen);
	*plen = salen;
}

/* ---- the moves between consecutive nodes of the path (rank 0) ---- */

/* one hop of the search from a node of the path to the next: the node
 * expanded there, its successors, the one taken */
typedef struct Hop {
	SuccBuf sb;
	SState ss;
	uint8_t *key;              /* an intermediate node's key with its atomic byte */
	int choice;
} Hop;

typedef struct Gap {
	Hop *h;
	int cap;
	int cut;                   /* a path climbed on past the depth limit */
} Gap;

static int gap_reserve(Gap *g, int n)
{
	if (n <= g->cap)
		return 1;
	Hop *nh = realloc(g->h, sizeof(Hop) * (size_t)n);
	if (!nh)
		return 0;
	g->h = nh;
	for (; g->cap < n; g->cap++) {
		memset(&g->h[g->cap], 0, sizeof(Hop));
		g->h[g->cap].key = malloc(MAXSTATE + 2);
		if (!g->h[g->cap].key)
			return 0;
	}
	return 1;
}

static void gap_free(Gap *g)
{
	for (int i = 0; i < g->cap; i++) {
		succbuf_free(&g->h[i].sb);
		free(g->h[i].key);
	}
	free(g->h);
}

/* is successor c the node b (its key with the atomic byte)? */
static int is_node(const Succ *c, const Node *b)
{
	return (uint32_t)c->len + 1 == b->len && b->b[c->len] == (uint8_t)(c->atomic_pid + 1) &&
	       !memcmp(c->b, b->b, (size_t)c->len);
}

/* a path of exactly limit moves from hop d's node to b whose
 * intermediate nodes climb (each greater than the one before: under
 * -cache=backedge the nodes a path between stored nodes passes are not
 * stored, so every edge into one of them climbs); 1 with the choices made */
static int reach(Ow *w, Gap *g, int d, int limit, const Node *b)
{
	Hop *hp = &g->h[d];
	int n = ns_next_all(w->c, &hp->ss, &hp->sb);
	if (hp->sb.oom)
		return 0;
	int klen = hp->ss.len + 1;
	uint64_t hk = w->backedge ? state_hash(hp->ss.b, klen) : 0;
	for (int i = 0; i < n; i++) {
		const Succ *c = &hp->sb.v[i];
		if (c->err == ERR_BOUND || c->err == ERR_RUNTIME)
			continue;
		if (d == limit - 1 && is_node(c, b)) {
			hp->choice = i;
			return 1;
		}
		if (!w->backedge || c->len + 1 > MAXSTATE + 1)
			continue;
		Hop *nx = &g->h[d + 1];
		memcpy(nx->key, c->b, (size_t)c->len);
		nx->key[c->len] = (uint8_t)(c->atomic_pid + 1);
		if (owcty_not_below(hk, hp->ss.b, klen, state_hash(nx->key, c->len + 1), nx->key, c->len + 1))
			continue;
		if (d == limit - 1) {
			g->cut = 1;
			continue;
		}
		nx->ss = (SState){ nx->key, c->len, c->aux, c->alen, c->atomic_pid };
		if (reach(w, g, d + 1, limit, b)) {
			hp->choice = i;
			return 1;
		}
	}
	return 0;
}

/* the moves from node a to node b, named by the path's identities p,
 * which then become b's, appended to mv; 0 if none.  Without
 * -cache=backedge b is one of a's successors; with it, the shortest
 * climbing path is searched (iterative deepening) */
static int step(Ow *w, Gap *g, const Node *a, const Node *b, uint8_t *p, int *plen, Move **mv, int *n, int *cap)
{
	int limit = 1;
	for (;; limit++) {
		if (!gap_reserve(g, limit + 1))
			return 0;
		g->cut = 0;
		g->h[0].ss = (SState){ a->b, (int)a->len - 1, a->b + a->len, (int)a->alen, a->b[a->len - 1] - 1 };
		if (reach(w, g, 0, limit, b))
			break;
		if (!g->cut)
			return 0;
	}
	for (int d = 0; d < limit; d++) {
		const Hop *hp = &g->h[d];
		const Succ *c = &hp->sb.v[hp->choice];
		if (*n == *cap) {
			int nc = *cap * 2 + 64;
			Move *nv = realloc(*mv, sizeof(Move) * (size_t)nc);
			if (!nv)
				return 0;
			*mv = nv;
			*cap = nc;
		}
		Move *m = &(*mv)[(*n)++];
		*m = c->tmv;
		m->pid = path_pid(p, *plen, hp->ss.aux, hp->ss.alen, c->tmv.pid);
		m->rv_pid = path_pid(p, *plen, hp->ss.aux, hp->ss.alen, c->tmv.rv_pid);
		path_ids(p, plen, hp->ss.aux, hp->ss.alen, c->aux, c->alen);
	}
	return 1;
}

/* Rank 0: the trail along the path's nodes, then `last` (a move out of
 * the last node, named by its expansion's identities) if given; cycle:
 * the node where the accepting cycle starts (the last node is that node
 * again), -1 none.  *depth: the moves to the last node (and last) */
static int write_path(Ow *w, const Path *pa, const Move *last, int cycle, const char *msg, int *depth)
{
	*depth = 0;
	if (!pa->n)
		return 0;
	uint8_t p[MAXPROC + 1], pc[MAXPROC + 1];
	int plen = (int)pa->v[0].alen, pclen = 0;
	memcpy(p, pa->v[0].b + pa->v[0].len, (size_t)plen);
	Move *mv = NULL;
	int n = 0, cap = 0, ok = 1, cyc = -1;
	Gap g = { 0 };
	for (int i = 0; i + 1 < pa->n && ok; i++) {
		if (i == cycle) {
			memcpy(pc, p, (size_t)plen);
			pclen = plen;
			cyc = n;
		}
		ok = step(w, &g, &pa->v[i], &pa->v[i + 1], p, &plen, &mv, &n, &cap);
	}
	gap_free(&g);
	Move *room = ok ? realloc(mv, sizeof(Move) * ((size_t)n + 1) * 61) : NULL;
	if (room)
		mv = room;
	ok = ok && room;
	if (ok && last) {
		const Node *e = &pa->v[pa->n - 1];
		mv[n] = *last;
		mv[n].pid = path_pid(p, plen, e->b + e->len, (int)e->alen, last->pid);
		mv[n].rv_pid = path_pid(p, plen, e->b + e->len, (int)e->alen, last->rv_pid);
		n++;
	}
	*depth = n;
	if (ok && cyc >= 0 && pclen == plen && plen > 0) {
		/* around the cycle again until the identities are back */
		n = trail_unwind_cycle(mv, n, cyc, pc, p, plen);
	}
	int wrote = 0;
	if (ok && w->o->trail_path)
		wrote = trail_write_cycle(w->o, mv, n, msg, cyc) == 0;
	else if (!ok)
		fprintf(stderr, "dspin: the counterexample could not be rebuilt (please report it)\n");
	free(mv);
	return wrote;
}

void owcty_trail_note(Ow *w, SearchResult *g, int who, Note *mine)
{
	Note *nt = malloc(sizeof *nt);
	if (!nt)
		MPI_Abort(MPI_COMM_WORLD, 2);
	*nt = *mine;
	MPI_Bcast(nt, (int)sizeof *nt, MPI_BYTE, who, MPI_COMM_WORLD);
	if (nt->set == 1)
		snprintf(g->first_error, sizeof g->first_error, "%s", nt->msg);
	if (nt->link == NOPARENT) {
		free(nt);
		return;     /* the initial state itself: no move leads to it */
	}
	Path pa = { 0 };
	int ok = stem(w, nt->link >> RANK_SHIFT, nt->link & IDX_MASK, &pa);
	if (ok && nt->klen) {
		/* -cache=backedge: met expanding a node not stored, reached
		 * from the stem's last node */
		Node x = { (uint64_t)w->K, 0, NOPARENT, nt->klen, nt->kalen, 0, malloc(nt->klen + nt->kalen + 1) };
		Node *nv = realloc(pa.v, sizeof(Node) * ((size_t)pa.n + 1));
		if (nv)
			pa.v = nv;
		ok = nv && x.b;
		if (ok) {
			memcpy(x.b, nt->kb, nt->klen + nt->kalen);
			pa.v[pa.n++] = x;
			pa.cap = pa.n;
		} else
			free(x.b);
	}
	if (w->rank == 0 && ok) {
		int depth;
		g->trail_written = write_path(w, &pa, nt->has_move ? &nt->mv : NULL, -1, nt->msg, &depth);
		if (nt->set == 1 && !w->o->quiet)
			printf("dspin: %s (at depth %d)\n", nt->msg, depth);
	}
	path_free(&pa);
	free(nt);
}

void owcty_trail_cycle(Ow *w, SearchResult *g)
{
	const char *msg = w->o->accept == 2 ? "non-progress cycle" : "acceptance cycle";
	snprintf(g->first_error, sizeof g->first_error, "%s", msg);
	/* a node of S: the first of the lowest rank that has one */
	int64_t first = -1;
	for (size_t i = 0; i < w->st.nrec && first < 0; i++)
		if (w->flag[i] & F_IN)
			first = (int64_t)i;
	int me = first >= 0 ? w->rank : w->K, from;
	MPI_Allreduce(&me, &from, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	if (from == w->K) {
		/* cannot be: S is not empty */
		if (w->rank == 0)
			fprintf(stderr, "dspin: the counterexample could not be rebuilt (please report it)\n");
		return;
	}
	MPI_Bcast(&first, 1, MPI_INT64_T, from, MPI_COMM_WORLD);
	/* walk the pred links until a node repeats: x0, x1 = pred(x0), ... */
	Store seen;
	store_init(&seen, 0);
	seen.payload = 4;
	Path walk = { 0 };
	uint64_t rank = (uint64_t)from, idx = (uint64_t)first;
	int ok = 1, j = -1;
	while (ok) {
		uint64_t id = rank << RANK_SHIFT | idx;
		const uint8_t *k = (const uint8_t *)&id;
		uint64_t h = state_hash(k, 8);
		size_t si;
		int ins = store_insert(&seen, k, 8, h, &si);
		if (ins == 0) {
			memcpy(&j, store_payload(&seen, k, 8, h), 4);
			break;
		}
		uint32_t pos = (uint32_t)walk.n;
		if (ins < 0 || !fetch(w, rank, idx, 1, &walk)) {
			ok = 0;
			break;
		}
		memcpy(store_payload(&seen, k, 8, h), &pos, 4);
		uint64_t pr = walk.v[walk.n - 1].link;
		if (pr == NOPARENT) {
			/* cannot be: every node of S has a predecessor in S */
			ok = 0;
			break;
		}
		rank = pr >> RANK_SHIFT;
		idx = pr & IDX_MASK;
	}
	store_free(&seen);
	/* the cycle forward: x_j -> x_(n-1) -> ... -> x_(j+1) -> x_j (an edge
	 * runs from pred(x) to x); start it at an accepting node */
	int m = -1;
	for (int i = walk.n - 1; ok && i >= j && m < 0; i--)
		if (walk.v[i].flag & F_ACC)
			m = i;
	Path pa = { 0 };
	if (ok && m >= 0 && stem(w, walk.v[m].rank, walk.v[m].idx, &pa)) {
		int cyc = pa.n - 1, len = walk.n - j;
		/* after the accepting node x_m: x_(m-1), ..., x_j, x_(n-1), ..., x_m */
		for (int s = 1; s <= len && ok; s++) {
			int i = m - s;
			if (i < j)
				i += len;
			if (pa.n == pa.cap) {
				int nc = pa.cap * 2 + 64;
				Node *nv = realloc(pa.v, sizeof(Node) * (size_t)nc);
				if (!nv) {
					ok = 0;
					break;
				}
				pa.v = nv;
				pa.cap = nc;
			}
			Node c = walk.v[i];
			c.b = malloc(c.len + c.alen + 1);
			if (!c.b) {
				ok = 0;
				break;
			}
			memcpy(c.b, walk.v[i].b, c.len + c.alen);
			pa.v[pa.n++] = c;
		}
		if (w->rank == 0 && ok) {
			int depth;
			g->trail_written = write_path(w, &pa, NULL, cyc, msg, &depth);
			if (!w->o->quiet)
				printf("dspin: %s (at depth %d)\n", msg, depth);
		}
	} else if (w->rank == 0)
		fprintf(stderr, "dspin: the counterexample could not be rebuilt (please report it)\n");
	path_free(&pa);
	path_free(&walk);
}
