/* dist_owcty.h — what search/dist_owcty.c (OWCTY under -dist -a) and
 * search/dist_owcty_trail.c (its counterexamples) share.  Internal to
 * those two files. */
#ifndef DSPIN_DIST_OWCTY_H
#define DSPIN_DIST_OWCTY_H
#include "dist.h"
#include "dist_net.h"


enum { F_ACC = 1, F_IN = 2, F_SEEN = 4 };
enum { P_EXPLORE, P_REACH, P_ELIM };

/* a record's header: the sender's index of the expanded node, the key's
 * length (with the atomic byte), the aux length (exploration only) */
typedef struct Rec {
	uint64_t from;
	uint32_t len;
	uint32_t alen;
} Rec;

typedef struct Note {
	int set;                   /* 1 error, 2 resource bound */
	uint64_t at;               /* the node expanded */
	int has_move;
	Move mv;
	char msg[256];
} Note;

typedef struct Queue {
	uint64_t *v;
	size_t n, cap;
} Queue;

typedef struct Ow {
	VM *vm;
	const SearchOpts *o;
	SearchResult *r;
	Net net;
	int rank, K, phase, oom;
	Ctx *c;
	SuccBuf sb;
	Store st;                  /* key: state + atomic byte; payload: the record index (u32) */
	uint64_t *parent;          /* exploration: the parent's rank << 48 | index */
	uint64_t *pred;            /* this pass: the first predecessor */
	uint32_t *count;           /* this pass: predecessors in S */
	uint8_t *flag;
	uint64_t *aoff;            /* aux bytes in auxs, per record */
	uint8_t *alen;
	NetBuf auxs;
	size_t cap;
	Queue cur, next;
	uint8_t key[MAXSTATE + 2], aux[MAXPROC + 1];   /* the node being expanded */
	uint8_t rec[NET_MAXREC];
	uint64_t stored, matched, sent_states;
	NsStats stats;             /* what the layers counted in the exploration */
	long levels;               /* the exploration's depth in nodes (breadth-first) */
	int max_vec;
	Note err, bound;
	double t0;
} Ow;

/* rank 0 writes the trail to the noted node of rank `who` (a safety
 * error or a resource bound), or to the cycle OWCTY left; collective */
void owcty_trail_note(Ow *w, SearchResult *g, int who, Note *mine);
void owcty_trail_cycle(Ow *w, SearchResult *g);
#endif
