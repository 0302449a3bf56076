/* access.h — one traversal of the syntax tree, and one analysis of what
 * each transition touches.
 *
 * The visitor reaches every place an expression can stand: global and
 * local initialisers, provided clauses, every statement of every
 * proctype, function, method and never claim (unless escapes, atomic and
 * d_step bodies, for and select, inline expansions are already statements
 * by then), run and call arguments, array indices, field bases, channel
 * operands.  Each expression is handed over with how its value is used.
 *
 * The access analysis walks with it and gives every transition the set of
 * abstract locations one step of it reads or writes.  Partial-order
 * reduction (reduce/por.c, por_chan.c), process symmetry's eligibility
 * (reduce/procsym.c) and the garbage collector's skip (compile.c) are
 * computed from these sets and from nothing else, so they cannot disagree
 * about what a statement touches. */
#ifndef DSPIN_ACCESS_H
#define DSPIN_ACCESS_H
#include "code.h"

/* ---- the visitor ---- */

typedef enum {
	USE_READ,      /* the value is read */
	USE_COND,      /* the value decides whether the statement can run:
	                * an expression statement, a provided clause */
	USE_WRITE,     /* the variable is assigned */
	USE_UPDATE,    /* read and assigned (x++) */
	USE_SEND,      /* a channel sent to */
	USE_RECV,      /* a channel received from */
	USE_TEST,      /* a channel whose length is tested or that is polled */
	USE_REMOTE     /* a variable of another process, named by P[i]:x */
} Use;

typedef enum { IN_BODY, IN_LOCAL_INIT, IN_PROVIDED, IN_GLOBAL_INIT } Where;

typedef struct Visitor Visitor;
struct Visitor {
	/* called on every expression before its operands; nonzero skips them */
	int (*expr)(Visitor *v, Expr *e, Use use);
	void *ctx;
	Proctype *scope;    /* whose code or declarations (NULL: the globals) */
	Where where;
};

void visit_expr(Visitor *v, Expr *e, Use use);
/* is the expression used as a channel (sent to, received from, tested)? */
int use_is_chan(Use use);
/* the expressions one step of s evaluates (not its nested statements) */
void visit_step(Visitor *v, Stmt *s);
/* s and every statement nested in it */
void visit_stmt(Visitor *v, Stmt *s);
/* local initialisers, provided clause, body */
void visit_proctype(Visitor *v, Proctype *pt);
/* global initialisers, proctypes, the never claim, functions and methods */
void visit_model(Visitor *v, Model *m);

/* ---- access sets ---- */

typedef enum {
	A_LOCAL,     /* a variable of the moving process or its call frame (Var) */
	A_PID,       /* its own _pid */
	A_GLOBAL,    /* a global variable (Var) */
	A_HEAP,      /* one field of the objects of a class (the field's Var) */
	A_NEW,       /* an allocation (the Record) */
	A_CHAN,      /* a channel's contents, named by an expression (Expr) */
	A_NRPR,      /* the number of processes, _nr_pr */
	A_RUN,       /* a process created (its Proctype): a pid, _nr_pr */
	A_REMOTE,    /* another process's locals or pc (its Proctype) */
	A_REMOTE_AT, /* P[i]@L: whether P is at L (the label's Loc in P's code) */
	A_REMOTE_VAR,/* P[i]:x: P's local x (its Var; NULL: not known which) */
	A_ALLPROCS,  /* every process: enabled(), pc_value(), _last */
	A_TIMEOUT,   /* whether any process can move */
	A_NP,        /* whether any process is in a progress state (np_) */
	A_PRIO,      /* a process's priority */
	A_CALL,      /* a call frame pushed (the function's Proctype) */
	A_RETURN     /* a call frame popped, the caller's target written */
} AccKind;

enum {
	AM_READ = 1,     /* A_RUN: the new pid is used */
	AM_WRITE = 2,    /* A_RUN: the process is created */
	AM_SEND = 4,
	AM_RECV = 8,
	AM_TEST = 16
};

typedef struct AccItem {
	unsigned char kind;   /* AccKind */
	unsigned char mode;   /* AM_* */
	const void *obj;
} AccItem;

/* a set: one item per (kind, obj), with the modes or-ed together */
typedef struct Access {
	AccItem *v;
	int n;
	unsigned char writes_ref;    /* stores a reference */
	unsigned char writes_chan;   /* stores a channel id */
} Access;

/* Where an expression is evaluated decides whose set it joins.  Local
 * initialisers run when the process is created: they join the set of
 * every `run` that creates it (their own locals and _pid left out: those
 * belong to the new process) and the proctype's summary.  A function's
 * local initialisers run in the call step.  A provided clause is evaluated
 * with every step of its process, in functions it calls too.  A d_step's
 * set is its body's.  The callee's statements are steps of their own; a
 * call step's set holds the A_CALL, and `reach` the callee's code. */
typedef struct AccessTable {
	Access **trans;     /* by Trans.id: one step of it */
	Access **loc;       /* by Loc.gid: any step leaving it */
	Access **own;       /* by proctype index: its code, initialisers, provided */
	Access **reach;     /* by proctype index: own and every function it may call */
	Access **func;      /* by function index: its code and initialisers */
	Access *claim;      /* what the never claim observes (NULL: none) */
	Access *globals;    /* the global initialisers */
	Access *model;      /* all of the above */
	Access *system;     /* all but the claim: what the processes observe of
	                     * each other (the claim's observations are the claim
	                     * layer's to judge, vm/layer_claim.c) */
} AccessTable;

/* compile_model calls it (Program.access); GC-allocated, immutable after */
AccessTable *access_analyze(Program *p);

void access_add(Access *a, AccKind k, const void *obj, int mode);
void access_union(Access *a, const Access *b);
/* start and the code of every function it can call, transitively
 * (AccessTable.reach is this of each proctype's own) */
Access *access_reach(const Model *m, const AccessTable *t, const Access *start);
/* the modes with which a touches (k, obj); obj NULL: any obj of kind k */
int access_find(const Access *a, AccKind k, const void *obj);
/* touches nothing but the moving process's own variables and _pid, and
 * stores no reference (the collector could then free what others see) */
int access_private(const Access *a);
/* may change which objects are reachable or how they are numbered */
int access_heap_effect(const Access *a);

#endif
