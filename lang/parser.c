/* parser.c — hand-written recursive-descent parser for DPML.
 *
 * Produces the AST of ast.h.  Names stay unresolved (E_NAME) except where the
 * grammar needs to know them (record types, inline names, proctype names for
 * remote references); resolve.c resolves the rest.  Errors are reported with
 * diag_error and the parser resynchronises at the next `;` or `}` so that
 * several errors can be reported in one run.
 */
#include "lexer.h"
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct Stream { Token *t; int n, i; struct Stream *up; } Stream;

typedef struct P {
	Stream *s;
	Model *m;
	jmp_buf *recover;
	Proctype *cur;          /* proctype being parsed, NULL at top level */
	int depth;
	int seen_stmt;          /* a statement was seen in the current body */
	int inline_depth;
	const char *src;
	const char **fnames; int nfnames;   /* names declared as functions anywhere in the file */
	int nerr_tok;           /* index of the last error token (avoid loops) */
} P;

#define MAXDEPTH 400

static Token *peek(P *p) { return &p->s->t[p->s->i]; }
static Token *peekn(P *p, int k)
{
	Stream *s = p->s;
	int i = s->i + k;
	if (i >= s->n) i = s->n - 1;
	return &s->t[i];
}
static Token *next(P *p)
{
	Token *t = &p->s->t[p->s->i];
	if (t->k != T_EOF) p->s->i++;
	/* finished an injected inline body: resume the enclosing stream */
	while (p->s->t[p->s->i].k == T_EOF && p->s->up) p->s = p->s->up;
	return t;
}
static int at(P *p, int k) { return peek(p)->k == k; }
static int accept(P *p, int k) { if (at(p, k)) { next(p); return 1; } return 0; }

static _Noreturn void fail(P *p, Token *t, const char *fmt, ...)
{
	char buf[512];
	va_list ap; va_start(ap, fmt); vsnprintf(buf, sizeof buf, fmt, ap); va_end(ap);
	diag_error(t->pos, "%s", buf);
	longjmp(*p->recover, 1);
}

static Token *expect(P *p, int k, const char *what)
{
	Token *t = peek(p);
	if (t->k != k) {
		if (t->k == T_ID || t->k >= K_FIRST)
			fail(p, t, "expected %s %s, found %s'%s'", tok_name(k), what, t->k >= K_FIRST ? "keyword " : "", t->s);
		fail(p, t, "expected %s %s, found %s", tok_name(k), what, tok_name(t->k));
	}
	return next(p);
}

static Expr *mkexpr(ExprKind k, Pos pos) { Expr *e = NEW(Expr); e->k = k; e->pos = pos; return e; }
static Stmt *mkstmt(StmtKind k, Pos pos) { Stmt *s = NEW(Stmt); s->k = k; s->pos = pos; return s; }

static void remote_label_seen(P *p, const char *proc, const char *label);

static Record *find_record(P *p, const char *name)
{
	for (int i = 0; i < p->m->nrecords; i++)
		if (!strcmp(p->m->records[i]->name, name)) return p->m->records[i];
	return NULL;
}
static Inline *find_inline(P *p, const char *name)
{
	for (int i = 0; i < p->m->ninlines; i++)
		if (!strcmp(p->m->inlines[i]->name, name)) return p->m->inlines[i];
	return NULL;
}
static Proctype *find_ptype(P *p, const char *name)
{
	for (int i = 0; i < p->m->nptypes; i++)
		if (!strcmp(p->m->ptypes[i]->name, name)) return p->m->ptypes[i];
	return NULL;
}

/* ---------------------------------------------------------------- expressions */

static Expr *expr(P *p);
static Expr *expr_prec(P *p, int prec);

static int binprec(int k)
{
	switch (k) {
	case T_OROR: return 1;
	case T_ANDAND: return 2;
	case T_PIPE: return 3;
	case T_CARET: return 4;
	case T_AMP: return 5;
	case T_EQ: case T_NE: return 6;
	case T_LT: case T_GT: case T_LE: case T_GE: return 7;
	case T_SHL: case T_SHR: return 8;
	case T_PLUS: case T_MINUS: return 9;
	case T_STAR: case T_SLASH: case T_PERCENT: return 10;
	}
	return 0;
}

/* the operator a binary operator token stands for (binprec: nonzero) */
static Op binop_of(int k)
{
	switch (k) {
	case T_OROR: return OP_OR;
	case T_ANDAND: return OP_AND;
	case T_PIPE: return OP_BOR;
	case T_CARET: return OP_BXOR;
	case T_AMP: return OP_BAND;
	case T_EQ: return OP_EQ;
	case T_NE: return OP_NE;
	case T_LT: return OP_LT;
	case T_GT: return OP_GT;
	case T_LE: return OP_LE;
	case T_GE: return OP_GE;
	case T_SHL: return OP_SHL;
	case T_SHR: return OP_SHR;
	case T_PLUS: return OP_ADD;
	case T_MINUS: return OP_SUB;
	case T_STAR: return OP_MUL;
	case T_SLASH: return OP_DIV;
	case T_PERCENT: return OP_MOD;
	}
	return OP_NONE;
}

/* the operator a prefix token (-, !, ~) stands for */
static Op unop_of(int k)
{
	return k == T_MINUS ? OP_NEG : k == T_NOT ? OP_NOT : k == T_TILDE ? OP_BNOT : OP_NONE;
}

static void enter(P *p)
{
	if (++p->depth > MAXDEPTH) fail(p, peek(p), "nesting too deep");
}
#define LEAVE(p) ((p)->depth--)

static Expr **arglist(P *p, int *n, int close)
{
	Expr **a = NULL; *n = 0;
	if (at(p, close)) return a;
	do { Expr *e = expr(p); PUSH(a, *n, e); } while (accept(p, T_COMMA));
	return a;
}

/* A variable reference: name, name[idx], name.field..., chained. */
static Expr *varref_rest(P *p, Expr *e)
{
	for (;;) {
		if (at(p, T_LBRACK) && (e->k == E_NAME || e->k == E_FIELD) && !e->a && e->k != E_CALL) {
			next(p);
			e->a = expr(p);
			expect(p, T_RBRACK, "after array index");
		} else if (at(p, T_DOT) && peekn(p, 1)->k == T_ID && peekn(p, 2)->k == T_LPAREN) {
			Token *dot = next(p);
			Token *f = next(p);
			next(p);
			Expr *c = mkexpr(E_CALL, dot->pos);
			c->name = f->s; c->a = e;
			c->args = arglist(p, &c->nargs, T_RPAREN);
			expect(p, T_RPAREN, "to close call arguments");
			e = c;
		} else if (at(p, T_DOT) && peekn(p, 1)->k == T_ID) {
			Token *dot = next(p);
			Token *f = next(p);
			Expr *fe = mkexpr(E_FIELD, dot->pos);
			fe->b = e; fe->name = f->s;
			e = fe;
		} else return e;
	}
}

static Expr *chan_unop(P *p, ExprKind k, Token *t)
{
	expect(p, T_LPAREN, "after channel function");
	Expr *e = mkexpr(k, t->pos);
	e->a = expr(p);
	expect(p, T_RPAREN, "to close channel function");
	return e;
}

/* Only names declared as functions somewhere in the file are calls: SPIN
 * accepts `x = y (x == 0)` as two statements without a separator. */
static int is_func_name(P *p, const char *name)
{
	for (int i = 0; i < p->nfnames; i++) if (!strcmp(p->fnames[i], name)) return 1;
	return 0;
}

static Expr *primary(P *p)
{
	Token *t = peek(p);
	Expr *e;
	switch (t->k) {
	case T_NUM: next(p); e = mkexpr(E_CONST, t->pos); e->val = t->v; return e;
	case K_TRUE: next(p); e = mkexpr(E_CONST, t->pos); e->val = 1; return e;
	case K_FALSE: next(p); e = mkexpr(E_CONST, t->pos); e->val = 0; return e;
	case K_SKIP: next(p); e = mkexpr(E_CONST, t->pos); e->val = 1; return e;
	case T_LPAREN: {
		next(p);
		e = expr(p);
		if (accept(p, T_ARROW)) {
			Expr *c = mkexpr(E_COND, t->pos);
			c->a = e; c->b = expr(p);
			expect(p, T_COLON, "in conditional expression");
			c->c = expr(p);
			e = c;
		}
		expect(p, T_RPAREN, "to close parenthesis");
		return e;
	}
	case K_LEN: next(p); return chan_unop(p, E_LEN, t);
	case K_EMPTY: next(p); return chan_unop(p, E_EMPTY, t);
	case K_NEMPTY: next(p); return chan_unop(p, E_NEMPTY, t);
	case K_FULL: next(p); return chan_unop(p, E_FULL, t);
	case K_NFULL: next(p); return chan_unop(p, E_NFULL, t);
	case K_ENABLED: next(p); return chan_unop(p, E_ENABLED, t);
	case K_PC_VALUE: next(p); return chan_unop(p, E_PCVALUE, t);
	case K_EVAL: next(p); return chan_unop(p, E_EVAL, t);
	case K_GET_PRIORITY: next(p); p->m->uses_priority = 1; return chan_unop(p, E_GETPRIO, t);
	case K_SET_PRIORITY: {
		/* set_priority(pid, prio): a statement (resolve.c makes it one) */
		next(p);
		p->m->uses_priority = 1;
		expect(p, T_LPAREN, "after 'set_priority'");
		e = mkexpr(E_SETPRIO, t->pos);
		e->a = expr(p);
		expect(p, T_COMMA, "between the pid and the priority");
		e->b = expr(p);
		expect(p, T_RPAREN, "to close set_priority");
		return e;
	}
	case K_TIMEOUT: next(p); return mkexpr(E_TIMEOUT, t->pos);
	case K_NR_PR: next(p); return mkexpr(E_NRPR, t->pos);
	case K_PID: next(p); return mkexpr(E_PID, t->pos);
	case K_LAST: next(p); p->m->uses_last = 1; return mkexpr(E_LASTPID, t->pos);
	case K_NP: next(p); return mkexpr(E_NP, t->pos);
	case K_RUN: {
		next(p);
		Token *n = expect(p, T_ID, "after 'run'");
		e = mkexpr(E_RUN, t->pos);
		e->name = n->s;
		expect(p, T_LPAREN, "after proctype name");
		e->args = arglist(p, &e->nargs, T_RPAREN);
		expect(p, T_RPAREN, "to close run arguments");
		if (accept(p, K_PRIORITY)) { p->m->uses_priority = 1; e->b = primary(p); }
		return e;
	}
	case T_ID: {
		if (!strcmp(t->s, "_")) { next(p); return mkexpr(E_UNDERSCORE, t->pos); }
		if (!strcmp(t->s, "_priority")) p->m->uses_priority = 1;   /* every process has one (check.c add_priority) */
		if (!strcmp(t->s, "null")) { next(p); return mkexpr(E_NULL, t->pos); }
		if (!strcmp(t->s, "new") && peekn(p, 1)->k == T_ID) {
			next(p);
			Token *c = next(p);
			e = mkexpr(E_NEW, t->pos);
			e->name = c->s;
			return e;
		}
		next(p);
		/* remote references: P[i]@label, P@label, P[i]:x, P:x */
		if (find_ptype(p, t->s) || (at(p, T_AT))) {
			Expr *idx = NULL;
			int save = p->s->i; Stream *ss = p->s;
			if (at(p, T_LBRACK)) { next(p); idx = expr(p); expect(p, T_RBRACK, "after process index"); }
			if (at(p, T_AT)) {
				next(p);
				Token *l = expect(p, T_ID, "after '@'");
				e = mkexpr(E_REMOTE_LABEL, t->pos); e->name = t->s; e->a = idx; e->c = NULL;
				Expr *ln = mkexpr(E_NAME, l->pos); ln->name = l->s; e->b = ln;
				remote_label_seen(p, t->s, l->s);
				return e;
			}
			if (at(p, T_COLON) && peekn(p, 1)->k == T_ID && find_ptype(p, t->s)) {
				next(p);
				Token *v = next(p);
				e = mkexpr(E_REMOTE_VAR, t->pos); e->name = t->s; e->a = idx;
				Expr *vn = mkexpr(E_NAME, v->pos); vn->name = v->s;
				vn = varref_rest(p, vn);
				e->b = vn;
				return e;
			}
			p->s = ss; p->s->i = save;
		}
		if (at(p, T_LPAREN) && !find_inline(p, t->s) && is_func_name(p, t->s)) {
			/* a call f(args); functions may be declared later */
			next(p);
			e = mkexpr(E_CALL, t->pos);
			e->name = t->s;
			e->args = arglist(p, &e->nargs, T_RPAREN);
			expect(p, T_RPAREN, "to close call arguments");
			return varref_rest(p, e);
		}
		e = mkexpr(E_NAME, t->pos);
		e->name = t->s;
		e = varref_rest(p, e);
		/* channel poll inside expressions: c?[args], c??[args] */
		if ((at(p, T_QUERY) || at(p, T_QUERY2)) && peekn(p, 1)->k == T_LBRACK) {
			Token *q = next(p);
			next(p);
			Expr *pe = mkexpr(E_POLL, q->pos);
			pe->a = e; pe->poll_random = q->k == T_QUERY2;
			pe->args = arglist(p, &pe->nargs, T_RBRACK);
			expect(p, T_RBRACK, "to close poll");
			return pe;
		}
		return e;
	}
	case T_MINUS: case T_NOT: case T_TILDE: {
		next(p);
		enter(p);
		e = mkexpr(E_UN, t->pos);
		e->op = unop_of(t->k);
		e->a = expr_prec(p, 11);
		LEAVE(p);
		return e;
	}
	default:
		if (t->k == T_ID || t->k >= K_FIRST)
			fail(p, t, "expected an expression, found '%s'", t->s);
		fail(p, t, "expected an expression, found %s", tok_name(t->k));
	}
}

static Expr *expr_prec(P *p, int prec)
{
	enter(p);
	Expr *l = primary(p);
	int chain = 0;
	for (;;) {
		int k = peek(p)->k;
		int bp = binprec(k);
		if (!bp || bp < prec) break;
		/* the checker and the VM walk expressions recursively: keep the
		 * tree shallow enough for the C stack */
		if (++chain > 2000) fail(p, peek(p), "expression too long (more than 2000 operators in a row)");
		Token *op = next(p);
		Expr *r = expr_prec(p, bp + 1);
		Expr *b = mkexpr(E_BIN, op->pos);
		b->op = binop_of(k); b->a = l; b->b = r;
		l = b;
	}
	LEAVE(p);
	return l;
}

static Expr *expr(P *p) { return expr_prec(p, 1); }

/* ---------------------------------------------------------------- declarations */

static int type_keyword(int k)
{
	return k == K_BIT || k == K_BOOL || k == K_BYTE || k == K_SHORT || k == K_INT ||
	       k == K_UNSIGNED || k == K_MTYPE || k == K_CHAN || k == K_PIDTYPE;
}

static TypeKind kw_type(int k)
{
	switch (k) {
	case K_BIT: return TY_BIT; case K_BOOL: return TY_BOOL; case K_BYTE: return TY_BYTE;
	case K_SHORT: return TY_SHORT; case K_INT: return TY_INT; case K_UNSIGNED: return TY_UNSIGNED;
	case K_MTYPE: return TY_MTYPE; case K_CHAN: return TY_CHAN; case K_PIDTYPE: return TY_PID;
	}
	return TY_NONE;
}

static int is_decl_start(P *p)
{
	Token *t = peek(p);
	if (type_keyword(t->k) || t->k == K_HIDDEN || t->k == K_SHOW || t->k == K_LOCAL) return 1;
	if (t->k == T_ID && find_record(p, t->s) && (peekn(p, 1)->k == T_ID || peekn(p, 1)->k == T_AMP)) return 1;
	return 0;
}

/* `, int k` or `, Node n`: a new declaration group starts after the comma */
static int type_after_comma(P *p)
{
	Token *t = peekn(p, 1), *u = peekn(p, 2);
	if (type_keyword(t->k) || t->k == K_HIDDEN || t->k == K_SHOW) return 1;
	if (t->k == T_ID && find_record(p, t->s) && (u->k == T_ID || u->k == T_AMP)) return 1;
	return 0;
}

static int mtype_group(P *p, const char *name);

static void chan_field(ChanSpec *c, TypeKind k, Record *cls, int mtg)
{
	c->ftypes = xgrow(c->ftypes, c->nfields + 1, sizeof(TypeKind));
	c->fcls = xgrow(c->fcls, c->nfields + 1, sizeof(Record *));
	c->fcls[c->nfields] = k == TY_REF ? cls : NULL;
	c->fbits = xgrow(c->fbits, c->nfields + 1, sizeof(int));
	c->fmtg = xgrow(c->fmtg, c->nfields + 1, sizeof(int));
	c->fbits[c->nfields] = 0;
	c->fmtg[c->nfields] = mtg;
	c->ftypes[c->nfields++] = k;
}

static ChanSpec *chan_init(P *p)
{
	Token *t = expect(p, T_LBRACK, "to start channel initializer");
	ChanSpec *c = NEW(ChanSpec);
	c->pos = t->pos;
	c->cap_expr = expr(p);
	expect(p, T_RBRACK, "after channel capacity");
	expect(p, K_OF, "in channel initializer");
	expect(p, T_LBRACE, "before message types");
	do {
		Token *ty = next(p);
		TypeKind k = kw_type(ty->k);
		Record *r = NULL;
		if (k == TY_NONE) {
			r = ty->k == T_ID ? find_record(p, ty->s) : NULL;
			if (r && (r->is_class || at(p, T_AMP))) { accept(p, T_AMP); k = TY_REF; r->is_class = 1; }
			else if (r) {
				/* a record is its fields, flattened, as SPIN sends it
				 * (`x!foo` is `x!foo.b,foo.i,foo.c` in pan) */
				chan_field(c, TY_RECORD, NULL, 0);
				c->frec = xgrow(c->frec, c->nfields, sizeof(Record *));
				c->frec[c->nfields - 1] = r;
				continue;
			} else fail(p, ty, "expected a message field type");
		}
		chan_field(c, k, r, 0);
		if (k == TY_MTYPE && at(p, T_COLON)) { next(p); c->fmtg[c->nfields - 1] = mtype_group(p, expect(p, T_ID, "after 'mtype:'")->s); }
	} while (accept(p, T_COMMA));
	expect(p, T_RBRACE, "after message types");
	return c;
}

/* Parse `type name [N] = init, name2, ...` and append Vars to *out. */
static void declaration(P *p, Var ***out, int *nout, int scope)
{
	int hidden = 0;
	while (at(p, K_HIDDEN) || at(p, K_SHOW) || at(p, K_LOCAL)) { if (next(p)->k == K_HIDDEN) hidden = 1; }
	Token *tt = next(p);
	TypeKind kind = kw_type(tt->k);
	Record *rec = NULL;
	if (kind == TY_NONE) {
		if (tt->k == T_ID && (rec = find_record(p, tt->s))) kind = (rec->is_class && !rec->is_typedef) ? TY_REF : TY_RECORD;
		else fail(p, tt, "expected a type");
	}
	int mtg = 0;
	if (kind == TY_MTYPE && at(p, T_COLON)) { next(p); mtg = mtype_group(p, expect(p, T_ID, "after 'mtype:'")->s); }
	do {
		TypeKind vk = kind;
		if (at(p, T_AMP)) {
			/* dSPIN: `node &next` is a reference to a node */
			next(p);
			if (!rec) fail(p, peek(p), "'&' needs a record type");
			vk = TY_REF;
			rec->is_class = 1;
		}
		Token *n = expect(p, T_ID, "as variable name");
		Var *v = NEW(Var);
		v->name = n->s; v->pos = n->pos; v->kind = vk; v->rec = rec; v->scope = scope;
		v->mtg = vk == TY_MTYPE ? mtg : 0;
		v->hidden = hidden;
		if (kind == TY_UNSIGNED) {
			expect(p, T_COLON, "after unsigned variable name");
			Token *b = expect(p, T_NUM, "as bit width");
			/* SPIN: "invalid width-field" beyond 31 */
			if (b->v < 1 || b->v > 31) fail(p, b, "bit width must be 1..31");
			v->bits = b->v;
		}
		if (accept(p, T_LBRACK)) {
			v->arrlen_expr = expr(p);
			expect(p, T_RBRACK, "after array length");
		}
		if (accept(p, T_ASSIGN)) {
			if (kind == TY_CHAN) v->chan = chan_init(p);
			else if (at(p, T_LBRACE)) {
				/* array initializer list: keep the first for simplicity of SPIN compat */
				fail(p, peek(p), "array initializer lists are not supported");
			} else v->init = expr(p);
		}
		PUSH(*out, *nout, v);
	} while (at(p, T_COMMA) && !type_after_comma(p) && accept(p, T_COMMA));
}

/* ---------------------------------------------------------------- statements */

static Stmt *statement(P *p);
static Stmt *sequence(P *p, int close1, int close2);
static int is_sep(int k) { return k == T_SEMI || k == T_ARROW; }

/* A label on an option's first statement.  SPIN says "label placed
 * incorrectly" and goes on with `:: L: stmt` (it rejects a label on the
 * first statement inside an atomic, d_step or { } that opens an option,
 * as everywhere: docs/language.md).  A goto to such a label jumps to that
 * statement alone, in SPIN as in dspin (which warns: seldom what was
 * meant).  But an end, progress or accept label there marks, in pan, not
 * the statement's place but the state the statement leads to (`do ::
 * end: c?x od`: the do is a valid end state for pan, not for a label on
 * c?x), so dspin refuses it rather than give another verdict: every
 * label of the option's head, through further labels, blocks, atomic,
 * d_step and unless (found by review: `:: L: end: c?x`, `:: { end: c?x
 * }`). */
static void check_option_label(const Stmt *s)
{
	while (s) {
		if (s->k == S_LABEL) {
			const char *l = s->label;
			if (!strncmp(l, "end", 3) || !strncmp(l, "progress", 8) || !strncmp(l, "accept", 6))
				diag_error(s->pos, "label '%s' on the first statement of an option (SPIN: \"label %s placed incorrectly\", "
					"and pan marks another state than this one): put it before 'if' or 'do', or after the option's first statement", l, l);
			else
				diag_warn(s->pos, "label '%s' on the first statement of an option (SPIN: \"label %s placed incorrectly\"): "
					"a goto %s jumps to this statement alone; put the label before 'if' or 'do' to jump to the selection", l, l, l);
			s = s->sub;
		} else if (s->k == S_SEQ || s->k == S_ATOMIC || s->k == S_DSTEP)
			s = s->nbody ? s->body[0] : NULL;
		else if (s->k == S_UNLESS)
			s = s->sub;
		else
			break;
	}
}

/* An end, progress or accept label inside a d_step marks nothing: the
 * d_step runs as one step, so no process is ever at a location inside
 * it.  SPIN warns the same ("progress label inside d_step - is
 * invisible") and rejects a label on a d_step's first statement, which
 * dspin accepts (docs/language.md); dspin was silent (helper-42's review:
 * `d_step { progress: ... }` under -l -f). */
static void check_dstep_labels(const Stmt *s)
{
	if (!s)
		return;
	if (s->k == S_LABEL) {
		const char *l = s->label;
		if (!strncmp(l, "end", 3) || !strncmp(l, "progress", 8) || !strncmp(l, "accept", 6))
			diag_warn(s->pos, "label '%s' inside a d_step marks no state (SPIN: \"label inside d_step - is invisible\"; "
				"a d_step is one step, no process is ever inside it): put it before 'd_step'", l);
	}
	for (int i = 0; i < s->nbody; i++)
		check_dstep_labels(s->body[i]);
	for (int o = 0; o < s->nopts; o++)
		for (int i = 0; i < s->optlen[o]; i++)
			check_dstep_labels(s->opts[o][i]);
	check_dstep_labels(s->sub);
	check_dstep_labels(s->esc);
}

static Stmt *opt_sequence_list(P *p, StmtKind k, int closer, Token *start)
{
	Stmt *s = mkstmt(k, start->pos);
	while (accept(p, T_DCOLON)) {
		Stmt *seq = sequence(p, T_DCOLON, closer);
		s->opts = xgrow(s->opts, s->nopts + 1, sizeof(Stmt **));
		s->optlen = xgrow(s->optlen, s->nopts + 1, sizeof(int));
		s->opts[s->nopts] = seq->body;
		s->optlen[s->nopts++] = seq->nbody;
		check_option_label(seq->nbody ? seq->body[0] : NULL);
	}
	if (!s->nopts) fail(p, peek(p), "expected '::' to start an option");
	expect(p, closer, k == S_IF ? "to close 'if'" : "to close 'do'");
	return s;
}

/* source text between two tokens of the same buffer, whitespace-squeezed,
 * at most max characters */
static char *source_text(Token *a, Token *b, int max)
{
	if (!a || !b || a->src != b->src || b->off + b->len < a->off) return xstrdup("?");
	const char *s = a->src + a->off;
	int n = b->off + b->len - a->off;
	if (n > max) n = max;
	char *out = xalloc(n + 1); int j = 0, sp = 0;
	for (int i = 0; i < n; i++) {
		char c = s[i];
		if (c == '\n' || c == '\t' || c == ' ' || c == '\r') { if (!sp && j) out[j++] = ' '; sp = 1; }
		else { out[j++] = c; sp = 0; }
	}
	out[j] = 0;
	return out;
}

/* the text of tokens a..b of one stream, each token as written, a space
 * between two that were not adjacent in the source: an inline's body
 * with its arguments substituted reads `x = 3`, not the source between
 * the inline's definition and its call */
static char *tokens_text(const Token *a, const Token *b, int max)
{
	int n = 0;
	for (const Token *t = a; t <= b; t++)
		n += t->len + 1;
	if (n > max) n = max;
	char *out = xalloc((size_t)n + 1);
	int j = 0;
	for (const Token *t = a; t <= b && j < n; t++) {
		const Token *prev = t == a ? NULL : t - 1;
		if (prev && (prev->src != t->src || t->off != prev->off + prev->len) && j < n)
			out[j++] = ' ';
		for (int i = 0; i < t->len && j < n; i++)
			out[j++] = t->src[t->off + i];
	}
	out[j] = 0;
	return out;
}

/* a statement's text, for trails and messages: its first 200 characters.
 * When both ends lie in the stream being parsed (an inline expansion is a
 * stream of its own), the text is built from its tokens; else from the
 * source between them. */
static char *text_of(const P *p, Token *a, Token *b)
{
	const Token *lo = p->s->t, *hi = p->s->t + p->s->n;
	if (a && b && a >= lo && a <= b && b < hi && a->src && b->src)
		return tokens_text(a, b, 200);
	return source_text(a, b, 200);
}

/* the closing parenthesis of statement s, which began at token t: the
 * statement's text runs from t to it */
static void close_stmt(P *p, Stmt *s, Token *t, const char *what)
{
	Token *e = expect(p, T_RPAREN, what);
	s->text = text_of(p, t, e);
	p->seen_stmt = 1;
}

/* One receive (or send) argument: `_`, eval(e), a negative constant, or an
 * expression parsed at precedence prec (8 inside `?<...>`, so that `>`
 * closes the list). */
static Expr *recv_arg(P *p, int prec)
{
	Token *t = peek(p);
	Expr *e;
	if (t->k == T_ID && !strcmp(t->s, "_")) { next(p); return mkexpr(E_UNDERSCORE, t->pos); }
	if (t->k == K_EVAL) {
		next(p);
		expect(p, T_LPAREN, "after eval");
		e = mkexpr(E_EVAL, t->pos);
		e->a = expr(p);
		expect(p, T_RPAREN, "after eval");
		return e;
	}
	if (t->k == T_MINUS && peekn(p, 1)->k == T_NUM) {
		next(p);
		Token *nn = next(p);
		e = mkexpr(E_CONST, t->pos);
		e->val = (int32_t)(0u - (uint32_t)nn->v);
		return e;
	}
	return expr_prec(p, prec);
}

static Expr **recv_args(P *p, int *n)
{
	Expr **a = NULL; *n = 0;
	do {
		Token *t = peek(p);
		if (t->k == T_ID && peekn(p, 1)->k == T_LPAREN) {
			/* msg(a, b) form: the same as msg, a, b */
			next(p);
			Expr *e = mkexpr(E_NAME, t->pos); e->name = t->s;
			PUSH(a, *n, e);
			next(p);
			do { Expr *f = recv_arg(p, 1); PUSH(a, *n, f); } while (accept(p, T_COMMA));
			expect(p, T_RPAREN, "after message arguments");
			continue;
		}
		Expr *e = recv_arg(p, 1);
		PUSH(a, *n, e);
		/* SPIN's `q!e(a, b)` and `q?e(a, b)` for any first argument: a
		 * constant, or a macro that expands to one (p101.pml's
		 * `name!msgtype(124)`), not only a name; the same as e, a, b */
		if (*n == 1 && accept(p, T_LPAREN)) {
			do { Expr *f = recv_arg(p, 1); PUSH(a, *n, f); } while (accept(p, T_COMMA));
			expect(p, T_RPAREN, "after message arguments");
		}
	} while (accept(p, T_COMMA));
	return a;
}

static Stmt *inline_call(P *p, Inline *in, Token *name)
{
	expect(p, T_LPAREN, "after inline name");
	/* argument token ranges */
	int nargs = 0;
	Token **abeg = NULL; int *alen = NULL;
	if (!at(p, T_RPAREN)) {
		for (;;) {
			int depth = 0;
			Token *start = peek(p);
			Token *buf = NULL; int nb = 0;
			while (!(depth == 0 && (at(p, T_COMMA) || at(p, T_RPAREN)))) {
				Token *t = peek(p);
				if (t->k == T_EOF) fail(p, t, "unterminated inline call");
				if (t->k == T_LPAREN || t->k == T_LBRACK) depth++;
				if (t->k == T_RPAREN || t->k == T_RBRACK) depth--;
				buf = xgrow(buf, nb + 1, sizeof(Token)); buf[nb++] = *next(p);
			}
			(void)start;
			abeg = xgrow(abeg, nargs + 1, sizeof(Token *));
			alen = xgrow(alen, nargs + 1, sizeof(int));
			abeg[nargs] = buf; alen[nargs++] = nb;
			if (!accept(p, T_COMMA)) break;
		}
	}
	expect(p, T_RPAREN, "after inline arguments");
	if (nargs != in->nparams)
		fail(p, name, "inline '%s' expects %d argument(s), got %d", in->name, in->nparams, nargs);
	if (in->expanding) fail(p, name, "inline '%s' calls itself (inlines cannot recurse)", in->name);
	if (in->broken) fail(p, name, "inline '%s' has errors (reported above)", in->name);
	if (p->inline_depth > 50) fail(p, name, "inline expansion too deep at '%s'", in->name);
	/* substitute */
	Token *out = NULL; int no = 0;
	for (int i = 0; i < in->ntoks; i++) {
		Token *t = &in->toks[i];
		int pi = -1;
		if (t->k == T_ID)
			for (int j = 0; j < in->nparams; j++) if (!strcmp(in->params[j], t->s)) pi = j;
		if (pi >= 0) {
			for (int j = 0; j < alen[pi]; j++) { out = xgrow(out, no + 1, sizeof(Token)); out[no++] = abeg[pi][j]; }
		} else { out = xgrow(out, no + 1, sizeof(Token)); out[no++] = *t; }
	}
	out = xgrow(out, no + 1, sizeof(Token));
	memset(&out[no], 0, sizeof(Token)); out[no].k = T_EOF; out[no].pos = name->pos; no++;
	Stream *s = NEW(Stream);
	s->t = out; s->n = no; s->i = 0; s->up = p->s;
	p->s = s;
	p->inline_depth++;
	/* stays set if an error unwinds the expansion: the model is rejected then */
	in->expanding = 1;
	int before = diag_count;
	Stmt *body = statement(p);   /* the body is a { ... } block */
	in->expanding = 0;
	/* a body with errors is not expanded again: recovery may have left
	 * part of it unread, and re-expanding could loop */
	if (diag_count > before) in->broken = 1;
	p->inline_depth--;
	return body;
}

static void add_local(P *p, Var *v)
{
	Proctype *pt = p->cur;
	v->in_func = pt->is_func;
	for (int i = 0; i < pt->nlocals; i++)
		if (!strcmp(pt->locals[i]->name, v->name)) {
			diag_error(v->pos, "redeclaration of '%s' in proctype '%s'", v->name, pt->name);
			return;
		}
	PUSH(pt->locals, pt->nlocals, v);
}

/* A declaration after the first statement is also a step, as SPIN makes
 * it (pan 6.5.2, -o3):
 *  - a scalar (a chan without initializer too) is (re)initialised by it,
 *    `w = 0` when it has no initializer;
 *  - an array: only element 0 is, `a[0] = 3` for `byte a[2] = 3`; the
 *    other elements are never given the initializer (pan's process
 *    start leaves a mid-body array zero, as it does a scalar);
 *  - a record (or array of records) is not: the step does nothing, and
 *    the record keeps its fields' initializers from the process's start
 *    only (typedef field initializers, vm/state.c).
 * An initialized `chan c = [n] of {..}` here is rejected by resolve.c. */
static Stmt *local_decl(P *p)
{
	Token *start = peek(p);
	Var **vs = NULL; int nv = 0;
	declaration(p, &vs, &nv, SC_LOCAL);
	Stmt *seq = mkstmt(S_SEQ, start->pos);
	for (int i = 0; i < nv; i++) {
		Var *v = vs[i];
		add_local(p, v);
		if (!p->seen_stmt || v->chan) continue;
		if (v->kind == TY_RECORD) {
			Stmt *k = mkstmt(S_SKIP, v->pos);
			char *txt = xalloc(strlen(v->rec->name) + strlen(v->name) + 2);
			sprintf(txt, "%s %s", v->rec->name, v->name);
			k->text = txt;
			PUSH(seq->body, seq->nbody, k);
			continue;
		}
		Expr *val = v->init;
		if (!val) { val = mkexpr(v->kind == TY_REF ? E_NULL : E_CONST, v->pos); val->val = 0; }
		Stmt *a = mkstmt(S_ASSIGN, v->pos);
		Expr *l = mkexpr(E_NAME, v->pos); l->name = v->name;
		if (v->arrlen_expr) { l->a = mkexpr(E_CONST, v->pos); l->a->val = 0; }
		a->lhs = l; a->rhs = val;
		char *txt = xalloc(strlen(v->name) + 32);
		sprintf(txt, v->arrlen_expr ? "%s[0] = ..." : "%s = ...", v->name);
		a->text = txt;
		v->init = NULL;
		PUSH(seq->body, seq->nbody, a);
	}
	return seq;
}

static Stmt *statement(P *p)
{
	enter(p);
	Token *t = peek(p);
	Stmt *s = NULL;
	switch (t->k) {
	case K_IF: next(p); s = opt_sequence_list(p, S_IF, K_FI, t); p->seen_stmt = 1; break;
	case K_DO: next(p); s = opt_sequence_list(p, S_DO, K_OD, t); p->seen_stmt = 1; break;
	case K_ATOMIC: case K_D_STEP: {
		next(p);
		expect(p, T_LBRACE, t->k == K_ATOMIC ? "after 'atomic'" : "after 'd_step'");
		Stmt *b = sequence(p, T_RBRACE, T_RBRACE);
		expect(p, T_RBRACE, "to close block");
		b->k = t->k == K_ATOMIC ? S_ATOMIC : S_DSTEP;
		b->pos = t->pos;
		if (b->k == S_DSTEP)
			for (int i = 0; i < b->nbody; i++)
				check_dstep_labels(b->body[i]);
		s = b;
		p->seen_stmt = 1;
		break;
	}
	case T_LBRACE: {
		next(p);
		Stmt *b = sequence(p, T_RBRACE, T_RBRACE);
		expect(p, T_RBRACE, "to close block");
		b->is_block = 1;
		s = b;
		break;
	}
	case K_FOR: {
		next(p);
		expect(p, T_LPAREN, "after 'for'");
		Expr *v = primary(p);
		s = mkstmt(S_FOR, t->pos);
		s->lhs = v;
		if (at(p, T_ID) && !strcmp(peek(p)->s, "in")) {
			next(p);
			s->lo = primary(p);
			s->hi = NULL;
		} else {
			expect(p, T_COLON, "in for range");
			s->lo = expr(p);
			expect(p, T_DOTDOT, "in for range");
			s->hi = expr(p);
		}
		expect(p, T_RPAREN, "to close for header");
		expect(p, T_LBRACE, "to start for body");
		Stmt *b = sequence(p, T_RBRACE, T_RBRACE);
		expect(p, T_RBRACE, "to close for body");
		s->sub = b;
		p->seen_stmt = 1;
		break;
	}
	case K_SELECT: {
		next(p);
		expect(p, T_LPAREN, "after 'select'");
		s = mkstmt(S_SELECT, t->pos);
		s->lhs = primary(p);
		expect(p, T_COLON, "in select range");
		s->lo = expr(p);
		expect(p, T_DOTDOT, "in select range");
		s->hi = expr(p);
		/* SPIN 6.5 (spin.y) makes a select over two number literals
		 * spanning at most 33 values one step (an if with an option per
		 * value); any other range becomes `x = lo; do :: break :: x <
		 * hi -> x++ od`, a step per value (lang/compile.c) */
		s->select_loop = !(s->lo->k == E_CONST && s->hi->k == E_CONST &&
				   (long long)s->hi->val - s->lo->val < 33);
		close_stmt(p, s, t, "to close select");
		break;
	}
	case K_GOTO: {
		next(p);
		Token *l = expect(p, T_ID, "after 'goto'");
		s = mkstmt(S_GOTO, t->pos); s->label = l->s;
		s->text = text_of(p, t, l);
		p->seen_stmt = 1;
		break;
	}
	case K_BREAK: next(p); s = mkstmt(S_BREAK, t->pos); s->text = "break"; p->seen_stmt = 1; break;
	case K_ELSE: next(p); s = mkstmt(S_ELSE, t->pos); s->text = "else"; p->seen_stmt = 1; break;
	case K_PRINTF: {
		next(p);
		expect(p, T_LPAREN, "after 'printf'");
		Token *f = expect(p, T_STR, "as printf format");
		s = mkstmt(S_PRINTF, t->pos); s->fmt = f->s;
		while (accept(p, T_COMMA)) { Expr *e = expr(p); PUSH(s->args, s->nargs, e); }
		close_stmt(p, s, t, "to close printf");
		break;
	}
	case K_PRINTM: {
		next(p);
		expect(p, T_LPAREN, "after 'printm'");
		s = mkstmt(S_PRINTM, t->pos); s->rhs = expr(p);
		close_stmt(p, s, t, "to close printm");
		break;
	}
	case K_ASSERT: {
		next(p);
		s = mkstmt(S_ASSERT, t->pos);
		s->rhs = expr(p);
		s->text = text_of(p, t, &p->s->t[p->s->i - 1 >= 0 ? p->s->i - 1 : 0]);
		p->seen_stmt = 1;
		break;
	}
	case K_C_CODE: case K_C_EXPR: case K_C_DECL: case K_C_STATE: case K_C_TRACK:
		fail(p, t, "embedded C code (%s) is not supported by dspin", t->s);
	case T_ID: {
		if (!strcmp(t->s, "return")) {
			next(p);
			s = mkstmt(S_RETURN, t->pos);
			int k = peek(p)->k;
			if (!(is_sep(k) || k == T_RBRACE || k == T_DCOLON || k == K_FI || k == K_OD || k == T_EOF))
				s->rhs = expr(p);
			s->text = text_of(p, t, &p->s->t[p->s->i > 0 ? p->s->i - 1 : 0]);
			if (!p->cur || !p->cur->is_func) diag_error(t->pos, "'return' outside a function");
			p->seen_stmt = 1;
			break;
		}
		Inline *in = find_inline(p, t->s);
		if (in && peekn(p, 1)->k == T_LPAREN) { next(p); s = inline_call(p, in, t); p->seen_stmt = 1; break; }
		if (peekn(p, 1)->k == T_COLON) {
			next(p); next(p);
			s = mkstmt(S_LABEL, t->pos);
			s->label = t->s;
			s->sub = statement(p);
			break;
		}
		if (is_decl_start(p)) { s = local_decl(p); break; }
	}
	/* fall through */
	default: {
		if (is_decl_start(p)) {
			if (!p->cur) fail(p, t, "declaration outside a proctype");
			s = local_decl(p);
			break;
		}
		if (t->k == K_XR || t->k == K_XS) {
			next(p);
			do { expect(p, T_ID, "after xr/xs"); if (accept(p, T_LBRACK)) { expr(p); expect(p, T_RBRACK, "after index"); } } while (accept(p, T_COMMA));
			s = mkstmt(S_SEQ, t->pos);
			break;
		}
		Expr *e = expr(p);
		Token *op = peek(p);
		p->seen_stmt = 1;
		switch (op->k) {
		case T_ASSIGN:
			next(p);
			s = mkstmt(S_ASSIGN, t->pos); s->lhs = e; s->rhs = expr(p);
			if (s->rhs->k == E_CALL) s->k = S_CALL;
			break;
		case T_INC: next(p); s = mkstmt(S_INCR, t->pos); s->lhs = e; break;
		case T_DEC: next(p); s = mkstmt(S_DECR, t->pos); s->lhs = e; break;
		case T_NOT: case T_BANG2: {
			next(p);
			s = mkstmt(S_SEND, t->pos); s->lhs = e; s->sorted = op->k == T_BANG2;
			s->args = recv_args(p, &s->nargs);
			for (int i = 0; i < s->nargs; i++)
				if (s->args[i]->k == E_UNDERSCORE || s->args[i]->k == E_EVAL)
					diag_error(s->args[i]->pos, "'_' and eval() are not allowed in a send");
			break;
		}
		case T_QUERY: case T_QUERY2: {
			next(p);
			s = mkstmt(S_RECV, t->pos); s->lhs = e; s->random = op->k == T_QUERY2;
			if (accept(p, T_LT)) {
				s->copy = 1;
				/* args up to '>' : parse with precedence above comparison */
				do { Expr *a = recv_arg(p, 8); PUSH(s->args, s->nargs, a); } while (accept(p, T_COMMA));
				expect(p, T_GT, "to close '?<'");
			} else s->args = recv_args(p, &s->nargs);
			break;
		}
		default:
			s = mkstmt(e->k == E_CALL ? S_CALL : S_EXPR, t->pos); s->rhs = e;
			break;
		}
		s->text = text_of(p, t, &p->s->t[p->s->i > 0 ? p->s->i - 1 : 0]);
		break;
	}
	}
	if (at(p, K_UNLESS)) {
		Token *u = next(p);
		Stmt *un = mkstmt(S_UNLESS, u->pos);
		un->sub = s;
		un->esc = statement(p);
		s = un;
	}
	LEAVE(p);
	return s;
}


/* sequence := step { sep step } ; stops at close1/close2 (not consumed). */
static Stmt *sequence(P *p, int close1, int close2)
{
	Stmt *seq = mkstmt(S_SEQ, peek(p)->pos);
	jmp_buf jb, *saved = p->recover;
	for (;;) {
		while (is_sep(peek(p)->k)) next(p);
		int k = peek(p)->k;
		if (k == close1 || k == close2 || k == T_EOF) break;
		if (k == K_FI || k == K_OD || k == T_RBRACE || k == T_DCOLON) {
			Token *t = next(p);
			diag_error(t->pos, "unexpected %s", tok_name(t->k));
			continue;
		}
		p->recover = &jb;
		int startidx = p->s->i; Stream *starts = p->s;
		int d = p->depth;
		if (setjmp(jb)) {
			p->depth = d;
			/* resynchronise: skip to a separator or a closing token */
			if (p->s == starts && p->s->i == startidx && !at(p, T_EOF)) next(p);
			while (!at(p, T_EOF) && !is_sep(peek(p)->k) && !at(p, close1) && !at(p, close2) &&
			       !at(p, K_FI) && !at(p, K_OD) && !at(p, T_RBRACE) && !at(p, T_DCOLON))
				next(p);
			continue;
		}
		Stmt *s = statement(p);
		p->recover = saved;
		if (s) PUSH(seq->body, seq->nbody, s);
		k = peek(p)->k;
		if (is_sep(k) || k == close1 || k == close2 || k == T_EOF) continue;
		/* SPIN 6 accepts a missing separator where the next statement is unambiguous */
	}
	p->recover = saved;
	return seq;
}

/* ---------------------------------------------------------------- top level */

/* the group of `mtype:NAME`, created on first mention (index >= 1) */
static int mtype_group(P *p, const char *name)
{
	Model *m = p->m;
	for (int g = 1; g < m->nmtgroups; g++) if (!strcmp(m->mtgroups[g].name, name)) return g;
	if (!m->nmtgroups) { m->mtgroups = xalloc(sizeof *m->mtgroups * 2); m->nmtgroups = 1; }
	m->mtgroups = xgrow(m->mtgroups, m->nmtgroups + 1, sizeof *m->mtgroups);
	struct MtGroup *gr = &m->mtgroups[m->nmtgroups];
	gr->name = name; gr->names = xalloc(sizeof(char *) * 256); gr->n = 0;
	return m->nmtgroups++;
}

static int mtype_declared(P *p, const char *s)
{
	for (int i = 1; i <= p->m->nmtypes; i++) if (!strcmp(p->m->mtypes[i], s)) return 1;
	for (int g = 1; g < p->m->nmtgroups; g++)
		for (int i = 1; i <= p->m->mtgroups[g].n; i++) if (!strcmp(p->m->mtgroups[g].names[i], s)) return 1;
	return 0;
}

static void mtype_decl(P *p)
{
	int g = 0;
	if (accept(p, T_COLON)) g = mtype_group(p, expect(p, T_ID, "after 'mtype:'")->s);
	accept(p, T_ASSIGN);
	expect(p, T_LBRACE, "to start mtype list");
	const char **names = NULL; int n = 0;
	do {
		Token *t = expect(p, T_ID, "in mtype list");
		if (mtype_declared(p, t->s)) diag_error(t->pos, "mtype '%s' declared twice", t->s);
		PUSH(names, n, t->s);
	} while (accept(p, T_COMMA));
	expect(p, T_RBRACE, "to close mtype list");
	/* SPIN numbers the names of one declaration in reverse order, and each
	 * named mtype from 1 */
	const char **tab = g ? p->m->mtgroups[g].names : p->m->mtypes;
	int *cnt = g ? &p->m->mtgroups[g].n : &p->m->nmtypes;
	int base = *cnt;
	if (base + n > 255) fail(p, peek(p), "too many mtype names (max 255)");
	for (int i = 0; i < n; i++) tab[base + n - i] = names[i];
	*cnt += n;
}

static void params(P *p, Proctype *pt);
static void proc_body(P *p, Proctype *pt);

static Proctype *find_func(P *p, const char *name, Record *cls)
{
	for (int i = 0; i < p->m->nfuncs; i++)
		if (p->m->funcs[i]->cls == cls && !strcmp(p->m->funcs[i]->name, name)) return p->m->funcs[i];
	return NULL;
}

/* A return type: a scalar keyword, a class / record name (a reference), or void. */
static void return_type(P *p, Token *t, TypeKind *kind, Record **rec)
{
	*rec = NULL;
	if (t->k == T_ID && !strcmp(t->s, "void")) { *kind = TY_NONE; return; }
	*kind = kw_type(t->k);
	if (*kind != TY_NONE) return;
	Record *r = t->k == T_ID ? find_record(p, t->s) : NULL;
	if (!r) fail(p, t, "expected a return type");
	r->is_class = 1;
	*kind = TY_REF; *rec = r;
	accept(p, T_AMP);
}

/* function or method: name, parameters and body; the return type is known */
static void func_decl(P *p, Token *name, TypeKind rk, Record *rrec, Record *cls, int dspin)
{
	if (find_func(p, name->s, cls)) diag_error(name->pos, "function '%s' declared twice", name->s);
	Proctype *f = NEW(Proctype);
	f->name = name->s; f->pos = name->pos; f->is_func = 1;
	f->ret_kind = rk; f->ret_rec = rrec; f->cls = cls;
	f->index = p->m->nfuncs;
	PUSH(p->m->funcs, p->m->nfuncs, f);
	Proctype *save = p->cur;
	p->cur = f;
	if (cls) {
		Var *th = NEW(Var);
		th->name = "this"; th->pos = name->pos; th->kind = TY_REF; th->rec = cls;
		th->scope = SC_LOCAL; th->is_param = 1;
		PUSH(f->params, f->nparams, th);
		add_local(p, th);
	}
	params(p, f);
	if (dspin && accept(p, T_COLON)) {
		Token *t = next(p);
		return_type(p, t, &f->ret_kind, &f->ret_rec);
	}
	proc_body(p, f);
	p->cur = save;
}

/* TYPE NAME ( ... : a C-style function or method declaration */
static int func_start(P *p)
{
	Token *t = peek(p);
	if (peekn(p, 1)->k != T_ID || peekn(p, 2)->k != T_LPAREN) return 0;
	if (type_keyword(t->k)) return 1;
	if (t->k == T_ID && (!strcmp(t->s, "void") || find_record(p, t->s))) return 1;
	return 0;
}

static void typedef_decl(P *p, int is_class)
{
	Token *n = expect(p, T_ID, is_class ? "as class name" : "as typedef name");
	Record *r = find_record(p, n->s);
	if (r && r->declared) fail(p, n, "type '%s' declared twice", n->s);
	if (!r) {
		r = NEW(Record); r->name = n->s; r->pos = n->pos;
		r->id = p->m->nrecords;
		PUSH(p->m->records, p->m->nrecords, r);
	}
	if (is_class) r->is_class = 1; else r->is_typedef = 1;
	if (!is_class && at(p, T_SEMI)) return;   /* dSPIN forward declaration: typedef node; */
	r->declared = 1;
	expect(p, T_LBRACE, is_class ? "to start class body" : "to start typedef body");
	while (!at(p, T_RBRACE) && !at(p, T_EOF)) {
		if (is_class && func_start(p)) {
			Token *t = next(p);
			TypeKind rk; Record *rr;
			return_type(p, t, &rk, &rr);
			Token *n = next(p);
			func_decl(p, n, rk, rr, r, 0);
		} else declaration(p, &r->fields, &r->nfields, SC_FIELD);
		while (accept(p, T_SEMI)) ;
	}
	expect(p, T_RBRACE, "to close typedef body");
}

static void params(P *p, Proctype *pt)
{
	expect(p, T_LPAREN, "before parameters");
	while (!at(p, T_RPAREN) && !at(p, T_EOF)) {
		Var **vs = NULL; int nv = 0;
		declaration(p, &vs, &nv, SC_LOCAL);
		for (int i = 0; i < nv; i++) {
			vs[i]->is_param = 1;
			if (vs[i]->chan) diag_error(vs[i]->pos, "a parameter cannot have a channel initializer");
			PUSH(pt->params, pt->nparams, vs[i]);
			add_local(p, vs[i]);
		}
		if (!accept(p, T_SEMI) && !accept(p, T_COMMA)) break;
	}
	expect(p, T_RPAREN, "after parameters");
}

static void proc_body(P *p, Proctype *pt)
{
	p->cur = pt;
	p->seen_stmt = 0;
	Token *t = expect(p, T_LBRACE, "to start body");
	pt->body = sequence(p, T_RBRACE, T_RBRACE);
	pt->body->pos = t->pos;
	Token *e = expect(p, T_RBRACE, "to close body");
	if (e)
		pt->end_pos = e->pos;
	p->cur = NULL;
}

static void inline_decl(P *p)
{
	Token *n = expect(p, T_ID, "as inline name");
	Inline *in = NEW(Inline); in->name = n->s; in->pos = n->pos;
	expect(p, T_LPAREN, "after inline name");
	if (!at(p, T_RPAREN)) {
		do { Token *a = expect(p, T_ID, "as inline parameter"); PUSH(in->params, in->nparams, a->s); } while (accept(p, T_COMMA));
	}
	expect(p, T_RPAREN, "after inline parameters");
	if (!at(p, T_LBRACE)) fail(p, peek(p), "expected '{' to start inline body");
	int depth = 0;
	do {
		Token *t = peek(p);
		if (t->k == T_EOF) fail(p, t, "unterminated inline body");
		if (t->k == T_LBRACE) depth++;
		if (t->k == T_RBRACE) depth--;
		in->toks = xgrow(in->toks, in->ntoks + 1, sizeof(Token));
		in->toks[in->ntoks++] = *next(p);
	} while (depth > 0);
	PUSH(p->m->inlines, p->m->ninlines, in);
}

/* P@L or P[i]@L somewhere in the model, never claims and ltl formulas
 * included, chosen or not: SPIN keeps a `goto` labelled L in P as a step
 * of its own then (lang/compile.c), as pan does whichever claim runs */
static void remote_label_seen(P *p, const char *proc, const char *label)
{
	Model *m = p->m;
	for (int i = 0; i < m->nrlabels; i++)
		if (!strcmp(m->rlabel_proc[i], proc) && !strcmp(m->rlabel_name[i], label)) return;
	PUSH(m->rlabel_proc, m->nrlabels, proc);
	m->nrlabels--;
	PUSH(m->rlabel_name, m->nrlabels, label);
}

static void ltl_decl(P *p, Token *kw)
{
	LtlDecl *l = NEW(LtlDecl); l->pos = kw->pos;
	if (at(p, T_ID)) l->name = next(p)->s; else l->name = "ltl_0";
	Token *open = expect(p, T_LBRACE, "to start ltl formula");
	int depth = 1;
	Token *last = open;
	const char *proc = NULL;   /* the name before a P[i]@L or P@L */
	int brackets = 0;
	while (depth > 0) {
		Token *t = peek(p);
		if (t->k == T_EOF) fail(p, t, "unterminated ltl formula");
		if (t->k == T_LBRACE) depth++;
		if (t->k == T_RBRACE) depth--;
		if (t->k == T_AT && proc && !brackets && peekn(p, 1)->k == T_ID)
			remote_label_seen(p, proc, peekn(p, 1)->s);
		if (t->k == T_LBRACK) brackets++;
		else if (t->k == T_RBRACK) brackets -= brackets > 0;
		else if (t->k == T_ID && !brackets) proc = t->s;
		else if (!brackets && t->k != T_AT) proc = NULL;
		last = next(p);
	}
	/* the tokens between the braces, with every character's position */
	int n = 1;
	for (const Token *t = open + 1; t < last; t++) n += t->len + 1;
	char *text = xalloc((size_t)n);
	l->cpos = xalloc(sizeof(Pos) * (size_t)n);
	int j = 0;
	for (const Token *t = open + 1; t < last; t++) {
		if (t > open + 1 && (t[-1].src != t->src || t->off != t[-1].off + t[-1].len)) {
			l->cpos[j] = t->pos;   /* a gap: where the next token starts */
			text[j++] = ' ';
		}
		for (int i = 0; i < t->len; i++) {
			l->cpos[j] = t->pos; l->cpos[j].col += i;
			text[j++] = t->src[t->off + i];
		}
	}
	l->cpos[j] = last->pos;        /* the end of the formula: its closing brace */
	text[j] = 0;
	l->text = text;
	l->order = p->m->nnevers;
	PUSH(p->m->ltls, p->m->nltls, l);
}

static void toplevel(P *p)
{
	Token *t = peek(p);
	switch (t->k) {
	case T_SEMI: next(p); return;
	case K_MTYPE:
		if (peekn(p, 1)->k == T_ASSIGN || peekn(p, 1)->k == T_LBRACE ||
		    (peekn(p, 1)->k == T_COLON && peekn(p, 3)->k == T_ASSIGN)) { next(p); mtype_decl(p); return; }
		break;
	case K_TYPEDEF: next(p); typedef_decl(p, 0); return;
	case K_INLINE: next(p); inline_decl(p); return;
	case K_LTL: next(p); ltl_decl(p, t); return;
	case K_TRACE: case K_NOTRACE: {
		next(p);
		Proctype *pt = NEW(Proctype); pt->name = t->k == K_TRACE ? ":trace:" : ":notrace:";
		diag_warn(t->pos, "trace/notrace assertions are ignored");
		proc_body(p, pt);
		return;
	}
	case K_ACTIVE: case K_PROCTYPE: case K_INIT: case K_NEVER: {
		Proctype *pt = NEW(Proctype);
		pt->pos = t->pos;
		if (accept(p, K_ACTIVE)) {
			pt->active = 1;
			if (accept(p, T_LBRACK)) { pt->active_expr = expr(p); expect(p, T_RBRACK, "after active count"); }
			if (!at(p, K_PROCTYPE)) fail(p, peek(p), "expected 'proctype' after 'active'");
		}
		if (accept(p, K_PROCTYPE)) {
			Token *n = expect(p, T_ID, "as proctype name");
			pt->name = n->s;
			if (find_ptype(p, n->s)) diag_error(n->pos, "proctype '%s' declared twice", n->s);
			pt->index = p->m->nptypes;
			PUSH(p->m->ptypes, p->m->nptypes, pt);
			p->cur = pt;
			params(p, pt);
			if (accept(p, K_PRIORITY)) { p->m->uses_priority = 1; pt->prio_expr = primary(p); }
			if (accept(p, K_PROVIDED)) { expect(p, T_LPAREN, "after 'provided'"); pt->provided = expr(p); expect(p, T_RPAREN, "after provided clause"); }
		} else if (accept(p, K_INIT)) {
			pt->name = ":init:"; pt->is_init = 1; pt->active = 1;
			for (int i = 0; i < p->m->nptypes; i++)
				if (p->m->ptypes[i]->is_init) diag_error(t->pos, "init declared twice");
			pt->index = p->m->nptypes;
			PUSH(p->m->ptypes, p->m->nptypes, pt);
			if (accept(p, K_PRIORITY)) { p->m->uses_priority = 1; pt->prio_expr = primary(p); }
		} else {
			next(p);
			pt->name = ":never:"; pt->is_never = 1;
			/* `never NAME { }`: several claims, -N NAME chooses (as pan's -N) */
			const char *cname = at(p, T_ID) ? next(p)->s : NULL;
			for (int i = 0; i < p->m->nnevers; i++) {
				const char *o = p->m->never_names[i];
				if (o && cname && !strcmp(o, cname))
					diag_error(t->pos, "two never claims named '%s'", cname);
			}
			PUSH(p->m->nevers, p->m->nnevers, pt);
			p->m->nnevers--;
			PUSH(p->m->never_names, p->m->nnevers, cname);
			if (!p->m->never) p->m->never = pt;
		}
		proc_body(p, pt);
		return;
	}
	case K_C_CODE: case K_C_DECL: case K_C_STATE: case K_C_TRACK: case K_C_EXPR:
		fail(p, t, "embedded C code (%s) is not supported by dspin", t->s);
	default: break;
	}
	if (t->k == T_ID && !strcmp(t->s, "class")) { next(p); typedef_decl(p, 1); return; }
	if (t->k == T_ID && !strcmp(t->s, "function") && peekn(p, 1)->k == T_ID) {
		/* dSPIN: function name(int a; node &b) : node& { ... } */
		next(p);
		Token *n = next(p);
		func_decl(p, n, TY_NONE, NULL, NULL, 1);
		return;
	}
	if (func_start(p)) {
		Token *tt = next(p);
		TypeKind rk; Record *rr;
		return_type(p, tt, &rk, &rr);
		Token *n = next(p);
		func_decl(p, n, rk, rr, NULL, 0);
		return;
	}
	if (is_decl_start(p)) {
		Var **vs = NULL; int nv = 0;
		declaration(p, &vs, &nv, SC_GLOBAL);
		for (int i = 0; i < nv; i++) {
			for (int j = 0; j < p->m->nglobals; j++)
				if (!strcmp(p->m->globals[j]->name, vs[i]->name))
					diag_error(vs[i]->pos, "redeclaration of global '%s'", vs[i]->name);
			PUSH(p->m->globals, p->m->nglobals, vs[i]);
		}
		return;
	}
	if (t->k == T_ID || t->k >= K_FIRST)
		fail(p, t, "unexpected '%s' at top level", t->s);
	fail(p, t, "unexpected %s at top level", tok_name(t->k));
}

Model *parse_tokens(const char *fname, Token *toks, int ntok)
{
	P p; memset(&p, 0, sizeof p);
	/* pre-scan: `TYPE name (`, `void name (`, `function name (` declare functions */
	for (int i = 0; i + 2 < ntok; i++) {
		Token *a = &toks[i], *b = &toks[i + 1], *c = &toks[i + 2];
		if (b->k != T_ID || c->k != T_LPAREN) continue;
		int ty = a->k == K_BIT || a->k == K_BOOL || a->k == K_BYTE || a->k == K_SHORT || a->k == K_INT ||
			 a->k == K_UNSIGNED || a->k == K_MTYPE || a->k == K_CHAN || a->k == K_PIDTYPE || a->k == T_ID;
		if (ty || (a->k == T_AMP)) PUSH(p.fnames, p.nfnames, b->s);
	}
	Stream s = { toks, ntok, 0, NULL };
	p.s = NEW(Stream); *p.s = s;
	p.m = NEW(Model);
	/* pre-scan: classes are known by name before their bodies, so two
	 * classes can refer to each other */
	for (int i = 0; i + 1 < ntok; i++)
		if (toks[i].k == T_ID && !strcmp(toks[i].s, "class") && toks[i + 1].k == T_ID &&
		    (i == 0 || toks[i - 1].k == T_SEMI || toks[i - 1].k == T_RBRACE)) {
			int dup = 0;
			for (int j = 0; j < p.m->nrecords; j++) if (!strcmp(p.m->records[j]->name, toks[i + 1].s)) dup = 1;
			if (dup) continue;
			Record *r = NEW(Record); r->name = toks[i + 1].s; r->pos = toks[i + 1].pos;
			r->is_class = 1; r->id = p.m->nrecords;
			PUSH(p.m->records, p.m->nrecords, r);
		}
	p.m->file = fname;
	p.m->mtypes = xalloc(sizeof(char *) * 256);
	jmp_buf jb;
	p.recover = &jb;
	while (!at(&p, T_EOF)) {
		if (setjmp(jb)) {
			p.depth = 0; p.cur = NULL;
			while (p.s->up) p.s = p.s->up;
			/* skip to something that can start a top-level unit */
			next(&p);
			while (!at(&p, T_EOF)) {
				int k = peek(&p)->k;
				if (k == K_PROCTYPE || k == K_ACTIVE || k == K_INIT || k == K_NEVER || k == K_TYPEDEF ||
				    k == K_INLINE || k == K_LTL || k == K_MTYPE) break;
				next(&p);
			}
			continue;
		}
		toplevel(&p);
	}
	return p.m;
}
