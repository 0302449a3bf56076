/* par.h — the multi-core safety search (-cores=N, N >= 2): a
 * level-synchronous breadth-first search whose workers share one
 * lock-free state table (search/store/shtab.c).  docs/multicore.md gives the
 * design and what it guarantees. */
#ifndef DSPIN_PAR_H
#define DSPIN_PAR_H
#include "../search.h"

#define PAR_MAXCORES 64

/* Explore o->stack with `cores` worker threads.  The same counts (states
 * stored and matched, transitions, atomic steps) and verdict as the
 * single-core breadth-first search (-bfs) with the same reductions, and
 * without partial-order reduction the same counts as the depth-first
 * search; errors with -e are counted per expansion, so equal too.  Not
 * for -a/-l, Twophase, Improviso, or a store_mode other than STORE_EXACT:
 * the command refuses those (search_refuses, SEARCH_PAR).  Returns as
 * search_run does. */
int search_par(VM *vm, const SearchOpts *o, int cores, SearchResult *r);
#endif
