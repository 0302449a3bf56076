/* parse_expr.c — expressions: operator precedence climbing over primaries
 * (names, constants, channel tests, run, calls, remote references, new),
 * each operator token mapped to ast.h's Op (binop_of, unop_of). */
#include "parse.h"
#include <limits.h>
#include <stdarg.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

/* ---------------------------------------------------------------- expressions */


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

void parse_enter(P *p)
{
	if (++p->depth > MAXDEPTH) parse_fail(p, peek(p), "nesting too deep");
}

static Expr **arglist(P *p, int *n, int close)
{
	Expr **a = NULL; *n = 0;
	if (at(p, close)) return a;
	do { Expr *e = parse_expr(p); PUSH(a, *n, e); } while (accept(p, T_COMMA));
	return a;
}

/* A variable reference: name, name[idx], name.field..., chained. */
static Expr *varref_rest(P *p, Expr *e)
{
	for (;;) {
		if (at(p, T_LBRACK) && (e->k == E_NAME || e->k == E_FIELD) && !e->a && e->k != E_CALL) {
			next(p);
			e->a = parse_expr(p);
			parse_expect(p, T_RBRACK, "after array index");
		} else if (at(p, T_DOT) && peekn(p, 1)->k == T_ID && peekn(p, 2)->k == T_LPAREN) {
			Token *dot = next(p);
			Token *f = next(p);
			next(p);
			Expr *c = mkexpr(E_CALL, dot->pos);
			c->name = f->s; c->a = e;
			c->args = arglist(p, &c->nargs, T_RPAREN);
			parse_expect(p, T_RPAREN, "to close call arguments");
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
	parse_expect(p, T_LPAREN, "after channel function");
	Expr *e = mkexpr(k, t->pos);
	e->a = parse_expr(p);
	parse_expect(p, T_RPAREN, "to close channel function");
	return e;
}

/* Only names declared as functions somewhere in the file are calls: SPIN
 * accepts `x = y (x == 0)` as two statements without a separator. */
static int is_func_name(P *p, const char *name)
{
	for (int i = 0; i < p->nfnames; i++) if (!strcmp(p->fnames[i], name)) return 1;
	return 0;
}

Expr *parse_primary(P *p)
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
		e = parse_expr(p);
		if (accept(p, T_ARROW)) {
			Expr *c = mkexpr(E_COND, t->pos);
			c->a = e; c->b = parse_expr(p);
			parse_expect(p, T_COLON, "in conditional expression");
			c->c = parse_expr(p);
			e = c;
		}
		parse_expect(p, T_RPAREN, "to close parenthesis");
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
		parse_expect(p, T_LPAREN, "after 'set_priority'");
		e = mkexpr(E_SETPRIO, t->pos);
		e->a = parse_expr(p);
		parse_expect(p, T_COMMA, "between the pid and the priority");
		e->b = parse_expr(p);
		parse_expect(p, T_RPAREN, "to close set_priority");
		return e;
	}
	case K_TIMEOUT: next(p); return mkexpr(E_TIMEOUT, t->pos);
	case K_NR_PR: next(p); return mkexpr(E_NRPR, t->pos);
	case K_PID: next(p); return mkexpr(E_PID, t->pos);
	case K_LAST: next(p); p->m->uses_last = 1; return mkexpr(E_LASTPID, t->pos);
	case K_NP: next(p); return mkexpr(E_NP, t->pos);
	case K_RUN: {
		next(p);
		Token *n = parse_expect(p, T_ID, "after 'run'");
		e = mkexpr(E_RUN, t->pos);
		e->name = n->s;
		parse_expect(p, T_LPAREN, "after proctype name");
		e->args = arglist(p, &e->nargs, T_RPAREN);
		parse_expect(p, T_RPAREN, "to close run arguments");
		if (accept(p, K_PRIORITY)) { p->m->uses_priority = 1; e->b = parse_primary(p); }
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
		if (parse_find_ptype(p, t->s) || (at(p, T_AT))) {
			Expr *idx = NULL;
			int save = p->s->i; Stream *ss = p->s;
			if (at(p, T_LBRACK)) { next(p); idx = parse_expr(p); parse_expect(p, T_RBRACK, "after process index"); }
			if (at(p, T_AT)) {
				next(p);
				Token *l = parse_expect(p, T_ID, "after '@'");
				e = mkexpr(E_REMOTE_LABEL, t->pos); e->name = t->s; e->a = idx; e->c = NULL;
				Expr *ln = mkexpr(E_NAME, l->pos); ln->name = l->s; e->b = ln;
				parse_remote_label_seen(p, t->s, l->s);
				return e;
			}
			if (at(p, T_COLON) && peekn(p, 1)->k == T_ID && parse_find_ptype(p, t->s)) {
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
		if (at(p, T_LPAREN) && !parse_find_inline(p, t->s) && is_func_name(p, t->s)) {
			/* a call f(args); functions may be declared later */
			next(p);
			e = mkexpr(E_CALL, t->pos);
			e->name = t->s;
			e->args = arglist(p, &e->nargs, T_RPAREN);
			parse_expect(p, T_RPAREN, "to close call arguments");
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
			parse_expect(p, T_RBRACK, "to close poll");
			return pe;
		}
		return e;
	}
	case T_MINUS: case T_NOT: case T_TILDE: {
		next(p);
		parse_enter(p);
		e = mkexpr(E_UN, t->pos);
		e->op = unop_of(t->k);
		e->a = parse_expr_prec(p, 11);
		LEAVE(p);
		return e;
	}
	default:
		if (t->k == T_ID || t->k >= K_FIRST)
			parse_fail(p, t, "expected an expression, found '%s'", t->s);
		parse_fail(p, t, "expected an expression, found %s", tok_name(t->k));
	}
}

Expr *parse_expr_prec(P *p, int prec)
{
	parse_enter(p);
	Expr *l = parse_primary(p);
	int chain = 0;
	for (;;) {
		int k = peek(p)->k;
		int bp = binprec(k);
		if (!bp || bp < prec) break;
		/* the checker and the VM walk expressions recursively: keep the
		 * tree shallow enough for the C stack */
		if (++chain > 2000) parse_fail(p, peek(p), "expression too long (more than 2000 operators in a row)");
		Token *op = next(p);
		Expr *r = parse_expr_prec(p, bp + 1);
		Expr *b = mkexpr(E_BIN, op->pos);
		b->op = binop_of(k); b->a = l; b->b = r;
		l = b;
	}
	LEAVE(p);
	return l;
}

Expr *parse_expr(P *p) { return parse_expr_prec(p, 1); }

