/* run.c — the one dispatcher: which back end explores the stack, by the
 * search kind the plan chose (search/plan.c).  The back ends are the
 * folders of search/: seq/ (DFS, Twophase, Improviso, nested DFS, BFS),
 * par/ (-cores), dist/ (-dist, -dist -a/-l), sym/ (-symbolic). */
#include "search.h"
#include "seq/seq.h"
#include "par/par.h"
#include "dist/dist.h"
#include "sym/sym.h"
#include <stdio.h>
#include <string.h>

int search_run(VM *vm, const SearchOpts *o, SearchResult *r)
{
	memset(r, 0, sizeof *r);
	switch (o->kind) {
	case SEARCH_DFS: case SEARCH_TWOPHASE: case SEARCH_IMPROVISO:
		return search_dfs(vm, o, r);
	case SEARCH_NDFS: return search_ndfs(vm, o, r);
	case SEARCH_BFS: return search_bfs(vm, o, r);
	case SEARCH_PAR: return search_par(vm, o, o->cores, r);
	case SEARCH_DIST: return search_dist(vm, o, r);
	case SEARCH_OWCTY: return search_dist_owcty(vm, o, r);
	case SEARCH_SYM: return search_symbolic(vm, o, r);
	case NSEARCH: break;
	}
	snprintf(r->first_error, sizeof r->first_error, "no search of kind %d", (int)o->kind);
	return -1;
}
