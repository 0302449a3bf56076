/* seq.h — the sequential searches, one process and one thread: the
 * depth-first search with its strategies (plain, Twophase, Improviso:
 * dfs.c, improviso.c), the nested depth-first search for -a/-l (ndfs.c)
 * and the breadth-first search (bfs.c).  search_run (search/run.c) calls
 * them; each returns as search_run does. */
#ifndef DSPIN_SEQ_H
#define DSPIN_SEQ_H
#include "../search.h"

int search_dfs(VM *vm, const SearchOpts *o, SearchResult *r);
int search_ndfs(VM *vm, const SearchOpts *o, SearchResult *r);
int search_bfs(VM *vm, const SearchOpts *o, SearchResult *r);
#endif
