/* parse_stmt.c — statements and sequences: if/do options, atomic,
 * d_step, unless, for, select, sends and receives, local declarations,
 * and inline calls, whose body tokens are replayed as a stream of their
 * own; each basic statement keeps its source text for trails. */
#include "parse.h"
#include <limits.h>
#include <stdarg.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

/* ---------------------------------------------------------------- statements */

static Stmt *statement(P *p);
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
static void check_option_label(P *p, const Stmt *s)
{
	while (s) {
		if (s->k == S_LABEL) {
			const char *l = s->label;
			if (!strncmp(l, "end", 3) || !strncmp(l, "progress", 8) || !strncmp(l, "accept", 6))
				diag_error(p->diag, s->pos, "label '%s' on the first statement of an option (SPIN: \"label %s placed incorrectly\", "
					"and pan marks another state than this one): put it before 'if' or 'do', or after the option's first statement", l, l);
			else
				diag_warn(p->diag, s->pos, "label '%s' on the first statement of an option (SPIN: \"label %s placed incorrectly\"): "
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
static void check_dstep_labels(P *p, const Stmt *s)
{
	if (!s)
		return;
	if (s->k == S_LABEL) {
		const char *l = s->label;
		if (!strncmp(l, "end", 3) || !strncmp(l, "progress", 8) || !strncmp(l, "accept", 6))
			diag_warn(p->diag, s->pos, "label '%s' inside a d_step marks no state (SPIN: \"label inside d_step - is invisible\"; "
				"a d_step is one step, no process is ever inside it): put it before 'd_step'", l);
	}
	for (int i = 0; i < s->nbody; i++)
		check_dstep_labels(p, s->body[i]);
	for (int o = 0; o < s->nopts; o++)
		for (int i = 0; i < s->optlen[o]; i++)
			check_dstep_labels(p, s->opts[o][i]);
	check_dstep_labels(p, s->sub);
	check_dstep_labels(p, s->esc);
}

static Stmt *opt_sequence_list(P *p, StmtKind k, int closer, Token *start)
{
	Stmt *s = mkstmt(k, start->pos);
	while (accept(p, T_DCOLON)) {
		Stmt *seq = parse_sequence(p, T_DCOLON, closer);
		s->opts = xgrow(s->opts, s->nopts + 1, sizeof(Stmt **));
		s->optlen = xgrow(s->optlen, s->nopts + 1, sizeof(int));
		s->opts[s->nopts] = seq->body;
		s->optlen[s->nopts++] = seq->nbody;
		check_option_label(p, seq->nbody ? seq->body[0] : NULL);
	}
	if (!s->nopts) parse_fail(p, peek(p), "expected '::' to start an option");
	parse_expect(p, closer, k == S_IF ? "to close 'if'" : "to close 'do'");
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

/* no space between two tokens of an inline's expansion that were not
 * adjacent in the source (one from the body, one from the argument
 * substituted into it) where C would write none: `cur.locked`, not
 * `cur .locked`; `!head.locked`, not `! head .locked`; `a[i]` */
static int glued(const Token *prev, const Token *t)
{
	char c = t->len == 1 ? t->src[t->off] : 0, pc = prev->len == 1 ? prev->src[prev->off] : 0;
	return c == '.' || c == '[' || c == ']' || c == ')' || c == ',' || c == ';' ||
	       pc == '.' || pc == '[' || pc == '(' || pc == '!' || pc == '~';
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
		/* (an argument and the body are both in the file: not adjacent,
		 * and glued() decides) */
		if (prev && j < n && (prev->src != t->src || t->off != prev->off + prev->len) && !glued(prev, t))
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
	Token *e = parse_expect(p, T_RPAREN, what);
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
		parse_expect(p, T_LPAREN, "after eval");
		e = mkexpr(E_EVAL, t->pos);
		e->a = parse_expr(p);
		parse_expect(p, T_RPAREN, "after eval");
		return e;
	}
	if (t->k == T_MINUS && peekn(p, 1)->k == T_NUM) {
		next(p);
		Token *nn = next(p);
		e = mkexpr(E_CONST, t->pos);
		e->val = (int32_t)(0u - (uint32_t)nn->v);
		return e;
	}
	return parse_expr_prec(p, prec);
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
			parse_expect(p, T_RPAREN, "after message arguments");
			continue;
		}
		Expr *e = recv_arg(p, 1);
		PUSH(a, *n, e);
		/* SPIN's `q!e(a, b)` and `q?e(a, b)` for any first argument: a
		 * constant, or a macro that expands to one (p101.pml's
		 * `name!msgtype(124)`), not only a name; the same as e, a, b */
		if (*n == 1 && accept(p, T_LPAREN)) {
			do { Expr *f = recv_arg(p, 1); PUSH(a, *n, f); } while (accept(p, T_COMMA));
			parse_expect(p, T_RPAREN, "after message arguments");
		}
	} while (accept(p, T_COMMA));
	return a;
}

static Stmt *inline_call(P *p, Inline *in, Token *name)
{
	parse_expect(p, T_LPAREN, "after inline name");
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
				if (t->k == T_EOF) parse_fail(p, t, "unterminated inline call");
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
	parse_expect(p, T_RPAREN, "after inline arguments");
	if (nargs != in->nparams)
		parse_fail(p, name, "inline '%s' expects %d argument(s), got %d", in->name, in->nparams, nargs);
	if (in->expanding) parse_fail(p, name, "inline '%s' calls itself (inlines cannot recurse)", in->name);
	if (in->broken) parse_fail(p, name, "inline '%s' has errors (reported above)", in->name);
	if (p->inline_depth > 50) parse_fail(p, name, "inline expansion too deep at '%s'", in->name);
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
	int before = p->diag->count;
	Stmt *body = statement(p);   /* the body is a { ... } block */
	in->expanding = 0;
	/* a body with errors is not expanded again: recovery may have left
	 * part of it unread, and re-expanding could loop */
	if (p->diag->count > before) in->broken = 1;
	p->inline_depth--;
	return body;
}

void parse_add_local(P *p, Var *v)
{
	Proctype *pt = p->cur;
	v->in_func = pt->is_func;
	for (int i = 0; i < pt->nlocals; i++)
		if (!strcmp(pt->locals[i]->name, v->name)) {
			diag_error(p->diag, v->pos, "redeclaration of '%s' in proctype '%s'", v->name, pt->name);
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
	parse_declaration(p, &vs, &nv, SC_LOCAL);
	Stmt *seq = mkstmt(S_SEQ, start->pos);
	for (int i = 0; i < nv; i++) {
		Var *v = vs[i];
		parse_add_local(p, v);
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
	parse_enter(p);
	Token *t = peek(p);
	Stmt *s = NULL;
	switch (t->k) {
	case K_IF: next(p); s = opt_sequence_list(p, S_IF, K_FI, t); p->seen_stmt = 1; break;
	case K_DO: next(p); s = opt_sequence_list(p, S_DO, K_OD, t); p->seen_stmt = 1; break;
	case K_ATOMIC: case K_D_STEP: {
		next(p);
		parse_expect(p, T_LBRACE, t->k == K_ATOMIC ? "after 'atomic'" : "after 'd_step'");
		Stmt *b = parse_sequence(p, T_RBRACE, T_RBRACE);
		parse_expect(p, T_RBRACE, "to close block");
		b->k = t->k == K_ATOMIC ? S_ATOMIC : S_DSTEP;
		b->pos = t->pos;
		if (b->k == S_DSTEP)
			for (int i = 0; i < b->nbody; i++)
				check_dstep_labels(p, b->body[i]);
		s = b;
		p->seen_stmt = 1;
		break;
	}
	case T_LBRACE: {
		next(p);
		Stmt *b = parse_sequence(p, T_RBRACE, T_RBRACE);
		parse_expect(p, T_RBRACE, "to close block");
		b->is_block = 1;
		s = b;
		break;
	}
	case K_FOR: {
		next(p);
		parse_expect(p, T_LPAREN, "after 'for'");
		Expr *v = parse_primary(p);
		s = mkstmt(S_FOR, t->pos);
		s->lhs = v;
		if (at(p, T_ID) && !strcmp(peek(p)->s, "in")) {
			next(p);
			s->lo = parse_primary(p);
			s->hi = NULL;
		} else {
			parse_expect(p, T_COLON, "in for range");
			s->lo = parse_expr(p);
			parse_expect(p, T_DOTDOT, "in for range");
			s->hi = parse_expr(p);
		}
		parse_expect(p, T_RPAREN, "to close for header");
		parse_expect(p, T_LBRACE, "to start for body");
		Stmt *b = parse_sequence(p, T_RBRACE, T_RBRACE);
		parse_expect(p, T_RBRACE, "to close for body");
		s->sub = b;
		p->seen_stmt = 1;
		break;
	}
	case K_SELECT: {
		next(p);
		parse_expect(p, T_LPAREN, "after 'select'");
		s = mkstmt(S_SELECT, t->pos);
		s->lhs = parse_primary(p);
		parse_expect(p, T_COLON, "in select range");
		s->lo = parse_expr(p);
		parse_expect(p, T_DOTDOT, "in select range");
		s->hi = parse_expr(p);
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
		Token *l = parse_expect(p, T_ID, "after 'goto'");
		s = mkstmt(S_GOTO, t->pos); s->label = l->s;
		s->text = text_of(p, t, l);
		p->seen_stmt = 1;
		break;
	}
	case K_BREAK: next(p); s = mkstmt(S_BREAK, t->pos); s->text = "break"; p->seen_stmt = 1; break;
	case K_ELSE: next(p); s = mkstmt(S_ELSE, t->pos); s->text = "else"; p->seen_stmt = 1; break;
	case K_PRINTF: {
		next(p);
		parse_expect(p, T_LPAREN, "after 'printf'");
		Token *f = parse_expect(p, T_STR, "as printf format");
		s = mkstmt(S_PRINTF, t->pos); s->fmt = f->s;
		while (accept(p, T_COMMA)) { Expr *e = parse_expr(p); PUSH(s->args, s->nargs, e); }
		close_stmt(p, s, t, "to close printf");
		break;
	}
	case K_PRINTM: {
		next(p);
		parse_expect(p, T_LPAREN, "after 'printm'");
		s = mkstmt(S_PRINTM, t->pos); s->rhs = parse_expr(p);
		close_stmt(p, s, t, "to close printm");
		break;
	}
	case K_ASSERT: {
		next(p);
		s = mkstmt(S_ASSERT, t->pos);
		s->rhs = parse_expr(p);
		s->text = text_of(p, t, &p->s->t[p->s->i - 1 >= 0 ? p->s->i - 1 : 0]);
		p->seen_stmt = 1;
		break;
	}
	case K_C_CODE: case K_C_EXPR: case K_C_DECL: case K_C_STATE: case K_C_TRACK:
		parse_fail(p, t, "embedded C code (%s) is not supported by dspin", t->s);
	case T_ID: {
		if (!strcmp(t->s, "return")) {
			next(p);
			s = mkstmt(S_RETURN, t->pos);
			int k = peek(p)->k;
			if (!(is_sep(k) || k == T_RBRACE || k == T_DCOLON || k == K_FI || k == K_OD || k == T_EOF))
				s->rhs = parse_expr(p);
			s->text = text_of(p, t, &p->s->t[p->s->i > 0 ? p->s->i - 1 : 0]);
			if (!p->cur || !p->cur->is_func) diag_error(p->diag, t->pos, "'return' outside a function");
			p->seen_stmt = 1;
			break;
		}
		Inline *in = parse_find_inline(p, t->s);
		if (in && peekn(p, 1)->k == T_LPAREN) { next(p); s = inline_call(p, in, t); p->seen_stmt = 1; break; }
		if (peekn(p, 1)->k == T_COLON) {
			next(p); next(p);
			s = mkstmt(S_LABEL, t->pos);
			s->label = t->s;
			s->sub = statement(p);
			break;
		}
		if (parse_is_decl_start(p)) { s = local_decl(p); break; }
	}
	/* fall through */
	default: {
		if (parse_is_decl_start(p)) {
			if (!p->cur) parse_fail(p, t, "declaration outside a proctype");
			s = local_decl(p);
			break;
		}
		if (t->k == K_XR || t->k == K_XS) {
			next(p);
			do { parse_expect(p, T_ID, "after xr/xs"); if (accept(p, T_LBRACK)) { parse_expr(p); parse_expect(p, T_RBRACK, "after index"); } } while (accept(p, T_COMMA));
			s = mkstmt(S_SEQ, t->pos);
			break;
		}
		Expr *e = parse_expr(p);
		Token *op = peek(p);
		p->seen_stmt = 1;
		switch (op->k) {
		case T_ASSIGN:
			next(p);
			s = mkstmt(S_ASSIGN, t->pos); s->lhs = e; s->rhs = parse_expr(p);
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
					diag_error(p->diag, s->args[i]->pos, "'_' and eval() are not allowed in a send");
			break;
		}
		case T_QUERY: case T_QUERY2: {
			next(p);
			s = mkstmt(S_RECV, t->pos); s->lhs = e; s->random = op->k == T_QUERY2;
			if (accept(p, T_LT)) {
				s->copy = 1;
				/* args up to '>' : parse with precedence above comparison */
				do { Expr *a = recv_arg(p, 8); PUSH(s->args, s->nargs, a); } while (accept(p, T_COMMA));
				parse_expect(p, T_GT, "to close '?<'");
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
Stmt *parse_sequence(P *p, int close1, int close2)
{
	Stmt *seq = mkstmt(S_SEQ, peek(p)->pos);
	jmp_buf jb, *saved = p->recover;
	for (;;) {
		while (is_sep(peek(p)->k)) next(p);
		int k = peek(p)->k;
		if (k == close1 || k == close2 || k == T_EOF) break;
		if (k == K_FI || k == K_OD || k == T_RBRACE || k == T_DCOLON) {
			Token *t = next(p);
			diag_error(p->diag, t->pos, "unexpected %s", tok_name(t->k));
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

