/* dist_owcty.h — what search/dist/dist_owcty.c (OWCTY under -dist -a) and
 * search/dist/dist_owcty_trail.c (its counterexamples) share.  Internal to
 * those two files. */
#ifndef DSPIN_DIST_OWCTY_H
#define DSPIN_DIST_OWCTY_H
#include "dist.h"
#include "dist_net.h"


enum { F_ACC = 1, F_IN = 2, F_SEEN = 4 };
enum { P_EXPLORE, P_REACH, P_ELIM };
enum { R_KEEP = 1 };            /* Rec.flags: the exploration stores the node */

/* a record's header: the link (rank << RANK_SHIFT | index) of the stored
 * node whose expansion sent it, or NOPARENT; the key's length (with the
 * atomic byte); the aux length (the exploration, and every pass under
 * -cache=backedge, where the node may be unstored and expanded from the
 * record); R_KEEP */
typedef struct Rec {
	uint64_t from;
	uint32_t len;
	uint16_t alen;
	uint16_t flags;
} Rec;

/* where an error or a bound was met: the expansion of the stored node
 * `link`, or, under -cache=backedge, of an unstored node reached from it
 * (its key and aux in kb, klen > 0) */
typedef struct Note {
	int set;                   /* 1 error, 2 resource bound */
	uint64_t link;             /* NOPARENT: before the initial state */
	int has_move;
	Move mv;
	char msg[256];
	uint32_t klen, kalen;
	uint8_t kb[MAXSTATE + 2 + MAXPROC + 1];
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
	int backedge;              /* -cache=backedge: the thesis's store-or-not order */
	Ctx *c;
	SuccBuf sb;
	Store st;                  /* key: state + atomic byte; payload: the record index (u32) */
	uint64_t *parent;          /* exploration: the parent's link (the nearest stored ancestor) */
	uint64_t *pred;            /* this pass: the first predecessor's link */
	uint32_t *count;           /* this pass: predecessors in S (paths, under -cache=backedge) */
	uint8_t *flag;
	uint64_t *aoff;            /* aux bytes in auxs, per record */
	uint8_t *alen;
	NetBuf auxs;
	size_t cap;
	Queue cur, next;
	NetBuf tcur, tnext;        /* -cache=backedge: records of unstored nodes being
	                            * expanded / arrived since */
	uint64_t ntnext;           /* records in tnext */
	uint8_t key[MAXSTATE + 2], aux[MAXPROC + 1];   /* the node being expanded */
	int klen, kalen;
	uint64_t hkey;             /* its state_hash (-cache=backedge's order) */
	uint64_t cur_link;         /* the stored node it is, or was reached from */
	int cur_transit;           /* it is not stored */
	uint8_t rec[NET_MAXREC];
	uint64_t stored, matched, sent_states;
	uint64_t revisits;         /* exploration: expansions of unstored nodes */
	uint64_t pass_revisits;    /* the passes: the same */
	NsStats stats;             /* what the layers counted in the exploration */
	long levels;               /* the exploration's depth in nodes (breadth-first) */
	int max_vec;
	Note err, bound;
	double t0;
	/* partial-order reduction (dist_owcty.c, "Partial-order reduction"):
	 * one choice per system state, owned with all its nodes */
	int por;
	Store sys;                 /* key: system state (claim pc 0) + atomic byte;
	                            * payload: its level d (u32), choice + 2 (u16, 0: not decided) */
	NetAsk ask;                /* the questions to other ranks (dist_net.h) */
	Queue deferred;            /* nodes whose decision waits for answers */
	uint32_t round;            /* the level being expanded (UINT32_MAX before the first) */
	int tainted;               /* the expansion used an answer not yet known */
	uint8_t skey[MAXSTATE + 2], qkey[MAXSTATE + 2];
	NetMarks marks;            /* the unreached-code report's (dist_net.h) */
} Ow;

/* -cache=backedge's total order (search/seq/ndfs.c's keep_succ): is key a
 * (length la, state_hash ha) not smaller than b?  An edge a -> b then
 * descends and the exploration stores b */
int owcty_not_below(uint64_t ha, const uint8_t *a, int la, uint64_t hb, const uint8_t *b, int lb);

/* rank 0 writes the trail to the noted node of rank `who` (a safety
 * error or a resource bound), or to the cycle OWCTY left; collective */
void owcty_trail_note(Ow *w, SearchResult *g, int who, Note *mine);
void owcty_trail_cycle(Ow *w, SearchResult *g);
#endif
