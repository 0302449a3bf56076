/* dist_net.h — the message exchange of a distributed search in rounds
 * (search/dist/dist_net.c): records appended to a 64 KB batch per peer, sent
 * with MPI_Isend when full; the end of a round detected by Mattern's
 * channel counting (every record sent in the round has been delivered
 * when net_end_round returns, on every rank); a STOP message that ends
 * the search early; the partial-order reduction's questions to other
 * ranks; the results and the unreached-code report's marks merged at
 * the end.  The distributed safety search (search/dist/dist.c) and OWCTY
 * (search/dist/dist_owcty.c) use it.  Only the -dist searches include this
 * file. */
#ifndef DSPIN_DIST_NET_H
#define DSPIN_DIST_NET_H
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include "../search.h"

#define NET_BATCH (64 * 1024)      /* a batch is sent once it holds this many bytes */
#define NET_MAXREC (66 * 1024)     /* the largest record */
#define NET_MAXPOOL 256
#define NET_MAXPENDING 64          /* batches in flight before a rank waits */
/* expansions between two net_poll calls: a 64 KB batch holds about a
 * thousand successors, and every poll that finds nothing yields the
 * processor (mpi_yield_when_idle), a system call, so polling much more
 * often than a batch fills spends the time in system calls
 * (bench/RESULTS.md, "The figures behind the code") */
#define NET_POLL_EVERY 64

/* OWCTY's owner hash: a system state is owned by rank (h >> 32) * K >>
 * 32 of this seeded hash (the safety search takes the same bits of the
 * stored key's state_hash, search/dist/dist.c's owner_of).  A record link:
 * the rank << RANK_SHIFT | the record index on that rank, NOPARENT for
 * none */
#define OWNER_SEED 0x9e3779b97f4a7c15ull
#define NOPARENT UINT64_MAX
#define RANK_SHIFT 48
#define IDX_MASK ((1ull << RANK_SHIFT) - 1)

typedef struct NetBuf {
	uint8_t *b;
	size_t n, cap;
} NetBuf;

typedef struct NetPending {
	MPI_Request req;
	uint8_t *b;
} NetPending;

/* deliver: called with every batch that arrives (a sequence of records
 * the caller parses), from whichever net_ call is waiting */
typedef void (*NetDeliver)(void *arg, const uint8_t *b, size_t n, int src);

typedef struct Net {
	int rank, nranks;
	NetDeliver deliver;
	void *arg;
	NetBuf *out;               /* per peer: the batch being filled */
	uint64_t *sent;            /* per peer: messages sent this round */
	uint64_t received;         /* messages received this round */
	NetPending *pend;
	int npend;
	size_t cappend;
	int *idx;                  /* reap's MPI_Testsome arrays */
	MPI_Request *reqs;
	uint8_t *pool[NET_MAXPOOL];
	int npool;
	NetBuf inbox;
	uint64_t messages;         /* batches sent in all */
	int stop;                  /* a STOP came, or this rank sent one */
	double waited;             /* seconds spent waiting for other ranks (the
	                            * ends of rounds, collectives, full send queues) */
	int stop_sent;
	int oom;
} Net;

int net_buf_put(NetBuf *b, const void *p, size_t n);
/* 0 when out of memory */
int net_init(Net *n, NetDeliver deliver, void *arg);
void net_free(Net *n);
/* append a record of len bytes (<= NET_MAXREC) for peer; a full batch
 * goes at once */
void net_put(Net *n, int peer, const void *rec, size_t len);
/* the same for a record in three parts (a header, a key, its aux bytes) */
void net_put3(Net *n, int peer, const void *a, size_t alen, const void *b, size_t blen, const void *c, size_t clen);
/* complete the sends that are done, take every batch waiting; whether
 * there was one */
int net_poll(Net *n);
/* wait for a collective begun with MPI_I..., taking batches meanwhile */
void net_coll_wait(Net *n, MPI_Request *req);
/* this rank sends nothing more this round: flush, count, receive what is
 * still on its way (collective) */
void net_end_round(Net *n);
void net_send_stop(Net *n);
/* the sum over every rank (collective).  Blocking, as every collective
 * between rounds must be: a rank that took records while it waited could
 * take the next round's before it has begun that round (a pass that
 * resets its counters, a level not yet numbered) */
uint64_t net_sum(Net *n, uint64_t v);
/* the same for count values at once: all[i] is the sum of every rank's v[i] */
void net_sums(Net *n, const uint64_t *v, uint64_t *all, int count);
/* a monotonic clock, in seconds */
double net_now(void);

/* What both searches report at the end (collective: every rank calls it
 * at the same point): every rank's error kinds and resource-bound message
 * merged into g (the lowest rank's message first), and for rank 0 a line
 * per rank in g->ranks (states stored, batches sent, successors sent,
 * peak memory, seconds since t0, CPU seconds). */
void net_merge_report(Net *n, const SearchResult *mine, SearchResult *g, uint64_t stored, uint64_t sent_states,
		      uint64_t not_resent, double secs);

/* The partial-order reduction's questions to other ranks.  Both searches'
 * level proviso asks whether a successor (in OWCTY, its system state) is
 * stored at a level no deeper than the one being expanded.  The owner
 * answers at once about its own; about another rank's, the expansion
 * asks (net_ask), takes the conservative "yes" meanwhile and is thrown
 * away, and after the pass over the level every rank's questions go to
 * their owners and come back answered (net_ask_round), so that the
 * expansion is made again with the answers (search/dist/dist.c's head). */
typedef struct NetAsk {
	int K;
	NetBuf *query;             /* per peer: the questions (u16 length, key) */
	int *cnt;                  /* per peer: the questions; then the round's counts */
	Store ans;                 /* this level's questions: payload 0 asked, 1 yes, 2 no */
} NetAsk;

/* the proviso's answer on the owner: is key (its state_hash h) in
 * `levels`, a store whose payload begins with a u32 level, at a level
 * <= level? */
int net_stored_at_most(Store *levels, const uint8_t *key, int len, uint64_t h, uint32_t level);
/* 0 when out of memory */
int net_ask_init(NetAsk *a, int K);
void net_ask_free(NetAsk *a);
/* about key (its state_hash h), which rank owner owns: 1 yes, 0 no, -1
 * not known yet (asked now or before), -2 out of memory */
int net_ask(NetAsk *a, int owner, const uint8_t *key, int len, uint64_t h);
/* every rank's questions to their owners, answered there by
 * net_stored_at_most(levels, ..., level), and the answers back into ans
 * (collective).  0 on every rank when one could not hold the round's
 * buffers: the search cannot go on */
int net_ask_round(Net *n, NetAsk *a, Store *levels, uint32_t level);
/* the next level: the answers no longer hold */
void net_ask_clear(NetAsk *a);

/* The unreached-code report's marks (SearchOpts.reached): each rank's
 * bottom layer marks its own array, and rank 0 prints the OR of them all.
 * An expansion that is thrown away (made again once the proviso's answers
 * are known) leaves no marks, as it leaves no counts: with undo set,
 * net_marks_save keeps a copy before each such expansion and
 * net_marks_undo puts it back.  All functions do nothing without marks. */
typedef struct NetMarks {
	Reached *live;             /* this rank's, set by the bottom layer */
	unsigned char *kept;       /* the copy; on rank 0 after net_marks_merge, every rank's */
	size_t n;
	int undo;                  /* expansions may be thrown away */
	int merged;
} NetMarks;

/* 0 when out of memory, or when o asks for marks that it could not
 * allocate (the search then fails on every rank) */
int net_marks_init(NetMarks *m, const SearchOpts *o, int undo);
void net_marks_save(NetMarks *m);
void net_marks_undo(NetMarks *m);
/* every rank's marks OR-ed into rank 0's copy (collective), before the
 * trail is rebuilt: rank 0's expansions for its moves (without the
 * reduction) are no part of the search */
void net_marks_merge(NetMarks *m);
/* rank 0: the merged marks in place, for the report; frees the copy */
void net_marks_free(NetMarks *m);
#endif
