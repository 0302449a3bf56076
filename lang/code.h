/* code.h — the compiled form of a proctype: a control-flow graph of
 * locations (program counters) and transitions, as SPIN builds it with
 * statement merging off (-o3): every basic statement is one transition,
 * jumps (goto, break, the end of an option) are threaded away unless they
 * are the first statement of an option. */
#ifndef DSPIN_CODE_H
#define DSPIN_CODE_H
#include "ast.h"

typedef struct Code Code;
typedef struct Guard Guard;

typedef struct Trans {
	Stmt *st;           /* the statement this transition executes */
	int to;             /* target location */
	int from;           /* source location (where it was created) */
	int id;             /* index in Program.trans (trails name transitions by id) */
	int ptype;          /* proctype index (or function index when owner->is_func) */
	Proctype *owner;    /* the proctype or function whose code this is */
	int atomic_id;      /* atomic block it belongs to (0: none) */
	unsigned char atomic;   /* after it, the process keeps control */
	unsigned char escape;   /* nonzero: an unless escape (pan's order: lang/compile.c) */
	int esc_id;             /* escapes: the unless statement pan tags it with */
	struct Trans *esc_orig; /* an escape listed under another unless's tag: the original */
	struct Trans *copy_of;  /* an escape: the escape statement's transition it copies */
	unsigned char is_else;
	unsigned char is_goto;
	unsigned char no_atomic;     /* jumps out to the start of its atomic: ends the sequence */
	unsigned char heap_effect;   /* may change a reference or channel id: run the GC after it */
	Code *dstep;        /* S_DSTEP: the body, run to completion in one step */
	const struct Guard *guard;   /* vm/guard.c: the guard as flat code, NULL: use the tree */
	const struct Guard *act;     /* vm/guard.c: an assignment to a plain variable as
	                              * flat code, NULL: use the tree */
	unsigned char guard_done;    /* vm_compile_guards has looked at it */
	int select_lo, select_hi;
} Trans;

typedef struct Loc {
	Trans **t; int nt;
	unsigned char end, progress, accept, is_jump, has_escape, is_branch;
	unsigned char ends_atomic;   /* a goto to a label placed on an atomic statement */
	unsigned char atomic_entry;  /* the first location of an atomic block */
	int atomic_id;
	int gid;                     /* index in Program.locs: tables of the
	                              * analyses and reductions are indexed by it */
	Pos pos;
	const char *label;
} Loc;

struct Code {
	Loc *locs; int nlocs;
	int entry;
	int endloc;         /* the closing `}`: the process may die here */
	int exitloc;        /* d_step bodies: the location meaning "done" */
};

typedef struct Program {
	Model *m;
	Trans **trans; int ntrans;
	Loc **locs; int nlocs;       /* every location of every Code, d_step bodies too */
	struct AccessTable *access;  /* what each transition touches (access.h) */
} Program;

Program *compile_model(Diag *d, Model *m);   /* errors reported to d */
int find_label(Proctype *pt, const char *name);

#endif
