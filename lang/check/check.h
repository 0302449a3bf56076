/* check.h — what the checker's passes (check.c drives them) share:
 *
 *   resolve.c    names to variables, constants folded, expressions typed
 *   typecheck.c  where a value flows: references, channel ids, messages
 *   layout.c     byte offsets of variables, fields and messages
 *   lower.c      calls hoisted out of expressions, && || ( -> : ) with calls
 *                made into control flow
 *
 * Internal to lang/: the rest of dspin calls check_model (ast.h). */
#ifndef DSPIN_CHECK_H
#define DSPIN_CHECK_H
#include "../ast.h"
#include "types.h"
#include "../layout.h"

/* what the passes share while they check one model: no file-scope
 * state, so the front end can check two models in one process */
typedef struct Check {
	Model *m;
	Diag *diag;               /* where its errors go (the application's) */
	Proctype *cur;            /* the proctype or function checked; NULL: the globals */
	int seq;                  /* the top-level item being checked (Var.seq): a global
	                           * declared after it is used before its declaration,
	                           * which SPIN rejects as undeclared (0: any) */
	Stmt **hoist; int nhoist; /* lowering: the call steps made for one statement */
	int nlazy;                /* lowering: && / || / ( -> : ) lowered in one statement */
} Check;

/* resolve.c */
int resolve_const(Model *m, Expr *e, int *ok);   /* a constant's value; *ok = 0: none */
void resolve_expr(Check *ck, Expr *e);
void resolve_stmt(Check *ck, Stmt *s);
void resolve_var_init(Check *ck, Var *v);        /* its initialiser and channel */
void resolve_field_inits(Check *ck, Record *r);

/* typecheck.c */
void check_nfields(Check *ck, Pos pos, int nargs);
void check_chan(Check *ck, Expr *e);
void check_note_chan_data(Model *m, Pos pos, const char *how);
void check_flow(Check *ck, Pos pos, VType src, VType dst, int src_zero, const char *ctx);
void check_send_field(Check *ck, const Expr *ch, int i, const Expr *arg);
void check_recv_field(Check *ck, const Expr *ch, int i, const Expr *arg);
void check_sorted_send(Check *ck, const Stmt *s);
void check_args(Check *ck, Expr **args, int nargs, Var **params, int nparams, const char *what, const char *name);
void check_no_ref_number(Check *ck, const Expr *e, const char *how);
void check_lvalue(Check *ck, Expr *e);
void check_assign(Check *ck, Expr *lhs, Expr *rhs);
/* the constant 0 (null, a channel not created) */
static inline int is_zero(const Expr *e)
{
	return e && e->k == E_CONST && e->val == 0;
}

/* layout.c */
void layout_var(Check *ck, Var *v, int *off);     /* at *off, which grows by its size */
void layout_record(Check *ck, Record *r);
void layout_chanspec(Check *ck, ChanSpec *c);     /* its messages' layout and its id */
/* the byte offsets of the references (chan ids) in a block of variables */
void layout_collect_refs(Var **vs, int n, int base, int **out, int *nout);
void layout_collect_chans(Var **vs, int n, int base, int **out, int *nout);

/* lower.c */
Stmt *lower_stmt(Check *ck, Stmt *s);

#endif
