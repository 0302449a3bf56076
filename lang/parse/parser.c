/* parser.c — hand-written recursive-descent parser for DPML: its driver
 * (parse_tokens), declarations and the top level; expressions and
 * statements are parse_expr.c's and parse_stmt.c's (parse.h).
 *
 * Produces the AST of ast.h.  Names stay unresolved (E_NAME) except where the
 * grammar needs to know them (record types, inline names, proctype names for
 * remote references); resolve.c resolves the rest.  Errors are reported with
 * diag_error and the parser resynchronises at the next `;` or `}` so that
 * several errors can be reported in one run.
 */
#include "parse.h"
#include <limits.h>
#include <stdarg.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

_Noreturn void parse_fail(P *p, Token *t, const char *fmt, ...)
{
	char buf[512];
	va_list ap; va_start(ap, fmt); vsnprintf(buf, sizeof buf, fmt, ap); va_end(ap);
	diag_error(p->diag, t->pos, "%s", buf);
	longjmp(*p->recover, 1);
}

Token *parse_expect(P *p, int k, const char *what)
{
	Token *t = peek(p);
	if (t->k != k) {
		if (t->k == T_ID || t->k >= K_FIRST)
			parse_fail(p, t, "expected %s %s, found %s'%s'", tok_name(k), what, t->k >= K_FIRST ? "keyword " : "", t->s);
		parse_fail(p, t, "expected %s %s, found %s", tok_name(k), what, tok_name(t->k));
	}
	return next(p);
}

static Record *find_record(P *p, const char *name)
{
	for (int i = 0; i < p->m->nrecords; i++)
		if (!strcmp(p->m->records[i]->name, name)) return p->m->records[i];
	return NULL;
}
Inline *parse_find_inline(P *p, const char *name)
{
	for (int i = 0; i < p->m->ninlines; i++)
		if (!strcmp(p->m->inlines[i]->name, name)) return p->m->inlines[i];
	return NULL;
}
Proctype *parse_find_ptype(P *p, const char *name)
{
	for (int i = 0; i < p->m->nptypes; i++)
		if (!strcmp(p->m->ptypes[i]->name, name)) return p->m->ptypes[i];
	return NULL;
}


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

int parse_is_decl_start(P *p)
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
	Token *t = parse_expect(p, T_LBRACK, "to start channel initializer");
	ChanSpec *c = NEW(ChanSpec);
	c->pos = t->pos;
	c->cap_expr = parse_expr(p);
	parse_expect(p, T_RBRACK, "after channel capacity");
	parse_expect(p, K_OF, "in channel initializer");
	parse_expect(p, T_LBRACE, "before message types");
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
			} else parse_fail(p, ty, "expected a message field type");
		}
		chan_field(c, k, r, 0);
		if (k == TY_MTYPE && at(p, T_COLON)) { next(p); c->fmtg[c->nfields - 1] = mtype_group(p, parse_expect(p, T_ID, "after 'mtype:'")->s); }
	} while (accept(p, T_COMMA));
	parse_expect(p, T_RBRACE, "after message types");
	return c;
}

/* Parse `type name [N] = init, name2, ...` and append Vars to *out. */
void parse_declaration(P *p, Var ***out, int *nout, int scope)
{
	int hidden = 0;
	while (at(p, K_HIDDEN) || at(p, K_SHOW) || at(p, K_LOCAL)) { if (next(p)->k == K_HIDDEN) hidden = 1; }
	Token *tt = next(p);
	TypeKind kind = kw_type(tt->k);
	Record *rec = NULL;
	if (kind == TY_NONE) {
		if (tt->k == T_ID && (rec = find_record(p, tt->s))) kind = (rec->is_class && !rec->is_typedef) ? TY_REF : TY_RECORD;
		else parse_fail(p, tt, "expected a type");
	}
	int mtg = 0;
	if (kind == TY_MTYPE && at(p, T_COLON)) { next(p); mtg = mtype_group(p, parse_expect(p, T_ID, "after 'mtype:'")->s); }
	do {
		TypeKind vk = kind;
		if (at(p, T_AMP)) {
			/* dSPIN: `node &next` is a reference to a node */
			next(p);
			if (!rec) parse_fail(p, peek(p), "'&' needs a record type");
			vk = TY_REF;
			rec->is_class = 1;
		}
		Token *n = parse_expect(p, T_ID, "as variable name");
		Var *v = NEW(Var);
		v->name = n->s; v->pos = n->pos; v->kind = vk; v->rec = rec; v->scope = scope;
		v->mtg = vk == TY_MTYPE ? mtg : 0;
		v->hidden = hidden;
		if (kind == TY_UNSIGNED) {
			parse_expect(p, T_COLON, "after unsigned variable name");
			Token *b = parse_expect(p, T_NUM, "as bit width");
			/* SPIN: "invalid width-field" beyond 31 */
			if (b->v < 1 || b->v > 31) parse_fail(p, b, "bit width must be 1..31");
			v->bits = b->v;
		}
		if (accept(p, T_LBRACK)) {
			v->arrlen_expr = parse_expr(p);
			parse_expect(p, T_RBRACK, "after array length");
		}
		if (accept(p, T_ASSIGN)) {
			if (kind == TY_CHAN) v->chan = chan_init(p);
			else if (at(p, T_LBRACE)) {
				/* array initializer list: keep the first for simplicity of SPIN compat */
				parse_fail(p, peek(p), "array initializer lists are not supported");
			} else v->init = parse_expr(p);
		}
		PUSH(*out, *nout, v);
	} while (at(p, T_COMMA) && !type_after_comma(p) && accept(p, T_COMMA));
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
	if (accept(p, T_COLON)) g = mtype_group(p, parse_expect(p, T_ID, "after 'mtype:'")->s);
	accept(p, T_ASSIGN);
	parse_expect(p, T_LBRACE, "to start mtype list");
	const char **names = NULL; int n = 0;
	do {
		Token *t = parse_expect(p, T_ID, "in mtype list");
		if (mtype_declared(p, t->s)) diag_error(p->diag, t->pos, "mtype '%s' declared twice", t->s);
		PUSH(names, n, t->s);
	} while (accept(p, T_COMMA));
	parse_expect(p, T_RBRACE, "to close mtype list");
	/* SPIN numbers the names of one declaration in reverse order, and each
	 * named mtype from 1 */
	const char **tab = g ? p->m->mtgroups[g].names : p->m->mtypes;
	int *cnt = g ? &p->m->mtgroups[g].n : &p->m->nmtypes;
	int base = *cnt;
	if (base + n > 255) parse_fail(p, peek(p), "too many mtype names (max 255)");
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
	if (!r) parse_fail(p, t, "expected a return type");
	r->is_class = 1;
	*kind = TY_REF; *rec = r;
	accept(p, T_AMP);
}

/* function or method: name, parameters and body; the return type is known */
static void func_decl(P *p, Token *name, TypeKind rk, Record *rrec, Record *cls, int dspin)
{
	if (find_func(p, name->s, cls)) diag_error(p->diag, name->pos, "function '%s' declared twice", name->s);
	Proctype *f = NEW(Proctype);
	f->name = name->s; f->pos = name->pos; f->is_func = 1;
	f->ret_kind = rk; f->ret_rec = rrec; f->cls = cls;
	f->index = p->m->nfuncs;
	f->seq = p->topseq;
	PUSH(p->m->funcs, p->m->nfuncs, f);
	Proctype *save = p->cur;
	p->cur = f;
	if (cls) {
		Var *th = NEW(Var);
		th->name = "this"; th->pos = name->pos; th->kind = TY_REF; th->rec = cls;
		th->scope = SC_LOCAL; th->is_param = 1;
		PUSH(f->params, f->nparams, th);
		parse_add_local(p, th);
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
	Token *n = parse_expect(p, T_ID, is_class ? "as class name" : "as typedef name");
	Record *r = find_record(p, n->s);
	if (r && r->declared) parse_fail(p, n, "type '%s' declared twice", n->s);
	if (!r) {
		r = NEW(Record); r->name = n->s; r->pos = n->pos;
		r->id = p->m->nrecords;
		PUSH(p->m->records, p->m->nrecords, r);
	}
	if (is_class) r->is_class = 1; else r->is_typedef = 1;
	if (!is_class && at(p, T_SEMI)) return;   /* dSPIN forward declaration: typedef node; */
	r->declared = 1;
	parse_expect(p, T_LBRACE, is_class ? "to start class body" : "to start typedef body");
	while (!at(p, T_RBRACE) && !at(p, T_EOF)) {
		if (is_class && func_start(p)) {
			Token *t = next(p);
			TypeKind rk; Record *rr;
			return_type(p, t, &rk, &rr);
			Token *fname = next(p);
			func_decl(p, fname, rk, rr, r, 0);
		} else parse_declaration(p, &r->fields, &r->nfields, SC_FIELD);
		while (accept(p, T_SEMI)) ;
	}
	parse_expect(p, T_RBRACE, "to close typedef body");
}

static void params(P *p, Proctype *pt)
{
	parse_expect(p, T_LPAREN, "before parameters");
	while (!at(p, T_RPAREN) && !at(p, T_EOF)) {
		Var **vs = NULL; int nv = 0;
		parse_declaration(p, &vs, &nv, SC_LOCAL);
		for (int i = 0; i < nv; i++) {
			vs[i]->is_param = 1;
			if (vs[i]->chan) diag_error(p->diag, vs[i]->pos, "a parameter cannot have a channel initializer");
			PUSH(pt->params, pt->nparams, vs[i]);
			parse_add_local(p, vs[i]);
		}
		if (!accept(p, T_SEMI) && !accept(p, T_COMMA)) break;
	}
	parse_expect(p, T_RPAREN, "after parameters");
}

static void proc_body(P *p, Proctype *pt)
{
	p->cur = pt;
	p->seen_stmt = 0;
	Token *t = parse_expect(p, T_LBRACE, "to start body");
	pt->body = parse_sequence(p, T_RBRACE, T_RBRACE);
	pt->body->pos = t->pos;
	Token *e = parse_expect(p, T_RBRACE, "to close body");
	if (e)
		pt->end_pos = e->pos;
	p->cur = NULL;
}

static void inline_decl(P *p)
{
	Token *n = parse_expect(p, T_ID, "as inline name");
	Inline *in = NEW(Inline); in->name = n->s; in->pos = n->pos;
	parse_expect(p, T_LPAREN, "after inline name");
	if (!at(p, T_RPAREN)) {
		do { Token *a = parse_expect(p, T_ID, "as inline parameter"); PUSH(in->params, in->nparams, a->s); } while (accept(p, T_COMMA));
	}
	parse_expect(p, T_RPAREN, "after inline parameters");
	if (!at(p, T_LBRACE)) parse_fail(p, peek(p), "expected '{' to start inline body");
	int depth = 0;
	do {
		Token *t = peek(p);
		if (t->k == T_EOF) parse_fail(p, t, "unterminated inline body");
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
void parse_remote_label_seen(P *p, const char *proc, const char *label)
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
	Token *open = parse_expect(p, T_LBRACE, "to start ltl formula");
	int depth = 1;
	Token *last = open;
	const char *proc = NULL;   /* the name before a P[i]@L or P@L */
	int brackets = 0;
	while (depth > 0) {
		Token *t = peek(p);
		if (t->k == T_EOF) parse_fail(p, t, "unterminated ltl formula");
		if (t->k == T_LBRACE) depth++;
		if (t->k == T_RBRACE) depth--;
		if (t->k == T_AT && proc && !brackets && peekn(p, 1)->k == T_ID)
			parse_remote_label_seen(p, proc, peekn(p, 1)->s);
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
	p->topseq++;
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
		diag_warn(p->diag, t->pos, "trace/notrace assertions are ignored");
		proc_body(p, pt);
		return;
	}
	case K_ACTIVE: case K_PROCTYPE: case K_INIT: case K_NEVER: {
		Proctype *pt = NEW(Proctype);
		pt->pos = t->pos;
		pt->seq = p->topseq;
		if (accept(p, K_ACTIVE)) {
			pt->active = 1;
			if (accept(p, T_LBRACK)) { pt->active_expr = parse_expr(p); parse_expect(p, T_RBRACK, "after active count"); }
			if (!at(p, K_PROCTYPE)) parse_fail(p, peek(p), "expected 'proctype' after 'active'");
		}
		if (accept(p, K_PROCTYPE)) {
			Token *n = parse_expect(p, T_ID, "as proctype name");
			pt->name = n->s;
			if (parse_find_ptype(p, n->s)) diag_error(p->diag, n->pos, "proctype '%s' declared twice", n->s);
			pt->index = p->m->nptypes;
			PUSH(p->m->ptypes, p->m->nptypes, pt);
			p->cur = pt;
			params(p, pt);
			if (accept(p, K_PRIORITY)) { p->m->uses_priority = 1; pt->prio_expr = parse_primary(p); }
			if (accept(p, K_PROVIDED)) { parse_expect(p, T_LPAREN, "after 'provided'"); pt->provided = parse_expr(p); parse_expect(p, T_RPAREN, "after provided clause"); }
		} else if (accept(p, K_INIT)) {
			pt->name = ":init:"; pt->is_init = 1; pt->active = 1;
			for (int i = 0; i < p->m->nptypes; i++)
				if (p->m->ptypes[i]->is_init) diag_error(p->diag, t->pos, "init declared twice");
			pt->index = p->m->nptypes;
			PUSH(p->m->ptypes, p->m->nptypes, pt);
			if (accept(p, K_PRIORITY)) { p->m->uses_priority = 1; pt->prio_expr = parse_primary(p); }
		} else {
			next(p);
			pt->name = ":never:"; pt->is_never = 1;
			/* `never NAME { }`: several claims, -N NAME chooses (as pan's -N) */
			const char *cname = at(p, T_ID) ? next(p)->s : NULL;
			for (int i = 0; i < p->m->nnevers; i++) {
				const char *o = p->m->never_names[i];
				if (o && cname && !strcmp(o, cname))
					diag_error(p->diag, t->pos, "two never claims named '%s'", cname);
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
		parse_fail(p, t, "embedded C code (%s) is not supported by dspin", t->s);
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
	if (parse_is_decl_start(p)) {
		Var **vs = NULL; int nv = 0;
		parse_declaration(p, &vs, &nv, SC_GLOBAL);
		for (int i = 0; i < nv; i++) {
			for (int j = 0; j < p->m->nglobals; j++)
				if (!strcmp(p->m->globals[j]->name, vs[i]->name))
					diag_error(p->diag, vs[i]->pos, "redeclaration of global '%s'", vs[i]->name);
			vs[i]->seq = i ? ++p->topseq : p->topseq;   /* (`int a = b, b = 2`: b comes after a) */
			PUSH(p->m->globals, p->m->nglobals, vs[i]);
		}
		return;
	}
	if (t->k == T_ID || t->k >= K_FIRST)
		parse_fail(p, t, "unexpected '%s' at top level", t->s);
	parse_fail(p, t, "unexpected %s at top level", tok_name(t->k));
}

Model *parse_tokens(Diag *d, const char *fname, Token *toks, int ntok)
{
	P p; memset(&p, 0, sizeof p);
	p.diag = d;
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
