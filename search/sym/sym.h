/* sym.h — the symbolic search, `dspin -symbolic` (issue 39): the reachable
 * states as a BDD (BuDDy), the transition relation learned on the fly
 * from the explicit next-state function, one relation per process
 * location.  Breadth-first, unreduced, on the plain stack the plan builds
 * (the VM, and -E's layer): no symmetry, claim, fairness or partial-order
 * reduction yet.  Assertion violations, run-time errors and invalid end
 * states are found per level; the first error's trail is found backward
 * through the levels and written as an ordinary trail.  search/sym/sym.c's
 * head says how it works; docs/symbolic.md what it covers. */
#ifndef DSPIN_SYM_H
#define DSPIN_SYM_H
#include "../search.h"

/* why the model is outside the symbolic fragment (the summary says it),
 * or NULL */
const char *sym_refused(const Model *m);

/* Explore o->stack's model level by level: r as every search fills it
 * (stored = the reachable states when they fit in 64 bits, depth = the
 * levels), and r->sym.  Returns the number of errors, or -1 when it could
 * not run at all (r->first_error says why: built without BuDDy, out of
 * memory).  An internal check that failed, or a layout limit, ends the
 * search incomplete (3) with r->bound_msg. */
int search_symbolic(VM *vm, const SearchOpts *o, SearchResult *r);
#endif
