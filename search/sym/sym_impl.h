/* sym_impl.h — what sym.c (the search) and sym_trail.c (its trails)
 * share: the groups, the search's state, the bit helpers.  Not for other
 * folders: search/sym/sym.h is the interface. */
#ifndef DSPIN_SYM_IMPL_H
#define DSPIN_SYM_IMPL_H
#include "sym.h"
#include "sym_layout.h"
#include "../expand.h"
#include "../../lang/access.h"
#include <bdd.h>

/* one variable pair per bit of the fixed vector: the current value at an
 * even variable, the next at the odd one after it */
#define CUR(i, b) (2 * (8 * (i) + (b)))
#define NXT(i, b) (CUR(i, b) + 1)

#define SYM_MAXKEY 32           /* bytes of frozen locals a group is keyed by, at most */

typedef struct Group {
	int p, t, pc;
	uint8_t key[SYM_MAXKEY];   /* the values of t's frozen index locals (Sym.fkey) */
	char *in;                  /* width flags: the byte is in D */
	int *bytes, nbytes;        /* D, ascending */
	BDD at;                    /* p stands at (t, pc) */
	BDD curcube;               /* D's current variables */
	BDD nxtcube;               /* D's next variables */
	BDD rest;                  /* the current variables outside D */
	BDD rel, learned;
	BDD dom;                   /* the learned projections with a move: rel's domain */
	BDD errdom;                /* those whose only moves fail (a run-time error) */
	/* -por=improviso (sym_improviso.c) */
	int p1;                    /* its moves may be phase 1's: safe somewhere, none into atomic */
	int scope;                 /* ns_safe_scope at (t, pc) */
	BDD safe;                  /* the states at (t, pc) where p is safe (NS_SAFE_STATE: learned) */
	BDD safelearned;           /* NS_SAFE_STATE: the projections asked of ns_safe_group */
	BDD safeaway, safevars;    /* NS_SAFE_STATE: the current variables it does not read, and the rest */
	bddPair *c2n;              /* D's current variables to their next ones (made when needed) */
} Group;

/* the first error: where it was met, for the trail (sym_trail.c) */
typedef struct SymError {
	int level;                 /* the level of the state it was met in */
	uint8_t *state;            /* that state, in the fixed layout */
	Move *moves;               /* the moves from it to the error (none: an invalid end) */
	int nmoves;
	char msg[256];
} SymError;

typedef struct Sym {
	VM *vm;
	const Model *m;
	const SearchOpts *o;
	const AccessTable *acc;
	SymLayout l;
	Ctx *c;
	Expander *x;
	SearchResult *r;
	SymStats *st;
	Group **g;
	int ng;
	BDD allcur;
	BDD ends;                  /* the valid end states (check_ends) */
	BDD init;                  /* the initial state */
	BDD reach;                 /* -por=improviso, -order=chain: every state reached so far
	                            * (their trails' ground) */
	int improviso, chain;
	/* arrays indexed by what never changes (sym.c, "frozen indices"):
	 * per proctype, the cell offsets of the frozen locals its global
	 * arrays are indexed by (a group's key), and their number */
	int **fkey, *nfkey;
	int nofrozen;
	int sifted;                /* nodes of the visited set after the last sifting */
	int no_attach;             /* the attach order made the set larger once: not again */              /* DSPIN_SYM_WHOLE_ARRAYS set: the refinement off (measuring) */
	bddPair *n2c;
	BDD *lev;                  /* the frontier of every level so far (the trail's way back) */
	int nlev, caplev;
	SymError err;
	int have_err;
	/* the witness being expanded */
	Group *cg;
	int level;
	BDD u;                     /* its projection */
	uint8_t *wfix, *sfix, *sv;
	int grow;                  /* SYM_MORE_PROCS / SYM_MORE_CHANS met: a larger layout */
	int moved;                 /* the witness had a move of the group's process */
	int moved_err;             /* ... one that failed */
	int stop;                  /* an error (without -e), a refusal or a failed check */
	int cut;                   /* learning at the -m level: its moves' errors do not count */
} Sym;

void sym_keep(BDD *dst, BDD v);
/* the cube of bytes fix[D] on D's current (next = 0) or next variables,
 * and'ed onto base; referenced */
BDD sym_bytes_cube(const int *bytes, int nbytes, const uint8_t *fix, int next, BDD base);
/* one state of the set c (a path to true, skipped variables 0) as bytes */
void sym_cube_bytes(BDD c, uint8_t *fix, int width);
/* an internal check or a limit: the search ends incomplete, with why */
void sym_fail(Sym *s, const char *fmt, const char *arg);

/* the search's steps, shared with sym_improviso.c */
int sym_bdd_ok(Sym *s);
void sym_peak(Sym *s);
/* -sift: reorder the variables when the visited set V has grown */
void sym_sift(Sym *s, BDD V);
/* learn process p's groups on the states of F (phase1: only the groups
 * whose moves phase 1 may take), or every process's */
void sym_learn_proc(Sym *s, int p, BDD F, int phase1);
void sym_groups_of_frontier(Sym *s, BDD F);
/* the successors of F by every learned group; referenced */
BDD sym_image(Sym *s, BDD F);
/* by process p's groups only */
BDD sym_image_of(Sym *s, BDD F, int p);
/* by one group; referenced */
BDD sym_group_image(Sym *s, const Group *g, BDD F);
/* F's states without a move that are not valid ends: errors */
void sym_check_ends(Sym *s, BDD F);
/* -por=improviso's search from init (referenced by the caller); the
 * visited states into *V (referenced) */
void sym_improviso(Sym *s, BDD init, BDD *V);
/* -por=improviso, -order=chain: s->lev rebuilt as the breadth-first
 * levels inside s->reach up to the error's state, err.level its level;
 * -1 (with sym_fail) if it is not reached */
int sym_levels_in_reach(Sym *s);

/* the moves from the initial state to s->err's error (malloc'd), their
 * number in *n; -1 (with sym_fail) if a step back cannot be found */
int sym_trail(Sym *s, Move **mv, int *n);
#endif
