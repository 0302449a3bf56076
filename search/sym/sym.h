/* sym.h — the symbolic search (issue 39): the reachable states as a BDD
 * (BuDDy), the transition relation learned on the fly from the explicit
 * next-state function, one relation per process position.  The first
 * version: breadth-first, unreduced, the plain VM (no symmetry, claim,
 * fairness or partial-order reduction), assertion violations, run-time
 * errors and invalid end states as verdicts, no trail yet, and no
 * command-line option yet: tests/sym/ drives it against the explicit
 * search.  search/sym/sym.c's head says how it works. */
#ifndef DSPIN_SYM_H
#define DSPIN_SYM_H
#include "../search.h"

typedef struct SymResult {
	double states;             /* reachable states (exact below 2^53) */
	int levels;                /* breadth-first levels */
	int errors;                /* 0 or 1: the search stops at the first */
	char first_error[256];
	const char *refused;       /* why the model is outside the fragment (NULL: ran) */
	char why[256];             /* an internal check that failed (incomplete) */
	int incomplete;
	long learned;              /* projections learned */
	long next_calls;           /* expansions of witnesses */
	int nodes, peak_nodes;     /* BDD nodes of the reachable set, and in use at most */
	int pmax, kmax;            /* process and channel cells of the layout */
	double secs;
} SymResult;

/* Explore vm's model; o: keep_going is ignored, quiet, no_ends.  Returns
 * the number of errors, or -1 when the model was refused (r->refused) or
 * an internal check failed (r->why). */
int search_sym(VM *vm, int no_ends, SymResult *r);
#endif
