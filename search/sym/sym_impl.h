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

/* why a run ends to start again, besides the layout's SYM_MORE_PROCS and
 * SYM_MORE_CHANS (sym_vars.c) */
enum { SYM_MORE_BITS = 100, SYM_REORDER };

#define SYM_LINES 20            /* error lines printed, as every search prints the first 20 */
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
	/* the variables (sym_vars.c): per run, byte i's first variable and
	 * its significant bits, and per variable pair its byte (-1: none)
	 * and the bit's shift in it */
	int *vbase;
	uint8_t *vbits;
	int *vbyte;
	uint8_t *vshift;
	int nvars, nreal;
	/* across runs: the bits of every role (the globals block's bytes,
	 * the process cells' j-th bytes, the channel cells'), the order of
	 * the bytes' blocks and the one before it (order_w: the width they
	 * are for) */
	uint8_t *gbits, *pbits, *kbits;
	int *order, *prev_order, order_w;
	BDD *pkeep, *pother;       /* per process cell: learn_proc's variable sets */
	BDD *plearned;             /* -order=chain: per process cell, the states it was learned on */
	int bitsgrow;              /* a successor did not fit its bits: again, with more */
	int sifted;                /* nodes of the visited set when the order was last made */
	int no_attach;             /* the attach order made the set larger once: not again */
	int attaches;              /* restarts for the attach order */
	int attach_point, attach_nodes;   /* where the last one was made (a count of sym_sift's calls), and the set's nodes there */
	int point;                 /* sym_sift's calls this run: the same places in every run */
	bddPair *n2c;
	BDD *lev;                  /* the frontier of every level so far (the trail's way back) */
	int nlev, caplev;
	SymError err;
	int have_err;
	char lines[SYM_LINES][320];   /* the error lines, printed at the end (note_error) */
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

/* the variables (sym_vars.c) */
int sym_bits_of(unsigned v);
/* the roles' first bits, from the model and the initial state; -1 out of memory */
int sym_bits_start(Sym *s, const uint8_t *init, int ilen);
void sym_bits_done(Sym *s);
/* the roles' bits at least what state b (a state vector) holds */
void sym_bits_observe(Sym *s, const uint8_t *b);
/* the roles' bits from random walks from init (sym_probe.c); -1 out of
 * memory */
int sym_probe(Sym *s, const uint8_t *init, int ilen);
/* this run's variables from the roles' bits and the order (s->l set);
 * -1 out of memory */
int sym_vars_init(Sym *s);
void sym_vars_free(Sym *s);
/* byte i needs to hold v: more bits for its role, and s->bitsgrow */
void sym_want(Sym *s, int i, unsigned v);
/* the cube of bytes fix[D] on D's current (next = 0) or next variables,
 * and'ed onto base; referenced */
BDD sym_bytes_cube(Sym *s, const int *bytes, int nbytes, const uint8_t *fix, int next, BDD base);
/* one state of the set c (a path to true, skipped variables 0) as bytes */
void sym_cube_bytes(Sym *s, BDD c, uint8_t *fix);
/* the variable set of bytes[0..n) (current or next), referenced */
BDD sym_var_cube(Sym *s, const int *bytes, int n, int next);
/* the pair (cur[D], nxt[D]) as one cube, referenced; bddfalse (and
 * sym_want) when a byte does not fit its bits */
BDD sym_pair_cube(Sym *s, const int *bytes, int n, const uint8_t *cur, const uint8_t *nxt);
/* D's current variables to their next ones, into p */
void sym_pairs_c2n(Sym *s, bddPair *p, const int *bytes, int n);
/* the states of V (a set over the current variables) */
long double sym_count_states(Sym *s, BDD V);

/* the groups' bytes (sym_bytes.c) */
void sym_mark_chans(Sym *s, char *in);
/* D of process p at (t, pc), global arrays refined by the frozen
 * indices' values in witness (a state of the group; NULL: not refined) */
void sym_mark_group(Sym *s, char *in, int p, int t, int pc, const uint8_t *witness);
/* s->fkey, s->nfkey: the frozen index locals of every proctype */
void sym_frozen_keys(Sym *s);
/* an internal check or a limit: the search ends incomplete, with why */
void sym_fail(Sym *s, const char *fmt, const char *arg);

/* the search's steps, shared with sym_improviso.c */
int sym_bdd_ok(Sym *s);
void sym_peak(Sym *s);
/* the variable order when the visited set V has grown: the attach
 * order (a restart, SYM_REORDER), or -sift's sifting in place */
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
