/* dist_net.c — the exchange of a distributed search in rounds
 * (dist_net.h).  The end of a round: channel counting after Mattern
 * (F. Mattern, "Algorithms for distributed termination detection",
 * Distributed Computing 2(3), 1987).  A rank that calls net_end_round
 * sends nothing more in the round, and receiving a record never sends
 * one (the callers only store or count what arrives), so once every rank
 * has announced how many messages it sent to each peer (MPI_Alltoall),
 * each knows how many are still on their way to it and receives until it
 * has them all.  A record of the next round cannot overtake: the callers
 * begin the next round only after a blocking collective that every rank
 * enters after net_end_round (blocking, so that a rank waiting in it
 * takes no record of the next round before it has begun that round). */
#include "dist_net.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sched.h>
#include <stdio.h>
#include <sys/resource.h>

enum { TAG_DATA = 11, TAG_STOP = 12 };
#define BATCHCAP (NET_BATCH + NET_MAXREC)

static int reserve(NetBuf *b, size_t n)
{
	if (b->n + n > b->cap) {
		size_t nc = b->cap ? b->cap : 4096;
		while (nc < b->n + n)
			nc *= 2;
		uint8_t *nb = realloc(b->b, nc);
		if (!nb)
			return 0;
		b->b = nb;
		b->cap = nc;
	}
	return 1;
}

int net_buf_put(NetBuf *b, const void *p, size_t n)
{
	if (!reserve(b, n))
		return 0;
	if (n)
		memcpy(b->b + b->n, p, n);
	b->n += n;
	return 1;
}

static int new_batch(Net *n, NetBuf *b)
{
	b->b = n->npool ? n->pool[--n->npool] : malloc(BATCHCAP);
	b->n = 0;
	b->cap = b->b ? BATCHCAP : 0;
	return b->b != NULL;
}

int net_init(Net *n, NetDeliver deliver, void *arg)
{
	memset(n, 0, sizeof *n);
	MPI_Comm_rank(MPI_COMM_WORLD, &n->rank);
	MPI_Comm_size(MPI_COMM_WORLD, &n->nranks);
	n->deliver = deliver;
	n->arg = arg;
	n->out = calloc((size_t)n->nranks, sizeof(NetBuf));
	n->sent = calloc((size_t)n->nranks, sizeof(uint64_t));
	if (!n->out || !n->sent)
		return 0;
	for (int p = 0; p < n->nranks; p++)
		if (p != n->rank && !new_batch(n, &n->out[p]))
			return 0;
	return 1;
}

void net_free(Net *n)
{
	for (int p = 0; n->out && p < n->nranks; p++)
		free(n->out[p].b);
	free(n->out);
	free(n->sent);
	free(n->pend);
	free(n->idx);
	free(n->reqs);
	for (int i = 0; i < n->npool; i++)
		free(n->pool[i]);
	free(n->inbox.b);
	memset(n, 0, sizeof *n);
}

/* complete the sends that are done: one MPI_Testsome over them all, not
 * a test per request (under mpi_yield_when_idle every MPI call that finds
 * nothing to do yields the processor: a system call) */
static void reap(Net *n)
{
	if (!n->npend)
		return;
	for (int i = 0; i < n->npend; i++)
		n->reqs[i] = n->pend[i].req;
	int done = 0;
	MPI_Testsome(n->npend, n->reqs, &done, n->idx, MPI_STATUSES_IGNORE);
	if (done <= 0)
		return;
	int k = 0;
	for (int i = 0; i < n->npend; i++) {
		if (n->reqs[i] != MPI_REQUEST_NULL)
			n->pend[k++] = n->pend[i];
		else if (n->pend[i].b && n->npool < NET_MAXPOOL)
			n->pool[n->npool++] = n->pend[i].b;
		else
			free(n->pend[i].b);
	}
	n->npend = k;
}

static void isend(Net *n, int peer, uint8_t *b, size_t len, int tag)
{
	if ((size_t)n->npend + 1 > n->cappend) {
		/* reap's arrays grow with the queue, here: reap cannot fail,
		 * or the loops that wait for it to shorten the queue would wait
		 * for ever */
		size_t nc = n->cappend ? n->cappend * 2 : 64;
		NetPending *np = realloc(n->pend, nc * sizeof *np);
		if (np)
			n->pend = np;
		int *ni = np ? realloc(n->idx, nc * sizeof(int)) : NULL;
		if (ni)
			n->idx = ni;
		MPI_Request *nr = ni ? realloc(n->reqs, nc * sizeof(MPI_Request)) : NULL;
		if (nr)
			n->reqs = nr;
		if (!nr) {
			n->oom = n->stop = 1;
			free(b);
			return;
		}
		n->cappend = nc;
	}
	static const uint8_t none = 0;     /* a STOP carries no bytes */
	NetPending *p = &n->pend[n->npend++];
	p->b = b;
	MPI_Isend(b ? b : &none, (int)len, MPI_BYTE, peer, tag, MPI_COMM_WORLD, &p->req);
	n->sent[peer]++;
	n->messages++;
}

int net_poll(Net *n)
{
	int took = 0;
	if (n->nranks == 1)
		return 0;              /* no peer: no MPI call (each would yield) */
	reap(n);
	for (;;) {
		MPI_Status st;
		int flag = 0;
		MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
		if (!flag)
			return took;
		took = 1;
		int len = 0;
		MPI_Get_count(&st, MPI_BYTE, &len);
		n->inbox.n = 0;
		uint8_t *tmp = NULL;
		if (!reserve(&n->inbox, (size_t)len + 1)) {
			/* it must still be taken off the channel */
			n->oom = n->stop = 1;
			tmp = malloc((size_t)len + 1);
		}
		MPI_Recv(tmp ? tmp : n->inbox.b, len, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		n->received++;
		if (tmp || n->oom) {
			free(tmp);
			continue;
		}
		if (st.MPI_TAG == TAG_STOP)
			n->stop = 1;
		else
			n->deliver(n->arg, n->inbox.b, (size_t)len, st.MPI_SOURCE);
	}
}

/* idle: a few yields, then short sleeps (oversubscribed runs) */
static void back_off(int *idle)
{
	if (++*idle < 16) {
		sched_yield();
		return;
	}
	struct timespec ts = { 0, 20000 };
	nanosleep(&ts, NULL);
}

double net_now(void)
{
	return search_now();
}

static void flush(Net *n, int peer)
{
	NetBuf *b = &n->out[peer];
	if (!b->n)
		return;
	uint8_t *data = b->b;
	size_t len = b->n;
	if (!new_batch(n, b))
		n->oom = n->stop = 1;
	isend(n, peer, data, len, TAG_DATA);
	if (n->npend <= NET_MAXPENDING)
		return;
	int idle = 0;
	double t = net_now();
	while (n->npend > NET_MAXPENDING) {
		/* keep taking batches while ours wait, or two ranks sending
		 * to each other could wait for ever */
		reap(n);
		if (n->npend > NET_MAXPENDING && !net_poll(n))
			back_off(&idle);
	}
	n->waited += net_now() - t;
}

void net_put3(Net *n, int peer, const void *a, size_t alen, const void *b, size_t blen, const void *c, size_t clen)
{
	NetBuf *o = &n->out[peer];
	if (!o->b || alen + blen + clen > NET_MAXREC) {
		n->oom = n->stop = 1;
		return;
	}
	memcpy(o->b + o->n, a, alen);
	if (blen)
		memcpy(o->b + o->n + alen, b, blen);
	if (clen)
		memcpy(o->b + o->n + alen + blen, c, clen);
	o->n += alen + blen + clen;
	if (o->n >= NET_BATCH)
		flush(n, peer);
}

void net_put(Net *n, int peer, const void *rec, size_t len)
{
	net_put3(n, peer, rec, len, NULL, 0, NULL, 0);
}

void net_coll_wait(Net *n, MPI_Request *req)
{
	int idle = 0;
	double t = net_now();
	for (;;) {
		int done = 0;
		MPI_Test(req, &done, MPI_STATUS_IGNORE);
		if (done) {
			n->waited += net_now() - t;
			return;
		}
		reap(n);
		if (net_poll(n))
			idle = 0;
		else
			back_off(&idle);
	}
}

static void flush_all(Net *n)
{
	for (int p = 0; p < n->nranks; p++)
		if (p != n->rank)
			flush(n, p);
}

/* every send completed (its message received) */
static void drain(Net *n)
{
	int idle = 0;
	while (n->npend) {
		reap(n);
		if (n->npend)
			back_off(&idle);
	}
}

void net_end_round(Net *n)
{
	int K = n->nranks;
	flush_all(n);
	uint64_t *expect = calloc((unsigned)K, sizeof(uint64_t));
	if (!expect) {
		/* cannot count: the search cannot go on */
		MPI_Abort(MPI_COMM_WORLD, 2);
		return;
	}
	MPI_Request req;
	MPI_Ialltoall(n->sent, 1, MPI_UINT64_T, expect, 1, MPI_UINT64_T, MPI_COMM_WORLD, &req);
	net_coll_wait(n, &req);
	uint64_t total = 0;
	for (int p = 0; p < K; p++)
		total += expect[p];
	free(expect);
	int idle = 0;
	double t = net_now();
	while (n->received < total) {
		if (net_poll(n))
			idle = 0;
		else
			back_off(&idle);
	}
	drain(n);
	n->waited += net_now() - t;
	n->received = 0;
	memset(n->sent, 0, sizeof(uint64_t) * (size_t)K);
}

void net_send_stop(Net *n)
{
	n->stop = 1;
	if (n->stop_sent)
		return;
	n->stop_sent = 1;
	for (int p = 0; p < n->nranks; p++)
		if (p != n->rank)
			isend(n, p, NULL, 0, TAG_STOP);
}

void net_sums(Net *n, const uint64_t *v, uint64_t *all, int count)
{
	double t = net_now();
	MPI_Allreduce(v, all, count, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
	n->waited += net_now() - t;
}

uint64_t net_sum(Net *n, uint64_t v)
{
	uint64_t all = 0;
	net_sums(n, &v, &all, 1);
	return all;
}

/* ---- the end of a search ---- */

static double peak_mb(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss / 1024.0;
}

static double cpu_secs(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
}

void net_merge_report(Net *n, const SearchResult *r, SearchResult *g, uint64_t stored, uint64_t sent_states,
		      uint64_t not_resent, double secs)
{
	int K = n->nranks;
	size_t kb = sizeof r->kinds + sizeof r->bound_msg + 2 * sizeof(int);
	uint8_t *mine = malloc(kb), *all = malloc(kb * (size_t)K);
	enum { F = 8 };
	double one[F] = { (double)stored, (double)n->messages, (double)sent_states, peak_mb(), secs, cpu_secs(), (double)not_resent, n->waited };
	double *ranks = malloc(sizeof one * (size_t)K);
	if (!mine || !all || !ranks) {
		fprintf(stderr, "dspin: out of memory merging the ranks' results\n");
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	memcpy(mine, r->kinds, sizeof r->kinds);
	memcpy(mine + sizeof r->kinds, r->bound_msg, sizeof r->bound_msg);
	memcpy(mine + sizeof r->kinds + sizeof r->bound_msg, &r->nkinds, sizeof(int));
	memcpy(mine + sizeof r->kinds + sizeof r->bound_msg + sizeof(int), &r->kinds_full, sizeof(int));
	MPI_Allgather(mine, (int)kb, MPI_BYTE, all, (int)kb, MPI_BYTE, MPI_COMM_WORLD);
	MPI_Allgather(one, F, MPI_DOUBLE, ranks, F, MPI_DOUBLE, MPI_COMM_WORLD);
	for (int p = 0; p < K; p++) {
		const uint8_t *a = all + kb * (size_t)p;
		int nk, full;
		memcpy(&nk, a + sizeof r->kinds + sizeof r->bound_msg, sizeof(int));
		memcpy(&full, a + sizeof r->kinds + sizeof r->bound_msg + sizeof(int), sizeof(int));
		for (int i = 0; i < nk; i++) {
			int errs = g->errors;
			result_note_error(g, (const char *)a + i * sizeof r->kinds[0]);
			g->errors = errs;
		}
		g->kinds_full |= full;
		const char *bm = (const char *)a + sizeof r->kinds;
		if (bm[0] && !g->bound_msg[0])
			snprintf(g->bound_msg, sizeof g->bound_msg, "%s", bm);
	}
	g->nranks = K;
	if (n->rank == 0) {
		g->ranks = calloc((size_t)K, sizeof(DistRank));
		for (int p = 0; g->ranks && p < K; p++) {
			g->ranks[p].stored = (uint64_t)ranks[F * p];
			g->ranks[p].messages = (uint64_t)ranks[F * p + 1];
			g->ranks[p].sent_states = (uint64_t)ranks[F * p + 2];
			g->ranks[p].peak_mb = ranks[F * p + 3];
			g->ranks[p].secs = ranks[F * p + 4];
			g->ranks[p].cpu_secs = ranks[F * p + 5];
			g->ranks[p].not_resent = (uint64_t)ranks[F * p + 6];
			g->ranks[p].wait_secs = ranks[F * p + 7];
		}
	}
	free(ranks);
	free(mine);
	free(all);
}

/* ---- the partial-order reduction's questions ---- */

/* cnt: the questions asked of each peer, then 12 arrays of the round */
enum { ASK_ARRAYS = 13 };

int net_ask_init(NetAsk *a, int K)
{
	memset(a, 0, sizeof *a);
	a->K = K;
	a->query = calloc((size_t)K, sizeof(NetBuf));
	a->cnt = calloc((size_t)K * ASK_ARRAYS, sizeof(int));
	store_init(&a->ans, 0);
	a->ans.payload = 1;
	return a->query && a->cnt && a->ans.tab;
}

void net_ask_free(NetAsk *a)
{
	for (int p = 0; a->query && p < a->K; p++)
		free(a->query[p].b);
	free(a->query);
	free(a->cnt);
	store_free(&a->ans);
	memset(a, 0, sizeof *a);
}

void net_ask_clear(NetAsk *a)
{
	if (!a->ans.n)
		return;
	store_free(&a->ans);
	store_init(&a->ans, 0);
	a->ans.payload = 1;
}

int net_ask(NetAsk *a, int owner, const uint8_t *key, int len, uint64_t h)
{
	const uint8_t *pl = store_payload(&a->ans, key, len, h);
	if (pl)
		return *pl ? *pl == 1 : -1;
	NetBuf *q = &a->query[owner];
	size_t before = q->n, idx;
	uint16_t l16 = (uint16_t)len;
	if (!net_buf_put(q, &l16, sizeof l16) || !net_buf_put(q, key, (size_t)len) ||
	    store_insert(&a->ans, key, len, h, &idx) < 0) {
		q->n = before;     /* the questions stay whole */
		return -2;
	}
	a->cnt[owner]++;
	return -1;
}

int net_stored_at_most(Store *levels, const uint8_t *key, int len, uint64_t h, uint32_t level)
{
	const uint8_t *pl = store_payload(levels, key, len, h);
	uint32_t lv;
	if (!pl)
		return 0;
	memcpy(&lv, pl, sizeof lv);
	return lv <= level;
}

/* the answers to the questions of one peer (n of them at q), into out */
static void answer(const uint8_t *q, int n, Store *levels, uint32_t level, uint8_t *out)
{
	for (int i = 0; i < n; i++) {
		uint16_t l16;
		memcpy(&l16, q, sizeof l16);
		const uint8_t *key = q + sizeof l16;
		out[i] = net_stored_at_most(levels, key, l16, state_hash(key, l16), level) ? 1 : 2;
		q += sizeof l16 + l16;
	}
}

/* the answers (n of them at in) to the questions asked at q, into ans */
static void take_answers(NetAsk *a, const uint8_t *q, int n, const uint8_t *in)
{
	for (int i = 0; i < n; i++) {
		uint16_t l16;
		memcpy(&l16, q, sizeof l16);
		const uint8_t *key = q + sizeof l16;
		uint8_t *pl = store_payload(&a->ans, key, l16, state_hash(key, l16));
		if (pl)
			*pl = in[i];
		q += sizeof l16 + l16;
	}
}

/* Four collectives: the counts (bytes and questions, per peer), whether
 * every rank holds the buffers, the questions, the answers (one byte per
 * question, in the order asked).  Every rank takes part in all of them,
 * a rank that could not gather its questions asking none. */
int net_ask_round(Net *n, NetAsk *a, Store *levels, uint32_t level)
{
	int K = a->K;
	int *asked = a->cnt, *scount = asked + K, *sdisp = scount + K, *rcount = sdisp + K;
	int *rdisp = rcount + K, *nq = rdisp + K, *qdisp = nq + K, *na = qdisp + K, *adisp = na + K;
	int *pairs = adisp + K, *rpairs = pairs + 2 * K;
	NetBuf sq = { 0 };
	int gathered = 1;
	for (int p = 0; p < K && gathered; p++)
		if (sq.n + a->query[p].n > (size_t)1 << 30 || !net_buf_put(&sq, a->query[p].b, a->query[p].n))
			gathered = 0;
	for (int p = 0; p < K; p++) {
		scount[p] = gathered ? (int)a->query[p].n : 0;
		nq[p] = gathered ? asked[p] : 0;
		sdisp[p] = p ? sdisp[p - 1] + scount[p - 1] : 0;
		qdisp[p] = p ? qdisp[p - 1] + nq[p - 1] : 0;
		pairs[2 * p] = scount[p];
		pairs[2 * p + 1] = nq[p];
	}
	MPI_Request req;
	MPI_Ialltoall(pairs, 2, MPI_INT, rpairs, 2, MPI_INT, MPI_COMM_WORLD, &req);
	net_coll_wait(n, &req);
	size_t rtotal = 0, natotal = 0;
	for (int p = 0; p < K; p++) {
		rcount[p] = rpairs[2 * p];
		na[p] = rpairs[2 * p + 1];
		rdisp[p] = (int)rtotal;
		adisp[p] = (int)natotal;
		rtotal += (size_t)rcount[p];
		natotal += (size_t)na[p];
	}
	size_t nqtotal = (size_t)qdisp[K - 1] + (size_t)nq[K - 1];
	uint8_t *rq = malloc(rtotal + 1), *ra = malloc(natotal + 1), *back = malloc(nqtotal + 1);
	int ok = gathered && rq && ra && back && rtotal <= INT_MAX, all = 0;
	MPI_Iallreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD, &req);
	net_coll_wait(n, &req);
	if (all) {
		MPI_Ialltoallv(sq.b, scount, sdisp, MPI_BYTE, rq, rcount, rdisp, MPI_BYTE, MPI_COMM_WORLD, &req);
		net_coll_wait(n, &req);
		for (int p = 0; p < K; p++)
			answer(rq + rdisp[p], na[p], levels, level, ra + adisp[p]);
		MPI_Ialltoallv(ra, na, adisp, MPI_BYTE, back, nq, qdisp, MPI_BYTE, MPI_COMM_WORLD, &req);
		net_coll_wait(n, &req);
		for (int p = 0; p < K; p++)
			take_answers(a, a->query[p].b, nq[p], back + qdisp[p]);
	}
	for (int p = 0; p < K; p++) {
		a->query[p].n = 0;
		asked[p] = 0;
	}
	free(back);
	free(ra);
	free(rq);
	free(sq.b);
	return all;
}

/* ---- the unreached-code report's marks ---- */

int net_marks_init(NetMarks *m, const SearchOpts *o, int undo)
{
	memset(m, 0, sizeof *m);
	if (!o->nreached)
		return 1;
	if (!o->reached)
		return 0;
	m->kept = malloc(o->nreached);
	if (!m->kept)
		return 0;
	m->live = o->reached;
	m->n = o->nreached;
	m->undo = undo;
	return 1;
}

/* one rank's search is one thread: its marks are plain bytes here */
void net_marks_save(NetMarks *m)
{
	if (m->undo)
		memcpy(m->kept, (const void *)m->live, m->n);
}

void net_marks_undo(NetMarks *m)
{
	if (m->undo)
		memcpy((void *)m->live, m->kept, m->n);
}

void net_marks_merge(NetMarks *m)
{
	if (!m->live)
		return;
	MPI_Reduce((const void *)m->live, m->kept, (int)m->n, MPI_UNSIGNED_CHAR, MPI_BOR, 0, MPI_COMM_WORLD);
	m->undo = 0;
	m->merged = 1;
}

void net_marks_free(NetMarks *m)
{
	int rank = 0;
	if (m->merged) {
		MPI_Comm_rank(MPI_COMM_WORLD, &rank);
		if (rank == 0)
			memcpy((void *)m->live, m->kept, m->n);
	}
	free(m->kept);
	memset(m, 0, sizeof *m);
}
