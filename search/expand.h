/* expand.h — the one expansion step of the searches that go level by
 * level: -bfs (search/seq/bfs.c), -cores (search/par/par.c) and -dist
 * (search/dist/dist.c, its search and its trail rebuilding).
 *
 * A stored state is expanded; the successors that continue an atomic
 * sequence are expanded in turn, depth-first within the one step and not
 * stored (as the depth-first search does, so that every search stores the
 * same states); a chain that comes back to one of its own states stops
 * there (counted as matched), and one longer than EXPAND_MAXCHAIN moves is
 * a resource bound (the search ends incomplete: it is no error of the
 * model, which SPIN and the depth-first search follow to its end).  What the step finds goes to the caller through hooks: a state
 * to store (with its hash, its depth and the moves to it), an error, a
 * move stopped by a resource limit.  The step knows no store, queue,
 * thread or rank.
 *
 * The distributed OWCTY (search/dist/dist_owcty.c) is not a user: its
 * graph keeps the states inside atomic sequences as nodes (an accepting
 * cycle may run through them), so it has no chains to follow.
 */
#ifndef DSPIN_EXPAND_H
#define DSPIN_EXPAND_H
#include "search.h"

#define EXPAND_MAXCHAIN 4000   /* moves in one step (an atomic chain) */
/* how the bound at EXPAND_MAXCHAIN begins: the replay (search/trail.c)
 * knows such a trail by it, and reproduces it as the chain's moves */
#define EXPAND_CHAIN_BOUND "atomic sequence longer than "

/* a state the step found to store */
typedef struct ExpandFound {
	const uint8_t *b;
	int len;
	const uint8_t *aux;
	int alen;
	uint64_t h;                /* state_hash(b, len) */
	uint32_t depth;
	int np;                    /* the moves to it from the expanded state: path[0..np) */
	int top;                   /* a successor of the expanded state itself: its index
	                            * in the top buffer (expand_state); else -1 */
} ExpandFound;

typedef struct ExpandHooks {
	void (*store)(void *arg, const ExpandFound *f, const Move *path);
	/* an error: the moves to the state it was met in (or after), path[0..np) */
	void (*error)(void *arg, const char *msg, const Move *path, int np);
	/* a move stopped by a resource limit (ERR_BOUND) */
	void (*bound)(void *arg, const char *msg, const Move *path, int np);
	/* 1: the step ends here (an error without -e, the memory bound) */
	int (*stopped)(void *arg);
	/* optional: a hash about to be stored, so its bucket can be fetched
	 * while the others are hashed */
	void (*prefetch)(void *arg, uint64_t h, int len);
} ExpandHooks;

typedef struct Expander {
	Ctx *c;
	const ExpandHooks *hooks;
	void *arg;
	long max_depth;            /* 0: none; a state at it is not expanded */
	SuccBuf *sbs;              /* one per chain level, kept (see succbuf_level) */
	int nsbs;
	uint64_t *hbuf;            /* the successors' hashes, a stack over the levels */
	size_t hused, hcap;
	/* what the steps did (the caller reads and may reset them) */
	uint64_t matched;          /* chains that came back to one of their states */
	uint64_t atomic_steps;     /* states inside atomic sequences expanded */
	int depth_cut;             /* a state at max_depth had successors */
	int oom;                   /* out of memory: the step is incomplete */
	Move path[EXPAND_MAXCHAIN + 1];
	const uint8_t *chain[EXPAND_MAXCHAIN + 2];   /* the chain's states, by level */
	int chainlen[EXPAND_MAXCHAIN + 2];
} Expander;

void expander_init(Expander *x, Ctx *c, const ExpandHooks *hooks, void *arg, long max_depth);
void expander_free(Expander *x);
/* Expand the stored state (b, len, aux, alen) of depth `depth`.  Its own
 * successors go into top (NULL: the expander's own buffer), where the
 * caller may keep them after the step (search/par/par.c's pipeline). */
void expand_state(Expander *x, SuccBuf *top, const uint8_t *b, int len, const uint8_t *aux, int alen, uint32_t depth);

/* the successor buffer of atomic-chain level `level` in the array *sbs of
 * *nsbs (grown, new ones empty; NULL: out of memory).  One is kept per
 * level, so that a level's successors stay put while the deeper levels
 * are expanded (a grown array moves the SuccBuf structs, not their
 * arenas: re-read &(*sbs)[level] after a deeper call) */
SuccBuf *succbuf_level(SuccBuf **sbs, int *nsbs, int level);

#endif
