/* dist.h — the distributed safety search over MPI (-dist): one process
 * (rank) per node or core, each owning the states whose hash maps to it;
 * a level-synchronous breadth-first search with the -bfs/-cores level
 * proviso.  docs/distributed.md gives the design and what it guarantees.
 * Only cli/main.c, search/run.c and the -dist searches include this file: they are the only
 * parts of dspin that touch MPI, and only when -dist is given. */
#ifndef DSPIN_DIST_H
#define DSPIN_DIST_H
#include "../search.h"

/* MPI_Init; the rank (0 .. nranks-1).  MPI_Finalize is registered with
 * atexit, so every exit path of the command finalizes. */
int dist_init(int *argc, char ***argv, int *nranks);

/* The command's exit status on this rank: every rank waits until rank 0
 * has written its trail and summary (mpirun stops every rank when one
 * exits with a status other than 0), then rank 0 returns code and the
 * others 0. */
int dist_exit(int code);

/* Explore o->stack over every rank (each rank calls it; every rank gets
 * the same global counts in r, rank 0 the trail and r->ranks).  The same
 * states stored and matched, transitions, atomic steps, errors (with -e)
 * and verdict as -bfs on one process with the same reductions.  Not for
 * -a/-l, Twophase, Improviso or a store_mode other than STORE_EXACT: the
 * command refuses those.  Returns as search_run does. */
int search_dist(VM *vm, const SearchOpts *o, SearchResult *r);

/* -dist with -a or -l: accepting (non-progress) cycles by OWCTY over
 * every rank (search/dist/dist_owcty.c), with the safety checks of the nested
 * search on the way.  The verdict is the nested search's; the counts are
 * the product graph's, not ndfs.c's.  Not for partial-order reduction, a
 * depth bound, -cache=backedge or a store other than the exact one: the
 * command refuses those or runs without them. */
int search_dist_owcty(VM *vm, const SearchOpts *o, SearchResult *r);
#endif
