/* ltl.c — LTL formulas to never claims.
 *
 * The formula of an `ltl` block is negated, put in negation normal form
 * and translated with the tableau construction of Gerth, Peled, Vardi and
 * Wolper ("Simple on-the-fly automatic verification of linear temporal
 * logic", 1995); the generalized Büchi automaton is degeneralized with a
 * counter over the until-subformulas and printed as Promela never-claim
 * text, which the parser then reads like a claim written by hand.
 * Propositions are kept as source text and pasted into the claim's guards.
 *
 * Syntax (SPIN's): [] <> U W V R ! && || -> <-> and the words always,
 * eventually, until, weakuntil, stronguntil, release, implies, equivalent,
 * true, false.  X (next) is rejected, as partial-order reduction would
 * not preserve it.
 */
#include "ast.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { L_TRUE, L_FALSE, L_ATOM, L_NOT, L_AND, L_OR, L_U, L_R };

typedef struct F { int k; struct F *a, *b; const char *atom; int id; } F;

/* the parser's recursion (parse_unary, parse_or) and the formula's size
 * are bounded, so that no formula can overflow the stack here or in the
 * recursive passes that follow (nnf, intern); each parse_unary call makes
 * at most three nodes */
#define LTL_MAXDEPTH 500
#define LTL_MAXUNARY 2000
typedef struct LP { const char *s; int i; const char *err; int depth, nunary; } LP;

static F *mk(int k, F *a, F *b) { F *f = NEW(F); f->k = k; f->a = a; f->b = b; return f; }

static void ws(LP *p) { while (isspace((unsigned char)p->s[p->i])) p->i++; }
static int lit(LP *p, const char *t)
{
	ws(p);
	size_t n = strlen(t);
	if (strncmp(p->s + p->i, t, n)) return 0;
	if (isalpha((unsigned char)t[0]) && (isalnum((unsigned char)p->s[p->i + n]) || p->s[p->i + n] == '_')) return 0;
	p->i += n;
	return 1;
}
/* a binary-operator word or symbol starts here (ends an atom) */
static int at_op(LP *p)
{
	const char *ops[] = { "&&", "||", "->", "<->", "U", "W", "V", "R", "until", "weakuntil", "stronguntil",
			      "release", "implies", "equivalent", NULL };
	int save = p->i;
	for (int k = 0; ops[k]; k++) if (lit(p, ops[k])) { p->i = save; return 1; }
	p->i = save;
	return 0;
}

static F *parse_or(LP *p);
static F *parse_unary(LP *p);

/* one level deeper into the formula; 0 (and an error) when too deep */
static int enter(LP *p)
{
	if (p->err) return 0;
	if (p->depth >= LTL_MAXDEPTH) { p->err = "formula nested too deeply"; return 0; }
	if (++p->nunary > LTL_MAXUNARY) { p->err = "formula too large"; return 0; }
	p->depth++;
	return 1;
}

static F *parse_unary_in(LP *p)
{
	ws(p);
	if (lit(p, "[]") || lit(p, "always")) return mk(L_R, mk(L_FALSE, 0, 0), parse_unary(p));
	if (lit(p, "<>") || lit(p, "eventually")) return mk(L_U, mk(L_TRUE, 0, 0), parse_unary(p));
	if (p->s[p->i] == '!' && p->s[p->i + 1] != '=') { p->i++; return mk(L_NOT, parse_unary(p), 0); }
	if (lit(p, "X")) { p->err = "the next-time operator X is not supported"; return mk(L_TRUE, 0, 0); }
	if (lit(p, "true")) return mk(L_TRUE, 0, 0);
	if (lit(p, "false")) return mk(L_FALSE, 0, 0);
	if (p->s[p->i] == '(') {
		/* a parenthesised formula, or a parenthesised proposition */
		int save = p->i;
		p->i++;
		F *f = parse_or(p);
		ws(p);
		if (p->s[p->i] == ')' && !p->err) { p->i++; return f; }
		p->i = save; p->err = NULL;
	}
	/* a proposition: Promela text up to an LTL operator at depth 0 */
	int start = p->i, depth = 0;
	while (p->s[p->i]) {
		char c = p->s[p->i];
		if (depth == 0 && (c == ')' || at_op(p))) break;
		if (c == '(' || c == '[') depth++;
		if (c == ')' || c == ']') depth--;
		p->i++;
	}
	int end = p->i;
	while (end > start && isspace((unsigned char)p->s[end - 1])) end--;
	if (end == start) { p->err = "expected a proposition"; return mk(L_TRUE, 0, 0); }
	F *f = mk(L_ATOM, 0, 0);
	f->atom = xstrndup(p->s + start, end - start);
	return f;
}

/* fn, one level of nesting deeper (too deep: an error, and true) */
static F *nested(LP *p, F *(*fn)(LP *))
{
	if (!enter(p)) return mk(L_TRUE, 0, 0);
	F *f = fn(p);
	p->depth--;
	return f;
}

static F *parse_unary(LP *p) { return nested(p, parse_unary_in); }

static F *parse_until(LP *p)
{
	F *l = parse_unary(p);
	for (;;) {
		if (lit(p, "U") || lit(p, "until") || lit(p, "stronguntil")) l = mk(L_U, l, parse_unary(p));
		else if (lit(p, "W") || lit(p, "weakuntil")) {
			/* a W b = b R (a || b) */
			F *b = parse_unary(p);
			l = mk(L_R, b, mk(L_OR, l, b));
		} else if (lit(p, "V") || lit(p, "R") || lit(p, "release")) l = mk(L_R, l, parse_unary(p));
		else return l;
	}
}
static F *parse_and(LP *p)
{
	F *l = parse_until(p);
	while (lit(p, "&&")) l = mk(L_AND, l, parse_until(p));
	return l;
}
static F *parse_or_in(LP *p);
static F *parse_or(LP *p) { return nested(p, parse_or_in); }
static F *parse_or_in(LP *p)
{
	F *l = parse_and(p);
	for (;;) {
		if (lit(p, "||")) l = mk(L_OR, l, parse_and(p));
		else if (lit(p, "->") || lit(p, "implies")) l = mk(L_OR, mk(L_NOT, l, 0), parse_or(p));
		else if (lit(p, "<->") || lit(p, "equivalent")) {
			F *r = parse_or(p);
			l = mk(L_OR, mk(L_AND, l, r), mk(L_AND, mk(L_NOT, l, 0), mk(L_NOT, r, 0)));
		} else return l;
	}
}

/* negation normal form; neg: the formula is negated */
static F *nnf(F *f, int neg)
{
	switch (f->k) {
	case L_TRUE: return mk(neg ? L_FALSE : L_TRUE, 0, 0);
	case L_FALSE: return mk(neg ? L_TRUE : L_FALSE, 0, 0);
	case L_ATOM: { if (!neg) return f; return mk(L_NOT, f, 0); }
	case L_NOT: return nnf(f->a, !neg);
	case L_AND: return mk(neg ? L_OR : L_AND, nnf(f->a, neg), nnf(f->b, neg));
	case L_OR: return mk(neg ? L_AND : L_OR, nnf(f->a, neg), nnf(f->b, neg));
	case L_U: return mk(neg ? L_R : L_U, nnf(f->a, neg), nnf(f->b, neg));
	case L_R: return mk(neg ? L_U : L_R, nnf(f->a, neg), nnf(f->b, neg));
	}
	return f;
}

/* ---- interned subformulas and bitsets ---- */
#define MAXF 256
typedef struct { uint64_t w[MAXF / 64]; } Set;
static F *TAB[MAXF]; static int NT;
static int same(F *x, F *y)
{
	if (x->k != y->k) return 0;
	if (x->k == L_ATOM) return !strcmp(x->atom, y->atom);
	if (x->k == L_TRUE || x->k == L_FALSE) return 1;
	return x->a->id == y->a->id && (x->b ? x->b->id == y->b->id : 1);
}
static int intern(F *f, const char **err)
{
	if (f->a) intern(f->a, err);
	if (f->b) intern(f->b, err);
	for (int i = 0; i < NT; i++) if (same(TAB[i], f)) { f->id = i; return i; }
	if (NT >= MAXF) { *err = "formula too large"; f->id = 0; return 0; }
	f->id = NT; TAB[NT++] = f;
	return f->id;
}
static int has(const Set *s, int i) { return (s->w[i / 64] >> (i % 64)) & 1; }
static void add(Set *s, int i) { s->w[i / 64] |= 1ull << (i % 64); }
static int empty(const Set *s) { for (int i = 0; i < MAXF / 64; i++) if (s->w[i]) return 0; return 1; }
static int first(const Set *s) { for (int i = 0; i < MAXF; i++) if (has(s, i)) return i; return -1; }
static int seteq(const Set *a, const Set *b) { return !memcmp(a, b, sizeof *a); }

typedef struct Node { Set in; Set nw, old, next; int ninc; int *inc; } Node;
static Node *ND; static int NN, CAPN;
#define INIT_ID (-1)

static void push_inc(Node *n, int from)
{
	for (int i = 0; i < n->ninc; i++) if (n->inc[i] == from) return;
	n->inc = xgrow(n->inc, n->ninc + 1, sizeof(int));
	n->inc[n->ninc++] = from;
}

/* GPVW expand */
static void expand(Node q)
{
	if (empty(&q.nw)) {
		for (int i = 0; i < NN; i++)
			if (seteq(&ND[i].old, &q.old) && seteq(&ND[i].next, &q.next)) {
				for (int j = 0; j < q.ninc; j++) push_inc(&ND[i], q.inc[j]);
				return;
			}
		if (NN == CAPN) { CAPN = CAPN ? CAPN * 2 : 64; ND = xgrow(ND, CAPN, sizeof(Node)); }
		int id = NN;
		ND[NN++] = q;
		Node r; memset(&r, 0, sizeof r);
		push_inc(&r, id);
		r.nw = q.next;
		expand(r);
		return;
	}
	int fi = first(&q.nw);
	F *f = TAB[fi];
	q.nw.w[fi / 64] &= ~(1ull << (fi % 64));
	if (has(&q.old, fi)) { expand(q); return; }
	switch (f->k) {
	case L_FALSE: return;
	case L_TRUE: add(&q.old, fi); expand(q); return;
	case L_ATOM: case L_NOT: {
		/* contradiction with an opposite literal already in old */
		for (int i = 0; i < NT; i++) {
			if (!has(&q.old, i)) continue;
			F *g = TAB[i];
			if ((f->k == L_ATOM && g->k == L_NOT && g->a->id == fi) ||
			    (f->k == L_NOT && g->k == L_ATOM && f->a->id == i) ||
			    (g->k == L_FALSE)) return;
		}
		add(&q.old, fi); expand(q); return;
	}
	case L_AND:
		add(&q.old, fi);
		if (!has(&q.old, f->a->id)) add(&q.nw, f->a->id);
		if (!has(&q.old, f->b->id)) add(&q.nw, f->b->id);
		expand(q); return;
	case L_OR: case L_U: case L_R: {
		Node q1 = q, q2 = q;
		q1.inc = xalloc(sizeof(int) * (q.ninc + 1)); memcpy(q1.inc, q.inc, sizeof(int) * q.ninc);
		add(&q1.old, fi); add(&q2.old, fi);
		if (f->k == L_OR) { add(&q1.nw, f->a->id); add(&q2.nw, f->b->id); }
		else if (f->k == L_U) { add(&q1.nw, f->a->id); add(&q1.next, fi); add(&q2.nw, f->b->id); }
		else { add(&q1.nw, f->b->id); add(&q1.next, fi); add(&q2.nw, f->a->id); add(&q2.nw, f->b->id); }
		expand(q1); expand(q2); return;
	}
	}
}

/* the conjunction of the literals of node n, as Promela (as long as the
 * propositions make it) */
static char *label(Node *n)
{
	size_t cap = 6;   /* "(1)" */
	for (int i = 0; i < NT; i++)
		if (has(&n->old, i)) cap += 8 + strlen(TAB[i]->k == L_ATOM ? TAB[i]->atom : TAB[i]->a && TAB[i]->a->atom ? TAB[i]->a->atom : "");
	char *buf = xalloc(cap);
	size_t len = 0;
	for (int i = 0; i < NT; i++) {
		if (!has(&n->old, i)) continue;
		F *f = TAB[i];
		const char *fmt = NULL, *a = NULL;
		if (f->k == L_ATOM) { fmt = "(%s)"; a = f->atom; }
		else if (f->k == L_NOT && f->a->k == L_ATOM) { fmt = "!(%s)"; a = f->a->atom; }
		if (!fmt) continue;
		len += (size_t)snprintf(buf + len, cap - len, "%s", len ? " && " : "");
		len += (size_t)snprintf(buf + len, cap - len, fmt, a);
	}
	if (!len) snprintf(buf, cap, "(1)");
	return buf;
}

char *ltl_to_never(const char *text, const char **err)
{
	LP p = { text, 0, NULL, 0, 0 };
	F *f = parse_or(&p);
	ws(&p);
	if (!p.err && p.s[p.i]) p.err = "unexpected text in the formula";
	if (p.err) { *err = p.err; return NULL; }
	F *g = nnf(f, 1);          /* the claim accepts the violations */
	NT = 0; NN = 0;
	const char *e2 = NULL;
	intern(g, &e2);
	if (e2) { *err = e2; return NULL; }
	Node q; memset(&q, 0, sizeof q);
	push_inc(&q, INIT_ID);
	add(&q.nw, g->id);
	expand(q);
	/* acceptance sets: one per until subformula */
	int us[MAXF], nu = 0;
	for (int i = 0; i < NT; i++) if (TAB[i]->k == L_U) us[nu++] = i;
	int k = nu ? nu : 1;
	/* F_j contains node n when the until is not pending or its goal holds */
	#define INF(n, j) (!nu || !has(&ND[n].old, us[j]) || has(&ND[n].old, TAB[us[j]]->b->id))
	size_t cap = 1 << 16, len = 0;
	char *out = xalloc(cap);
	#define EMIT(...) do { int _w = snprintf(out + len, cap - len, __VA_ARGS__); \
		if (_w < 0 || (size_t)_w >= cap - len) { cap = cap * 2 + (size_t)_w; out = xgrow(out, (int)cap, 1); \
		_w = snprintf(out + len, cap - len, __VA_ARGS__); } len += (size_t)_w; } while (0)
	EMIT("never {\n");
	/* initial state */
	EMIT("T0_init:\n\tif\n");
	int any = 0;
	for (int m = 0; m < NN; m++)
		for (int i = 0; i < ND[m].ninc; i++)
			if (ND[m].inc[i] == INIT_ID) {
				EMIT("\t:: %s -> goto %sS%d_0\n", label(&ND[m]), INF(m, 0) ? "accept_" : "", m);
				any = 1;
			}
	if (!any) EMIT("\t:: (0) -> skip\n");
	EMIT("\tfi;\n");
	for (int n = 0; n < NN; n++)
		for (int j = 0; j < k; j++) {
			int acc = j == 0 && INF(n, 0);
			int nj = INF(n, j) ? (j + 1) % k : j;
			EMIT("%sS%d_%d:\n\tif\n", acc ? "accept_" : "", n, j);
			any = 0;
			for (int m = 0; m < NN; m++)
				for (int i = 0; i < ND[m].ninc; i++)
					if (ND[m].inc[i] == n) {
						EMIT("\t:: %s -> goto %sS%d_%d\n", label(&ND[m]), (nj == 0 && INF(m, 0)) ? "accept_" : "", m, nj);
						any = 1;
					}
			if (!any) EMIT("\t:: (0) -> skip\n");
			EMIT("\tfi;\n");
		}
	EMIT("}\n");
	return out;
}
