/* dist_net.h — the message exchange of a distributed search in rounds
 * (search/dist_net.c): records appended to a 64 KB batch per peer, sent
 * with MPI_Isend when full; the end of a round detected by Mattern's
 * channel counting (every record sent in the round has been delivered
 * when net_end_round returns, on every rank); a STOP message that ends
 * the search early.  The distributed safety search (search/dist.c) and
 * OWCTY (search/dist_owcty.c) use it.  Only the -dist searches include
 * this file. */
#ifndef DSPIN_DIST_NET_H
#define DSPIN_DIST_NET_H
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include "search.h"

#define NET_BATCH (64 * 1024)      /* a batch is sent once it holds this many bytes */
#define NET_MAXREC (66 * 1024)     /* the largest record */
#define NET_MAXPOOL 256
#define NET_MAXPENDING 64          /* batches in flight before a rank waits */

/* What both searches agree on: the seed of the owner's hash (a state is
 * owned by rank (h >> 32) * K >> 32 of this seeded hash, independent of
 * the store's bucket hash), and a record link: the rank << RANK_SHIFT |
 * the record index on that rank, NOPARENT for none */
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
	uint8_t *pool[NET_MAXPOOL];
	int npool;
	NetBuf inbox;
	uint64_t messages;         /* batches sent in all */
	int stop;                  /* a STOP came, or this rank sent one */
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

/* What both searches report at the end (collective: every rank calls it
 * at the same point): every rank's error kinds and resource-bound message
 * merged into g (the lowest rank's message first), and for rank 0 a line
 * per rank in g->ranks (states stored, batches sent, successors sent,
 * peak memory, seconds since t0, CPU seconds). */
void net_merge_report(Net *n, const SearchResult *mine, SearchResult *g, uint64_t stored, uint64_t sent_states,
		      double secs);

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
