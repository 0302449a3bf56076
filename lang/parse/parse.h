/* parse.h — what the parser's files share: the token stream, the parser's
 * state P (one per parse, no file-scope state), the token helpers, and
 * the entry points of each part:
 *
 *   parser.c      declarations, the top level (proctypes, typedefs,
 *                 inlines, functions, ltl blocks), parse_tokens
 *   parse_expr.c  expressions, operators mapped to ast.h's Op
 *   parse_stmt.c  statements, sequences, inline calls expanded
 *
 * Internal to lang/. */
#ifndef DSPIN_PARSE_H
#define DSPIN_PARSE_H
#include "lexer.h"
#include <setjmp.h>

typedef struct Stream { Token *t; int n, i; struct Stream *up; } Stream;

typedef struct P {
	Stream *s;
	Model *m;
	Diag *diag;             /* where its errors and warnings go */
	jmp_buf *recover;
	Proctype *cur;          /* proctype being parsed, NULL at top level */
	int depth;
	int seen_stmt;          /* a statement was seen in the current body */
	int inline_depth;
	const char *src;
	const char **fnames; int nfnames;   /* names declared as functions anywhere in the file */
	int nerr_tok;           /* index of the last error token (avoid loops) */
	int topseq;             /* top-level items so far (Var.seq, Proctype.seq) */
} P;

#define MAXDEPTH 400
#define LEAVE(p) ((p)->depth--)   /* after parse_enter */

static inline Token *peek(P *p) { return &p->s->t[p->s->i]; }
static inline Token *peekn(P *p, int k)
{
	Stream *s = p->s;
	int i = s->i + k;
	if (i >= s->n) i = s->n - 1;
	return &s->t[i];
}
static inline Token *next(P *p)
{
	Token *t = &p->s->t[p->s->i];
	if (t->k != T_EOF) p->s->i++;
	/* finished an injected inline body: resume the enclosing stream */
	while (p->s->t[p->s->i].k == T_EOF && p->s->up) p->s = p->s->up;
	return t;
}
static inline int at(P *p, int k) { return peek(p)->k == k; }
static inline int accept(P *p, int k) { if (at(p, k)) { next(p); return 1; } return 0; }

static inline Expr *mkexpr(ExprKind k, Pos pos) { Expr *e = NEW(Expr); e->k = k; e->pos = pos; return e; }
static inline Stmt *mkstmt(StmtKind k, Pos pos) { Stmt *s = NEW(Stmt); s->k = k; s->pos = pos; return s; }

/* an error at t, then back to the enclosing recovery point (p->recover) */
_Noreturn void parse_fail(P *p, Token *t, const char *fmt, ...);
Token *parse_expect(P *p, int k, const char *what);   /* the token k, or an error */
void parse_enter(P *p);                    /* one level deeper (MAXDEPTH); LEAVE after */
Inline *parse_find_inline(P *p, const char *name);
Proctype *parse_find_ptype(P *p, const char *name);
void parse_remote_label_seen(P *p, const char *proc, const char *label);   /* P@L */

/* parse_expr.c */
Expr *parse_expr(P *p);
Expr *parse_expr_prec(P *p, int prec);     /* operators binding at least prec */
Expr *parse_primary(P *p);

/* parser.c: declarations */
int parse_is_decl_start(P *p);
void parse_declaration(P *p, Var ***out, int *nout, int scope);

/* parse_stmt.c */
Stmt *parse_sequence(P *p, int close1, int close2);
void parse_add_local(P *p, Var *v);        /* a local of the proctype being parsed */

#endif
