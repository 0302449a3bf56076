/* search.h — exhaustive exploration: DFS (default) and BFS, safety checks,
 * trails. */
#ifndef DSPIN_SEARCH_H
#define DSPIN_SEARCH_H
#include "../vm/vm.h"
#include "store.h"
#include "../reduce/reduce.h"

typedef struct SearchOpts {
	int bfs;
	int keep_going;         /* -e: count all errors */
	long max_depth;         /* 0: unbounded */
	size_t mem_limit;       /* bytes, 0: unbounded */
	int quiet;
	int progress;           /* print a progress line every few seconds */
	const char *trail_path; /* where to write the first error's trail */
	/* called for every newly stored state (tests, oracles, dumps) */
	void (*on_store)(void *ctx, const uint8_t *b, int len);
	void *on_store_ctx;
	const ProcSym *procsym;  /* process symmetry (DFS only), NULL: off */
	int por;                 /* partial-order reduction on (locations classified by reduce/por.c) */
	int twophase;            /* instead of por: Twophase, 1 SaveAll, 2 SaveBackEdge, 3 SaveNone */
	int accept;              /* -a / -l: look for accepting cycles (nested DFS) */
	int fair;                /* -f: weak fairness (SPIN's N+1 copies) */
} SearchOpts;

typedef struct SearchResult {
	uint64_t stored, matched, atomic_steps, transitions;
	uint64_t por_reduced;     /* states expanded with one process's moves only */
	long depth;
	int errors;
	int incomplete;         /* 1 depth bound, 2 memory bound */
	double secs;
	size_t mem;
	int max_vec;
	char first_error[256];
	int trail_written;
	/* the distinct error messages found (with -e: all of them, up to
	 * MAXKINDS; kinds_full says some were left out) */
#define MAXKINDS 32
	char kinds[MAXKINDS][128];
	int nkinds, kinds_full;
} SearchResult;

/* count an error and remember its message among the distinct ones */
void result_note_error(SearchResult *r, const char *msg);

int search_run(VM *vm, const SearchOpts *o, SearchResult *r);
int trail_write(VM *vm, const char *path, const Move *mv, int n, const char *err);
int trail_write_cycle(VM *vm, const char *path, const Move *mv, int n, const char *err, int cycle);
int trail_replay(VM *vm, const char *path, FILE *out);
int trail_final_state(VM *vm, const char *path, uint8_t *buf, int *len);
#endif
