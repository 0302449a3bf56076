/* search.h — exhaustive exploration: DFS (default) and BFS, safety checks,
 * trails. */
#ifndef DSPIN_SEARCH_H
#define DSPIN_SEARCH_H
#include "../vm/next.h"
#include "store/store.h"

/* The search back ends (search/run.c dispatches on it; search/plan.c
 * chooses it from the options). */
typedef enum SearchKind { SEARCH_DFS, SEARCH_TWOPHASE, SEARCH_IMPROVISO, SEARCH_BFS, SEARCH_NDFS, SEARCH_PAR, SEARCH_DIST, SEARCH_OWCTY, SEARCH_SYM, NSEARCH } SearchKind;

typedef struct SearchOpts {
	SearchKind kind;         /* which back end runs (search_run) */
	int keep_going;         /* -e, -c0, -cN: count all errors */
	int numbered;           /* -e: a numbered trail for each of the first 1000 (pan -e) */
	int max_errors;         /* -cN (with keep_going): stop at the N-th error; 0 none */
	long max_depth;         /* 0: unbounded */
	size_t mem_limit;       /* bytes, 0: unbounded */
	int mem_default;        /* mem_limit is the default bound, not -M: it does not
	                         * turn on the compact stack (search/seq/dfs.c) */
	int quiet;
	int progress;           /* print a progress line every few seconds */
	const char *trail_path; /* where to write the first error's trail */
	const char *trail_opts; /* the options that shape the state space, for its header */
	/* called for every newly stored state (tests, oracles, dumps) */
	void (*on_store)(void *ctx, const uint8_t *b, int len);
	void *on_store_ctx;
	const Layer *stack;      /* the next-state interface to explore (its top layer) */
	int twophase;            /* Twophase instead of plain DFS: 1 SaveAll, 2 SaveBackEdge, 3 SaveNone */
	int improviso;           /* Improviso's relaxations of Twophase (search/seq/improviso.c);
	                          * under -symbolic, its symbolic version (search/sym/sym_improviso.c) */
	int sym_sift;            /* -symbolic -sift: reorder the BDD variables as the set grows */
	int sym_chain;           /* -symbolic -order=chain: each process's image on the set grown
	                          * by the images before it in the same iteration */
	int accept;              /* -a / -l: look for accepting cycles (nested DFS) */
	int store_mode;          /* STORE_EXACT, STORE_HC (-hc), STORE_BITSTATE (-bitstate),
	                          * STORE_TREE (-compress=tree) */
	int wbits;               /* -w: 2^wbits bits for -bitstate */
	int cores;               /* -cores=N: the multi-core search's workers (search/par/par.h) */
	long dfs_window;         /* the compact DFS stack (search/seq/dfs.c): 0 as the store
	                          * and memory bound decide, -1 never, N > 0 always with an
	                          * N-byte window, where no proviso is asked (-dfs-window, tests) */
	int cache_backedge;      /* -cache=backedge: under -a/-l store only successors not
	                          * greater than their predecessor (search/seq/ndfs.c) */
	/* -dist: the unreached-code report's marks, the array the bottom
	 * layer sets (vm/next.h, Reached), and its size: each rank marks its
	 * own and the search merges them into rank 0's at the end.  nreached
	 * 0: no report; reached NULL with nreached > 0: it could not be
	 * allocated, and the search fails.  The other searches share the
	 * array between their workers and ignore these. */
	Reached *reached;
	size_t nreached;
	int ends_off;            /* no invalid end states (-E): the stack's noends layer
	                          * says so per state; -symbolic skips its check */
} SearchOpts;

/* -dist: what one rank did (search/dist/dist.c) */
typedef struct DistRank {
	uint64_t stored;          /* states it owns */
	uint64_t messages;        /* batches it sent (successors and proviso queries) */
	uint64_t sent_states;     /* successors it sent to other ranks */
	uint64_t not_resent;      /* successors it had sent to their owner before,
	                           * not sent again (search/dist/dist_sent.h) */
	double peak_mb;           /* its peak resident memory */
	double secs;
	double cpu_secs;          /* its CPU time, user + system */
	double wait_secs;         /* its time waiting for the others at the ends of
	                           * levels and rounds, and for sends to finish */
} DistRank;

/* -symbolic: what the BDD search did (search/sym/sym.h) */
typedef struct SymStats {
	long double states;       /* reachable states, exact below 2^64 */
	int levels;               /* breadth-first levels explored */
	int nodes, peak_nodes;    /* BDD nodes of the reachable set; in use at most */
	int rel_nodes, groups;    /* nodes of the learned relations, and their groups */
	long learned;             /* projections learned */
	long next_calls;          /* witnesses expanded by the explicit next-state function */
	long safe_calls;          /* -por=improviso: states asked of ns_safe_group */
	int phases;               /* -por=improviso: phase 1 / phase 2 rounds */
	int sifts;                /* -sift: variable reorderings */
	int pmax, kmax, width;    /* the fixed layout: process and channel cells, bytes */
	int vars;                 /* BDD variables of the current values (the bytes' significant bits) */
	int restarts;             /* runs started again: a larger layout, more bits, another order */
	long probe_steps;         /* macro-steps of the random walks that guessed the first bits */
} SymStats;

typedef struct SearchResult {
	uint64_t stored, matched, atomic_steps, transitions;
	uint64_t revisits;        /* -cache=backedge: successors explored without being stored */
	uint64_t por_reduced;     /* Twophase: deterministic phase-1 steps; Improviso:
	                           * phase-1 states expanded with one process */
	NsStats stats;            /* what the layers counted */
	double omission;          /* -hc: expected fingerprint collisions; -bitstate:
	                           * the probability a new state was taken as visited */
	long depth;
	int errors;
	int incomplete;         /* 1 depth bound, 2 memory bound, 3 a resource
	                         * limit of the model (heap, call depth, state
	                         * vector size): bound_msg says which */
	char bound_msg[256];
	double secs;
	size_t mem;
	size_t store_bytes;       /* of mem, the visited-state store(s) */
	int max_vec;
	char first_error[256];
	int trail_written;
	/* the distinct error messages found (with -e: all of them, up to
	 * MAXKINDS; kinds_full says some were left out) */
#define MAXKINDS 32
	char kinds[MAXKINDS][128];
	int nkinds, kinds_full;
	/* -dist: the number of ranks, and on rank 0 one record per rank
	 * (malloc'd, the caller frees it) */
	int nranks;
	DistRank *ranks;
	SymStats sym;
} SearchResult;

/* seconds on the monotonic clock: every search's elapsed time and progress */
double search_now(void);
/* count an error and remember its message among the distinct ones */
void result_note_error(SearchResult *r, const char *msg);
/* What every search does with an error it meets (the first-error
 * reporter): count it, remember the first one's message, print the first
 * twenty with their depth, and tell the caller what else to do. */
typedef struct ErrorReport {
	int first;                 /* the first error: write o->trail_path's trail */
	int numbered;              /* -e: write numbered trail `numbered` (0: none) */
	int stop;                  /* the search ends here */
} ErrorReport;
ErrorReport result_report_error(SearchResult *r, const SearchOpts *o, const char *msg, long depth);
/* a move stopped by a resource limit (ERR_BOUND): the search goes on
 * without it and is incomplete.  Returns 1 when the caller should write
 * the trail to the state that needed more (the first such move, and no
 * error trail yet). */
int result_note_bound(SearchResult *r, const char *msg);

/* Explore o->stack with the back end o->kind (search/run.c); returns the
 * number of errors, or -1 when the search could not start (out of memory;
 * r->first_error says so). */
int search_run(VM *vm, const SearchOpts *o, SearchResult *r);
int trail_write(const SearchOpts *o, const Move *mv, int n, const char *err);
/* -e (the depth-first, nested and breadth-first searches): the num-th error's trail, PATHnum.trail for
 * o->trail_path = PATH.trail (pan's model.pml1.trail ...; -tNUM replays it) */
#define TRAIL_NUMBERED_MAX 1000
int trail_write_numbered(const SearchOpts *o, int num, const Move *mv, int n, const char *err);
int trail_write_numbered_cycle(const SearchOpts *o, int num, const Move *mv, int n, const char *err, int cycle);
int trail_write_cycle(const SearchOpts *o, const Move *mv, int n, const char *err, int cycle);
/* Process symmetry: a cycle whose identities go from `from` to `to` (np
 * positions) is repeated, each turn renamed once more, until they are
 * back: trail_cycle_turns says how many turns (at most 60; mv needs room
 * for that many copies of mv[cycle..n)), trail_unwind_cycle appends them
 * and returns the new length. */
int trail_cycle_turns(const uint8_t *from, const uint8_t *to, int np);
int trail_unwind_cycle(Move *mv, int n, int cycle, const uint8_t *from, const uint8_t *to, int np);
int trail_options(const char *path, char *buf, size_t size);
/* replay on a stack without symmetry or reduction (moves name creation pids) */
/* -t: replays the trail and checks that it shows its error: exit 1 when
 * it does ("error reproduced at step N"), TRAIL_NOT_REPRODUCED when the
 * replay ran but showed something else, 2 when it could not be read or
 * replayed */
#define TRAIL_NOT_REPRODUCED 5
int trail_replay(VM *vm, const Layer *plain, const char *path, FILE *out);
int trail_final_state(VM *vm, const Layer *plain, const char *path, uint8_t *buf, int *len);
/* One step of a replayed trail: step 0 is the initial state (mv NULL);
 * b is the state after the move, err the error the move raised (NULL if
 * none); cycle: the trail's accepting cycle starts with this step. */
typedef struct TrailStep {
	int step;
	const Move *mv;
	const uint8_t *b;
	int len;
	const char *err;
	int cycle;
} TrailStep;
typedef void (*TrailStepFn)(void *arg, const TrailStep *st);
/* Replay the trail at path on the plain stack, calling fn for the initial
 * state and after every move; the header's error goes to err.  Returns
 * the number of steps, or -1 (said on stderr) when the trail cannot be
 * read or does not fit the model. */
int trail_walk(VM *vm, const Layer *plain, const char *path, TrailStepFn fn, void *arg, char *err, size_t errlen);
#endif
