/* support.c — which search offers which reduction, in one table.  The
 * command asks it before it builds a layer stack, and its messages are
 * the ones the user sees. */
#include "search.h"

static const char *const NAMES[NSEARCH] = { "depth-first search", "Twophase", "Improviso", "-bfs", "-a/-l (nested DFS)", "-cores (parallel BFS)", "-dist (distributed BFS)", "-dist -a/-l (OWCTY)" };

/* NULL: supported; else the reason, completing "<reduction> is not
 * available with <search>: ..." */
static const char *const REFUSE[NSEARCH][NRED] = {
	[SEARCH_DFS] = { NULL, NULL, NULL },
	[SEARCH_TWOPHASE] = { NULL, NULL, NULL },
	[SEARCH_IMPROVISO] = { NULL, NULL, NULL },
	[SEARCH_BFS] = { NULL, NULL, NULL },
	[SEARCH_NDFS] = {
		NULL,
		NULL,
		NULL,
	},
	/* the level proviso (search/par/par.c) is the one that runs in parallel:
	 * static and si; Twophase and Improviso are depth-first strategies
	 * and run static here, as with -bfs */
	[SEARCH_PAR] = { NULL, NULL, NULL },
	/* the same level proviso, its queries answered by the states'
	 * owners (search/dist/dist.c) */
	[SEARCH_DIST] = { NULL, NULL, NULL },
	/* symmetry canonicalises before the owner's hash and every node is
	 * expanded with the identities it was stored with (dist_owcty.c);
	 * the reduction runs with one choice per system state and a level
	 * proviso on system states (dist_owcty.c), except with
	 * -cache=backedge and process symmetry (cli/main.c) */
	[SEARCH_OWCTY] = { NULL, NULL, NULL },
};

const char *search_refuses(int se, int red)
{
	return REFUSE[se][red];
}

const char *search_name(int se)
{
	return NAMES[se];
}
