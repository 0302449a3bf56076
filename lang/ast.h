/* ast.h — the DPML abstract syntax tree and symbol tables.
 *
 * The parser builds this tree; the checker (check.c and its passes, check.h)
 * resolves names and types in place, lays the data out and lowers calls;
 * compile.c turns each proctype body into the control-flow graph the VM runs.
 * All nodes are allocated with Boehm GC (front end only, never the search).
 */
#ifndef DSPIN_AST_H
#define DSPIN_AST_H
#include <stdint.h>
#include <stddef.h>
#include "pos.h"
#include "diag.h"
#include "alloc.h"


typedef enum {
	TY_NONE, TY_BIT, TY_BOOL, TY_BYTE, TY_SHORT, TY_INT, TY_UNSIGNED,
	TY_MTYPE, TY_CHAN, TY_PID, TY_RECORD,
	TY_REF                    /* reference to a heap object of class `rec` */
} TypeKind;

struct Expr; struct Stmt; struct Record; struct ChanSpec; struct Proctype;

/* A variable: global, process-local, parameter, or record field. */
typedef struct Var {
	const char *name;
	Pos pos;
	TypeKind kind;
	int bits;                 /* unsigned x : bits */
	struct Record *rec;       /* TY_RECORD */
	int arrlen;               /* 0: scalar; >0: array length */
	struct Expr *arrlen_expr; /* unevaluated length (constant expression) */
	struct Expr *init;        /* scalar initializer */
	struct ChanSpec *chan;    /* chan initializer, NULL if none */
	int scope;                /* SC_GLOBAL, SC_LOCAL, SC_FIELD */
	int offset;               /* byte offset in its block */
	int elemsize;             /* size of one element in bytes */
	int is_param;
	int hidden, xr, xs;
	int used;
	int in_func;              /* a parameter or local of a function: lives in a call frame */
	int chanslot;             /* embedded channel field: its first slot number */
	int mtg;                  /* TY_MTYPE: its mtype group (0 = plain mtype) */
	int seq;                  /* a global: its top-level item's place in the text,
	                           * from 1 (0: made by dspin, seen everywhere) */
} Var;
enum { SC_GLOBAL, SC_LOCAL, SC_FIELD };

typedef struct Record {
	const char *name;
	Pos pos;
	Var **fields; int nfields;
	int size;
	int laid_out;
	int is_typedef;           /* dSPIN record: inline by default, `&` makes a reference */
	int is_class;             /* allocatable with new (class, or dSPIN typedef used by reference) */
	int declared;             /* body seen (dSPIN allows `typedef node;` first) */
	int id;                   /* class id in the heap (index in Model.records) */
	int *refoffs; int nrefoffs;  /* byte offsets of reference fields (flattened) */
	int *chanoffs; int nchanoffs;  /* embedded channels (`chan c = [n] of {..}` fields) */
	struct ChanSpec **chanspec_of;
	int *chanrefoffs; int nchanrefoffs;  /* plain chan-typed fields (ids) */
	/* the bytes of a fresh instance, its fields' initializers applied
	 * (`typedef R { byte x = 3 }`), nested records and array elements
	 * included; NULL when every byte is zero.  Built once by
	 * layout_record_images (lang/check/layout.c, called by compile_model) and copied
	 * into every variable, frame and object of this type */
	uint8_t *image;
	int image_done;
} Record;

/* `[cap] of { t1, t2, ... }` */
typedef struct ChanSpec {
	struct Expr *cap_expr;
	int cap;
	int nfields;
	TypeKind *ftypes;
	int *fbits;
	int *fmtg;                /* mtype group of each TY_MTYPE field */
	struct Record **frec;     /* parser: the record of a TY_RECORD field (layout.c flattens it) */
	struct Record **fcls;     /* the class of each TY_REF field (NULL for the others) */
	int *foff;                /* offset of each field inside a message */
	int msgsize;
	int nrefs;                /* fields that are references */
	int id;                   /* index in Model.chanspecs */
	Pos pos;
} ChanSpec;

typedef enum {
	E_CONST, E_NAME, E_VAR, E_FIELD, E_UN, E_BIN, E_COND,
	E_LEN, E_EMPTY, E_NEMPTY, E_FULL, E_NFULL, E_RUN, E_POLL,
	E_TIMEOUT, E_NRPR, E_PID, E_REMOTE_LABEL, E_REMOTE_VAR,
	E_ENABLED, E_PCVALUE, E_NP, E_EVAL, E_UNDERSCORE, E_MTYPE_NAME,
	E_GETPRIO, E_LASTPID, E_NEW, E_NULL,
	E_CALL,                   /* f(args) or receiver.m(args): a = receiver; ptype = the function */
	E_SETPRIO                 /* set_priority(a, b): only as a statement (resolve.c) */
} ExprKind;

/* the operator of an E_UN or E_BIN (the parser maps its token: parse_expr.c
 * binop_of, unop_of); what the checker, the VM and the analyses switch on */
typedef enum Op {
	OP_NONE,
	OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD,   /* + - * / % */
	OP_SHL, OP_SHR, OP_BAND, OP_BOR, OP_BXOR, /* << >> & | ^ */
	OP_EQ, OP_NE, OP_LT, OP_GT, OP_LE, OP_GE, /* == != < > <= >= */
	OP_AND, OP_OR,                            /* && || */
	OP_NEG, OP_NOT, OP_BNOT                   /* unary - ! ~ */
} Op;

typedef struct Expr {
	ExprKind k;
	Pos pos;
	Op op;                    /* E_UN / E_BIN */
	int32_t val;              /* E_CONST */
	const char *name;         /* E_NAME, E_RUN proctype, remote names */
	struct Var *var;          /* E_VAR / E_FIELD field */
	struct Expr *a, *b, *c;   /* operands; a=index for E_VAR, a=base for E_FIELD */
	struct Expr **args; int nargs;   /* E_RUN args, E_POLL args */
	int poll_random;          /* E_POLL: ?? */
	struct Proctype *ptype;   /* E_RUN, E_REMOTE_* */
	int label_loc;            /* E_REMOTE_LABEL: location */
	TypeKind type;            /* result type after check (scalar kind) */
	int bits;
	int mtg;                  /* a constant from an mtype name: its group */
} Expr;

typedef enum {
	S_EXPR, S_ASSIGN, S_INCR, S_DECR, S_SEND, S_RECV, S_PRINTF, S_PRINTM,
	S_ASSERT, S_GOTO, S_BREAK, S_ELSE, S_IF, S_DO, S_SEQ, S_ATOMIC,
	S_DSTEP, S_UNLESS, S_LABEL, S_FOR, S_SELECT, S_DECL, S_SKIP,
	S_CALL,                   /* [lhs =] call (rhs is the E_CALL) */
	S_RETURN                  /* return [rhs] */
} StmtKind;

typedef struct Stmt {
	StmtKind k;
	Pos pos;
	const char *text;         /* source text for trails */
	struct Expr *lhs, *rhs;   /* assign; EXPR uses rhs; SEND/RECV: lhs = channel */
	struct Expr **args; int nargs;   /* send/recv/printf args */
	int sorted;               /* !! */
	int random;               /* ?? */
	int copy;                 /* ?<...> */
	const char *fmt;          /* printf */
	const char *label;        /* goto target / label name */
	struct Stmt **body; int nbody;    /* SEQ, ATOMIC, DSTEP bodies */
	struct Stmt ***opts; int *optlen; int nopts;   /* IF/DO options */
	struct Stmt *sub, *esc;   /* LABEL: sub; UNLESS: sub unless esc */
	struct Expr *lo, *hi;     /* FOR/SELECT range; FOR in: hi=NULL, lo=array var */
	struct Var *var;          /* DECL */
	int end_flags;
	int is_block;              /* S_SEQ written as { ... } (or an inline body) */
	int select_loop;           /* S_SELECT that SPIN expands into a loop (parse_stmt.c) */
} Stmt;

/* A proctype (or init / never claim) before and after compilation. */
typedef struct Proctype {
	const char *name;
	Pos pos;
	int active;               /* number of active instances */
	struct Expr *active_expr;
	Var **params; int nparams;
	Var **locals; int nlocals;  /* includes params first */
	Stmt *body;
	struct Expr *provided;
	int is_init, is_never;
	int seq;                  /* its top-level item's place in the text (Var.seq):
	                           * the globals declared after it are not in scope */
	/* functions and methods are Proctypes too (params, locals, body, code) */
	int is_func;
	TypeKind ret_kind;        /* TY_NONE: void */
	struct Record *ret_rec;
	struct Record *cls;       /* method of this class: `this` is parameter 0 */
	int ntemps;               /* temporaries made for calls inside expressions */
	int index;
	int localsize;
	struct Code *code;        /* compiled control-flow graph (vm/) */
	Pos end_pos;              /* the body's closing brace (pan's "-end-" line) */
	int nlocal_chans;
	int priority;             /* `priority N` (default 1): the initial _priority */
	struct Expr *prio_expr;
	struct Var *prio_var;     /* the `_priority` local, when the model uses priorities */
	void *labels_; int nlabels_;  /* compile.c's label table */
	int *refoffs; int nrefoffs;   /* reference offsets in the locals block */
	int *chanoffs; int nchanoffs; /* chan-typed variables in the locals block */
	/* no remote reference names it: once an instance is at its closing
	 * brace nothing reads its locals again, so the collector drops the
	 * references they hold (heap/gc.c) */
	int refs_dead_at_end;
} Proctype;

typedef struct Inline {
	const char *name;
	const char **params; int nparams;
	struct Token *toks; int ntoks;  /* body tokens, replayed at each call */
	int expanding;            /* being expanded: a call now is recursion */
	int broken;               /* its body had errors: do not expand it again */
	Pos pos;
} Inline;

/* an `ltl NAME { formula }` block.  text: the formula between the braces,
 * each token as written and one space where the source had a gap (so no
 * comments); cpos[i]: where text[i] is in the user's file, so that errors
 * in the formula and in the claim made from it point there.  order: how
 * many never claims came before it in the file (pan's default claim is the
 * first one in the file, of either kind). */
typedef struct LtlDecl { const char *name; Pos pos; const char *text; Pos *cpos; int order; } LtlDecl;

struct Model;
/* the name of value v of mtype group g, or NULL */
const char *mtype_name(const struct Model *m, int g, int v);
/* the mtype group an expression's value belongs to (0: plain mtype) */
int expr_mtype_group(const struct Expr *e);

typedef struct Model {
	const char *file;
	Var **globals; int nglobals;
	int globsize;
	Record **records; int nrecords;
	Proctype **ptypes; int nptypes;
	ChanSpec **chanspecs; int nchanspecs;
	const char **mtypes; int nmtypes;   /* mtypes[v] is the name of value v (1-based) */
	/* named mtypes (`mtype:fruit = {..}`), numbered from 1 each, as SPIN
	 * does; group 0 is the plain mtype above (mtgroups[0] unused) */
	struct MtGroup { const char *name; const char **names; int n; } *mtgroups; int nmtgroups;
	Inline **inlines; int ninlines;
	LtlDecl **ltls; int nltls;
	int has_heap;             /* some class or reference exists: run the GC */
	int uses_last;            /* _last appears: it is part of the state (as in SPIN) */
	int uses_priority;        /* priority, set_priority, get_priority or _priority appear:
	                           * every process gets a `_priority` local and only the
	                           * highest-priority enabled processes move (SPIN 6.5) */
	int *grefoffs; int ngrefoffs;  /* reference offsets in the global block */
	int *gchanoffs; int ngchanoffs;  /* chan-typed variables in the global block */
	Proctype *never;          /* the claim checked: the first one, or -N NAME's */
	Proctype **nevers; const char **never_names; int nnevers;   /* every never claim (names may be NULL) */
	/* P@L references anywhere (claims and ltl formulas too): proctype and label names */
	const char **rlabel_proc, **rlabel_name; int nrlabels;
	struct Var *claim_pc;      /* hidden global holding the never claim's location */
	Proctype **funcs; int nfuncs;   /* top-level functions and methods */
	int nerrors;
	int nwarnings;
	/* the first place a channel's id becomes a number or a number a
	 * channel's id (line 0: none), and how (lang/check/typecheck.c check_note_chan_data) */
	Pos chan_data; const char *chan_data_how;
} Model;

/* front-end entry points */
Model *parse_file(Diag *d, const char *path, const char **cppargs, int ncppargs);
Model *parse_file_with(Diag *d, const char *path, const char **cppargs, int ncppargs, const char *extra, const char *extra_name);
char *ltl_to_never(const char *formula, const char **err);   /* never-claim text for the negation */
/* The never claim for an ltl formula (the automaton of its negation) as
 * Promela text, with where each proposition went: uses[i] is a
 * proposition of len bytes at claim_off in text and text_off in the
 * formula.  terminate: the states from which every continuation violates
 * the formula become one end, `accept_all: skip`, as in SPIN's claims, so
 * that a safety search reports reaching it; without, the claim never ends
 * (the nested search finds the same violations as accepting cycles).  On
 * a syntax error text is NULL, err says what and err_off where. */
typedef struct LtlUse { int claim_off, text_off, len; } LtlUse;
typedef struct LtlClaim { char *text; const char *err; int err_off; LtlUse *uses; int nuses; } LtlClaim;
LtlClaim ltl_translate(const char *formula, int terminate);
/* simplify 0: the tableau's automaton without the rewriting of the
 * formula (-ltl-nosimplify, for the tests that compare the two) */
LtlClaim ltl_translate_opt(const char *formula, int terminate, int simplify);
/* A claim that names every proposition of the formula once, whatever the
 * automaton keeps of them (`p || true` keeps none): parsed and checked
 * with the model, it resolves and type-checks every name in the formula.
 * Never run. */
LtlClaim ltl_atoms(const char *formula);
/* the offset in the formula of line:col of the claim, or -1 */
int ltl_claim_offset(const LtlClaim *c, int line, int col);
Model *parse_string(Diag *d, const char *name, const char *text);
int check_model(Diag *d, Model *m);    /* returns number of errors (reported to d) */
/* the value of a constant expression of m (mtype names included); *ok
 * becomes 0 when it has none */
int model_const_eval(Model *m, Expr *e, int *ok);
/* every Record.image, once, before any state is built (compile_model
 * calls it, lang/check/layout.c); reports initializers it cannot take */
void layout_record_images(Diag *d, Model *m);

#endif
