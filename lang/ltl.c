/* ltl.c — LTL formulas to never claims.
 *
 * The formula of an `ltl` block is negated, put in negation normal form
 * and translated with the tableau construction of Gerth, Peled, Vardi and
 * Wolper ("Simple on-the-fly automatic verification of linear temporal
 * logic", 1995); the generalized Büchi automaton is degeneralized with a
 * counter over the until-subformulas and printed as Promela never-claim
 * text, which the parser then reads like a claim written by hand.
 * Propositions are kept as source text and pasted into the claim's guards;
 * the claim remembers where each went (LtlClaim.uses), so that an error in
 * one is reported at the formula.  For a safety search the states that
 * accept every continuation become the claim's end, as in SPIN's claims
 * (ltl_translate's terminate).
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

typedef struct F { int k; struct F *a, *b; const char *atom; int id, off; } F;   /* off: an atom's offset in the formula */

/* the parser's recursion (parse_unary, parse_or) and the formula's size
 * are bounded, so that no formula can overflow the stack here or in the
 * recursive passes that follow (nnf, intern); each parse_unary call makes
 * at most three nodes */
#define LTL_MAXDEPTH 500
#define LTL_MAXUNARY 2000
typedef struct LP { const char *s; int i; const char *err; int erri, depth, nunary; } LP;

/* the first error, and where in the formula it was found */
static void perr(LP *p, const char *msg) { if (!p->err) { p->err = msg; p->erri = p->i; } }

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
	if (p->depth >= LTL_MAXDEPTH) { perr(p, "formula nested too deeply"); return 0; }
	if (++p->nunary > LTL_MAXUNARY) { perr(p, "formula too large"); return 0; }
	p->depth++;
	return 1;
}

static F *parse_unary_in(LP *p)
{
	ws(p);
	if (lit(p, "[]") || lit(p, "always")) return mk(L_R, mk(L_FALSE, 0, 0), parse_unary(p));
	if (lit(p, "<>") || lit(p, "eventually")) return mk(L_U, mk(L_TRUE, 0, 0), parse_unary(p));
	if (p->s[p->i] == '!' && p->s[p->i + 1] != '=') { p->i++; return mk(L_NOT, parse_unary(p), 0); }
	if (lit(p, "X")) { p->i--; perr(p, "the next-time operator X is not supported"); return mk(L_TRUE, 0, 0); }
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
	if (end == start) { perr(p, "expected a proposition"); return mk(L_TRUE, 0, 0); }
	F *f = mk(L_ATOM, 0, 0);
	f->atom = xstrndup(p->s + start, end - start);
	f->off = start;
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
typedef struct Node { Set in; Set nw, old, next; int ninc; int *inc; } Node;

/* the degeneralized automaton (below): a state's transitions, each with the
 * literals of the node it enters */
typedef struct { Set pos, neg; } Lab;      /* a conjunction of literals (atom ids) */
typedef struct { Lab l; int to; } Tr;
typedef struct { int acc, dead, univ, nt, n, j; Tr *t; } St;

/* what one translation builds, passed to every step instead of kept in
 * file-scope tables, so that translations are independent */
typedef struct Lx {
	F *tab[MAXF]; int nt;           /* the interned subformulas */
	Node *nd; int nn, capn;         /* the tableau's nodes */
	St *as; int ns;                 /* the Büchi automaton's states */
	LtlUse *uses; int nuses;        /* where each proposition went in the claim being printed (LtlClaim.uses) */
} Lx;

static int same(F *x, F *y)
{
	if (x->k != y->k) return 0;
	if (x->k == L_ATOM) return !strcmp(x->atom, y->atom);
	if (x->k == L_TRUE || x->k == L_FALSE) return 1;
	return x->a->id == y->a->id && (x->b ? x->b->id == y->b->id : 1);
}
static int intern(Lx *lx, F *f, const char **err)
{
	if (f->a) intern(lx, f->a, err);
	if (f->b) intern(lx, f->b, err);
	for (int i = 0; i < lx->nt; i++) if (same(lx->tab[i], f)) { f->id = i; return i; }
	if (lx->nt >= MAXF) { *err = "formula too large"; f->id = 0; return 0; }
	f->id = lx->nt; lx->tab[lx->nt++] = f;
	return f->id;
}
static int has(const Set *s, int i) { return (s->w[i / 64] >> (i % 64)) & 1; }
static void add(Set *s, int i) { s->w[i / 64] |= 1ull << (i % 64); }
static int empty(const Set *s) { for (int i = 0; i < MAXF / 64; i++) if (s->w[i]) return 0; return 1; }
static int first(const Set *s) { for (int i = 0; i < MAXF; i++) if (has(s, i)) return i; return -1; }
static int seteq(const Set *a, const Set *b) { return !memcmp(a, b, sizeof *a); }

#define INIT_ID (-1)

static void push_inc(Node *n, int from)
{
	for (int i = 0; i < n->ninc; i++) if (n->inc[i] == from) return;
	n->inc = xgrow(n->inc, n->ninc + 1, sizeof(int));
	n->inc[n->ninc++] = from;
}

/* GPVW expand */
static void expand(Lx *lx, Node q)
{
	if (empty(&q.nw)) {
		for (int i = 0; i < lx->nn; i++)
			if (seteq(&lx->nd[i].old, &q.old) && seteq(&lx->nd[i].next, &q.next)) {
				for (int j = 0; j < q.ninc; j++) push_inc(&lx->nd[i], q.inc[j]);
				return;
			}
		if (lx->nn == lx->capn) { lx->capn = lx->capn ? lx->capn * 2 : 64; lx->nd = xgrow(lx->nd, lx->capn, sizeof(Node)); }
		int id = lx->nn;
		lx->nd[lx->nn++] = q;
		Node r; memset(&r, 0, sizeof r);
		push_inc(&r, id);
		r.nw = q.next;
		expand(lx, r);
		return;
	}
	int fi = first(&q.nw);
	F *f = lx->tab[fi];
	q.nw.w[fi / 64] &= ~(1ull << (fi % 64));
	if (has(&q.old, fi)) { expand(lx, q); return; }
	switch (f->k) {
	case L_FALSE: return;
	case L_TRUE: add(&q.old, fi); expand(lx, q); return;
	case L_ATOM: case L_NOT: {
		/* contradiction with an opposite literal already in old */
		for (int i = 0; i < lx->nt; i++) {
			if (!has(&q.old, i)) continue;
			F *g = lx->tab[i];
			if ((f->k == L_ATOM && g->k == L_NOT && g->a->id == fi) ||
			    (f->k == L_NOT && g->k == L_ATOM && f->a->id == i) ||
			    (g->k == L_FALSE)) return;
		}
		add(&q.old, fi); expand(lx, q); return;
	}
	case L_AND:
		add(&q.old, fi);
		if (!has(&q.old, f->a->id)) add(&q.nw, f->a->id);
		if (!has(&q.old, f->b->id)) add(&q.nw, f->b->id);
		expand(lx, q); return;
	case L_OR: case L_U: case L_R: {
		Node q1 = q, q2 = q;
		q1.inc = xalloc(sizeof(int) * (q.ninc + 1)); memcpy(q1.inc, q.inc, sizeof(int) * q.ninc);
		add(&q1.old, fi); add(&q2.old, fi);
		if (f->k == L_OR) { add(&q1.nw, f->a->id); add(&q2.nw, f->b->id); }
		else if (f->k == L_U) { add(&q1.nw, f->a->id); add(&q1.next, fi); add(&q2.nw, f->b->id); }
		else { add(&q1.nw, f->b->id); add(&q1.next, fi); add(&q2.nw, f->a->id); add(&q2.nw, f->b->id); }
		expand(lx, q1); expand(lx, q2); return;
	}
	}
}

/* ---- formula rewriting (before the translation) ----
 *
 * Identities of LTL that SPIN's translator (and ltl2ba's, Gastin and
 * Oddoux, "Fast LTL to Büchi automata translation", 2001) applies to the
 * negation normal form: constants fold, <><> and [][] collapse, <>[]<> is
 * []<> and []<>[] is <>[], and untils and releases that share an operand
 * are put together, so that the tableau sees fewer subformulas:
 *   (a U c) && (b U c) = (a && b) U c      (a U b) || (a U c) = a U (b || c)
 *   (a R b) && (a R c) = a R (b && c)      (a R c) || (b R c) = (a || b) R c
 *   []<>a || []<>b = []<>(a || b)          <>[]a && <>[]b = <>[](a && b)
 * Every rule is an equivalence of formulas, so the language is unchanged. */
static int feq(F *x, F *y)
{
	if (x == y) return 1;
	if (x->k != y->k) return 0;
	if (x->k == L_ATOM) return !strcmp(x->atom, y->atom);
	if (x->k == L_TRUE || x->k == L_FALSE) return 1;
	return feq(x->a, y->a) && (x->b ? y->b && feq(x->b, y->b) : !y->b);
}
static int is_k(F *f, int k) { return f->k == k; }
/* <>x is true U x, []x is false R x */
static int is_ev(F *f) { return f->k == L_U && f->a->k == L_TRUE; }
static int is_al(F *f) { return f->k == L_R && f->a->k == L_FALSE; }

static F *rw(F *f)
{
	if (f->k == L_TRUE || f->k == L_FALSE || f->k == L_ATOM) return f;
	if (f->k == L_NOT) return f;      /* NNF: only on atoms */
	F *a = rw(f->a), *b = rw(f->b);
	switch (f->k) {
	case L_AND:
		if (is_k(a, L_FALSE) || is_k(b, L_FALSE)) return mk(L_FALSE, 0, 0);
		if (is_k(a, L_TRUE)) return b;
		if (is_k(b, L_TRUE) || feq(a, b)) return a;
		if (a->k == L_U && b->k == L_U && feq(a->b, b->b)) return rw(mk(L_U, mk(L_AND, a->a, b->a), a->b));
		if (a->k == L_R && b->k == L_R && feq(a->a, b->a)) return rw(mk(L_R, a->a, mk(L_AND, a->b, b->b)));
		if (is_ev(a) && is_al(a->b) && is_ev(b) && is_al(b->b))
			return rw(mk(L_U, a->a, mk(L_R, a->b->a, mk(L_AND, a->b->b, b->b->b))));
		break;
	case L_OR:
		if (is_k(a, L_TRUE) || is_k(b, L_TRUE)) return mk(L_TRUE, 0, 0);
		if (is_k(a, L_FALSE)) return b;
		if (is_k(b, L_FALSE) || feq(a, b)) return a;
		if (a->k == L_U && b->k == L_U && feq(a->a, b->a)) return rw(mk(L_U, a->a, mk(L_OR, a->b, b->b)));
		if (a->k == L_R && b->k == L_R && feq(a->b, b->b)) return rw(mk(L_R, mk(L_OR, a->a, b->a), a->b));
		if (is_al(a) && is_ev(a->b) && is_al(b) && is_ev(b->b))
			return rw(mk(L_R, a->a, mk(L_U, a->b->a, mk(L_OR, a->b->b, b->b->b))));
		break;
	case L_U:
		if (is_k(b, L_TRUE) || is_k(b, L_FALSE)) return b;
		if (is_k(a, L_FALSE) || feq(a, b)) return b;
		if (is_ev(f) && is_ev(b)) return b;                       /* <><>x */
		if (is_ev(f) && is_al(b) && is_ev(b->b)) return b;        /* <>[]<>x */
		break;
	case L_R:
		if (is_k(b, L_TRUE) || is_k(b, L_FALSE)) return b;
		if (is_k(a, L_TRUE) || feq(a, b)) return b;
		if (is_al(f) && is_al(b)) return b;                       /* [][]x */
		if (is_al(f) && is_ev(b) && is_al(b->b)) return b;        /* []<>[]x */
		break;
	}
	if (a == f->a && b == f->b) return f;
	return mk(f->k, a, b);
}

/* ---- the Büchi automaton, explicit, and its simplification ----
 *
 * The degeneralized automaton has a state per tableau node and counter
 * value, and its transitions carry the literals of the node they enter.
 * Simplified as SPIN's translator does after ltl2ba (Gastin and Oddoux;
 * Etessami and Holzmann, "Optimizing Büchi automata", CONCUR 2000;
 * Somenzi and Bloem, "Efficient Büchi automata from LTL formulae", CAV
 * 2000), until nothing changes:
 *  1. states not reachable from the initial one, and states from which no
 *     accepting cycle can be reached (no accepting run passes them), go;
 *  2. guards: two transitions to the same state whose guards differ only
 *     in one literal's sign become one without it (c && p, c && !p: c); a
 *     transition whose guard implies another's to the same state goes;
 *  3. direct simulation: q' simulates q when q' is accepting if q is and
 *     every transition of q (guard g, to r) has one of q' (guard implied
 *     by g, to a state that simulates r), the greatest such relation.
 *     States that simulate each other accept the same words and are merged;
 *     a transition (g, r) of a state goes when the state has another
 *     (g', r') with g implying g' and r' simulating r ("little brothers").
 * Each step keeps the language of the automaton, so the claim accepts the
 * same runs; DSPIN_LTL_NOSIMPLIFY=1 in the environment prints the
 * automaton as the tableau makes it (the tests compare both). */
/* the automaton's states: St (Lab, Tr) above, with Lx */

static int lab_implies(const Lab *a, const Lab *b)   /* b's literals are among a's */
{
	for (int i = 0; i < MAXF / 64; i++)
		if ((b->pos.w[i] & ~a->pos.w[i]) || (b->neg.w[i] & ~a->neg.w[i])) return 0;
	return 1;
}
static int lab_eq(const Lab *a, const Lab *b) { return seteq(&a->pos, &b->pos) && seteq(&a->neg, &b->neg); }
static void add_tr(St *s, Lab l, int to)
{
	s->t = xgrow(s->t, s->nt + 1, sizeof(Tr));
	s->t[s->nt].l = l; s->t[s->nt].to = to; s->nt++;
}
static void del_tr(St *s, int i) { s->t[i] = s->t[--s->nt]; }

/* the literals of node n */
static Lab node_lab(Lx *lx, Node *n)
{
	Lab l; memset(&l, 0, sizeof l);
	for (int i = 0; i < lx->nt; i++) {
		if (!has(&n->old, i)) continue;
		if (lx->tab[i]->k == L_ATOM) add(&l.pos, i);
		else if (lx->tab[i]->k == L_NOT && lx->tab[i]->a->k == L_ATOM) add(&l.neg, lx->tab[i]->a->id);
	}
	return l;
}

/* 1: reachable states that can reach an accepting cycle */
static int prune_states(Lx *lx)
{
	int changed = 0;
	char *reach = xalloc((size_t)lx->ns * lx->ns);   /* reach[a*lx->ns+b]: b after one step or more from a */
	int *stk = xalloc(sizeof(int) * (size_t)lx->ns);
	for (int a = 0; a < lx->ns; a++) {
		if (lx->as[a].dead) continue;
		int sp = 0;
		char *r = reach + (size_t)a * lx->ns;
		for (int i = 0; i < lx->as[a].nt; i++) if (!r[lx->as[a].t[i].to]) { r[lx->as[a].t[i].to] = 1; stk[sp++] = lx->as[a].t[i].to; }
		while (sp) {
			int q = stk[--sp];
			for (int i = 0; i < lx->as[q].nt; i++) if (!r[lx->as[q].t[i].to]) { r[lx->as[q].t[i].to] = 1; stk[sp++] = lx->as[q].t[i].to; }
		}
	}
	for (int a = 1; a < lx->ns; a++) {
		if (lx->as[a].dead) continue;
		int live = reach[a];   /* reachable from the initial state */
		if (live) {
			live = 0;
			for (int b = 0; b < lx->ns && !live; b++)
				if ((b == a || reach[(size_t)a * lx->ns + b]) && lx->as[b].acc && reach[(size_t)b * lx->ns + b]) live = 1;
		}
		if (!live) { lx->as[a].dead = 1; lx->as[a].nt = 0; changed = 1; }
	}
	for (int a = 0; a < lx->ns; a++)
		for (int i = 0; i < lx->as[a].nt; i++)
			if (lx->as[lx->as[a].t[i].to].dead) { del_tr(&lx->as[a], i--); changed = 1; }
	return changed;
}

/* 2: guards of transitions to the same state */
static int merge_guards(Lx *lx, St *s)
{
	int changed = 0, again = 1;
	while (again) {
		again = 0;
		for (int i = 0; i < s->nt && !again; i++)
			for (int k = 0; k < s->nt && !again; k++) {
				if (i == k || s->t[i].to != s->t[k].to) continue;
				Lab *a = &s->t[i].l, *b = &s->t[k].l;
				if (lab_implies(a, b)) { del_tr(s, i); again = 1; break; }
				/* c && p, c && !p: c */
				int diff = -1, ok = 1;
				for (int x = 0; x < lx->nt && ok; x++) {
					int ap = has(&a->pos, x), an = has(&a->neg, x), bp = has(&b->pos, x), bn = has(&b->neg, x);
					if (ap == bp && an == bn) continue;
					if (diff < 0 && ap && !an && bn && !bp) diff = x;
					else ok = 0;
				}
				if (ok && diff >= 0) {
					a->pos.w[diff / 64] &= ~(1ull << (diff % 64));
					del_tr(s, k); again = 1;
				}
			}
		changed |= again;
	}
	return changed;
}

/* 3: direct simulation; merge equivalent states, drop little brothers */
static int simulate(Lx *lx)
{
	if (lx->ns > 4000) return 0;
	char *sim = xalloc((size_t)lx->ns * lx->ns);   /* sim[a*lx->ns+b]: b simulates a */
	for (int a = 0; a < lx->ns; a++)
		for (int b = 0; b < lx->ns; b++)
			sim[(size_t)a * lx->ns + b] = !lx->as[a].dead && !lx->as[b].dead && (!lx->as[a].acc || lx->as[b].acc);
	for (int again = 1; again; ) {
		again = 0;
		for (int a = 0; a < lx->ns; a++)
			for (int b = 0; b < lx->ns; b++) {
				if (a == b || !sim[(size_t)a * lx->ns + b]) continue;
				for (int i = 0; i < lx->as[a].nt; i++) {
					int found = 0;
					for (int k = 0; k < lx->as[b].nt && !found; k++)
						found = lab_implies(&lx->as[a].t[i].l, &lx->as[b].t[k].l) && sim[(size_t)lx->as[a].t[i].to * lx->ns + lx->as[b].t[k].to];
					if (!found) { sim[(size_t)a * lx->ns + b] = 0; again = 1; break; }
				}
			}
	}
	int changed = 0;
	/* equivalent states: the lowest stands for the others */
	int *rep = xalloc(sizeof(int) * (size_t)lx->ns);
	for (int a = 0; a < lx->ns; a++) {
		rep[a] = a;
		if (lx->as[a].dead) continue;
		for (int b = 0; b < a; b++)
			if (!lx->as[b].dead && rep[b] == b && sim[(size_t)a * lx->ns + b] && sim[(size_t)b * lx->ns + a]) { rep[a] = b; break; }
	}
	for (int a = 0; a < lx->ns; a++)
		if (!lx->as[a].dead && rep[a] != a) { lx->as[a].dead = 1; lx->as[a].nt = 0; changed = 1; }
	for (int a = 0; a < lx->ns; a++)
		for (int i = 0; i < lx->as[a].nt; i++) lx->as[a].t[i].to = rep[lx->as[a].t[i].to];
	/* little brothers, one at a time against the transitions left */
	for (int a = 0; a < lx->ns; a++) {
		St *s = &lx->as[a];
		for (int i = 0; i < s->nt; i++)
			for (int k = 0; k < s->nt; k++) {
				if (i == k) continue;
				Tr *t = &s->t[i], *u = &s->t[k];
				if (!lab_implies(&t->l, &u->l) || !sim[(size_t)t->to * lx->ns + u->to]) continue;
				if (lab_eq(&t->l, &u->l) && t->to == u->to && k > i) continue;   /* twins: keep the first */
				del_tr(s, i--); changed = 1; break;
			}
	}
	return changed;
}

static void simplify(Lx *lx)
{
	for (int again = 1, rounds = 0; again && rounds < 100; rounds++) {
		again = prune_states(lx);
		for (int a = 0; a < lx->ns; a++) if (!lx->as[a].dead) again |= merge_guards(lx, &lx->as[a]);
		again |= simulate(lx);
	}
}

/* a proposition printed at claim_off of the claim */
static void use_at(Lx *lx, size_t claim_off, const F *atom)
{
	lx->uses = xgrow(lx->uses, lx->nuses + 1, sizeof(LtlUse));
	lx->uses[lx->nuses].claim_off = (int)claim_off;
	lx->uses[lx->nuses].text_off = atom->off;
	lx->uses[lx->nuses].len = (int)strlen(atom->atom);
	lx->nuses++;
}

/* a guard as Promela */
static void lab_str(Lx *lx, const Lab *l, char **out, size_t *cap, size_t *len)
{
	size_t need = 8;
	for (int i = 0; i < lx->nt; i++) if (has(&l->pos, i) || has(&l->neg, i)) need += 8 + strlen(lx->tab[i]->atom);
	if (*len + need >= *cap) { *cap = *cap * 2 + need; *out = xgrow(*out, (int)*cap, 1); }
	size_t n0 = *len;
	for (int i = 0; i < lx->nt; i++) {
		for (int neg = 0; neg < 2; neg++) {
			if (!has(neg ? &l->neg : &l->pos, i)) continue;
			const char *pre = *len > n0 ? " && " : "";
			use_at(lx, *len + strlen(pre) + (size_t)neg + 1, lx->tab[i]);
			*len += (size_t)snprintf(*out + *len, *cap - *len, "%s%s(%s)", pre, neg ? "!" : "", lx->tab[i]->atom);
		}
	}
	if (*len == n0) *len += (size_t)snprintf(*out + *len, *cap - *len, "(1)");
}

/* an accepting state with a transition on true to itself accepts every
 * continuation: once the claim is there the formula is violated whatever
 * the system does next.  SPIN prints such a state as `accept_all: skip`,
 * an end that pan's safety search reports; LtlClaim.text does the same
 * when asked (terminate) */
static int universal(const St *s, int self)
{
	if (!s->acc) return 0;
	for (int i = 0; i < s->nt; i++)
		if (s->t[i].to == self && empty(&s->t[i].l.pos) && empty(&s->t[i].l.neg)) return 1;
	return 0;
}

char *ltl_to_never(const char *text, const char **err)
{
	LtlClaim c = ltl_translate(text, 0);
	if (!c.text) *err = c.err;
	return c.text;
}

/* the formula's tree into *f; 0 with the error in c */
static int parse_formula(Lx *lx, const char *text, LtlClaim *c, F **f)
{
	LP p = { text, 0, NULL, 0, 0, 0 };
	*f = parse_or(&p);
	ws(&p);
	if (!p.err && p.s[p.i]) perr(&p, "unexpected text in the formula");
	if (p.err) { c->err = p.err; c->err_off = p.erri; return 0; }
	lx->uses = NULL; lx->nuses = 0;
	return 1;
}

LtlClaim ltl_translate(const char *text, int terminate)
{
	return ltl_translate_opt(text, terminate, 1);
}

LtlClaim ltl_translate_opt(const char *text, int terminate, int simp)
{
	LtlClaim c; memset(&c, 0, sizeof c);
	Lx l0; memset(&l0, 0, sizeof l0);
	Lx *lx = &l0;
	F *f;
	if (!parse_formula(lx, text, &c, &f)) return c;
	F *g = nnf(f, 1);          /* the claim accepts the violations */
	if (simp) g = rw(g);
	lx->nt = 0; lx->nn = 0;
	const char *e2 = NULL;
	intern(lx, g, &e2);
	if (e2) { c.err = e2; return c; }
	Node q; memset(&q, 0, sizeof q);
	push_inc(&q, INIT_ID);
	add(&q.nw, g->id);
	expand(lx, q);
	/* acceptance sets: one per until subformula */
	int us[MAXF], nu = 0;
	for (int i = 0; i < lx->nt; i++) if (lx->tab[i]->k == L_U) us[nu++] = i;
	int k = nu ? nu : 1;
	/* F_j contains node n when the until is not pending or its goal holds */
	#define INF(n, j) (!nu || !has(&lx->nd[n].old, us[j]) || has(&lx->nd[n].old, lx->tab[us[j]]->b->id))
	/* the degeneralized automaton: state 0 is the initial one.
	 * Unsimplified: 1 + n*k + j is node n with counter j, which waits for
	 * F_j and moves on by one when it leaves a node of F_j; accepting:
	 * counter 0 in a node of F_0.  Simplified, the counter counts the
	 * sets met in order, as many as the node entered meets at once:
	 * 1 + m*(k+1) + j is node m with j sets met (0..k), accepting when j
	 * is k, and the next node starts over from 0.  A run is accepting in
	 * either when it meets every F_j infinitely often; the second needs
	 * no step per set (a node in every F_j accepts at once). */
	int kk = simp ? k + 1 : k;
	lx->ns = 1 + lx->nn * kk;
	lx->as = xalloc(sizeof(St) * (size_t)lx->ns);
	Lab *nl = xalloc(sizeof(Lab) * (size_t)(lx->nn ? lx->nn : 1));
	for (int m = 0; m < lx->nn; m++) nl[m] = node_lab(lx, &lx->nd[m]);
	#define ADV(m, j0) ({ int _j = (j0); while (_j < k && INF(m, _j)) _j++; _j; })
	for (int m = 0; m < lx->nn; m++)
		for (int i = 0; i < lx->nd[m].ninc; i++)
			if (lx->nd[m].inc[i] == INIT_ID) add_tr(&lx->as[0], nl[m], 1 + m * kk + (simp ? ADV(m, 0) : 0));
	for (int n = 0; n < lx->nn; n++)
		for (int j = 0; j < kk; j++) {
			St *s = &lx->as[1 + n * kk + j];
			s->n = n; s->j = j;
			s->acc = simp ? j == k : j == 0 && INF(n, 0);
			int nj = INF(n, j % k) ? (j + 1) % k : j;
			for (int m = 0; m < lx->nn; m++)
				for (int i = 0; i < lx->nd[m].ninc; i++)
					if (lx->nd[m].inc[i] == n) add_tr(s, nl[m], 1 + m * kk + (simp ? ADV(m, j == k ? 0 : j) : nj));
		}
	if (simp) simplify(lx);
	/* terminate: the universal states are one end, `accept_all: skip`,
	 * printed last so that no other state's block falls into it */
	int sink = 0;
	for (int a = 0; a < lx->ns && terminate; a++)
		if (!lx->as[a].dead && universal(&lx->as[a], a)) { lx->as[a].univ = 1; sink = 1; }
	size_t cap = 1 << 16, len = 0;
	char *out = xalloc(cap);
	#define EMIT(...) do { int _w = snprintf(out + len, cap - len, __VA_ARGS__); \
		if (_w < 0 || (size_t)_w >= cap - len) { cap = cap * 2 + (size_t)_w; out = xgrow(out, (int)cap, 1); \
		_w = snprintf(out + len, cap - len, __VA_ARGS__); } len += (size_t)_w; } while (0)
	EMIT("never {\n");
	if (lx->as[0].univ) {
		/* every run violates the formula (the claim for `false`) */
		EMIT("T0_init:\n\tskip\n}\n");
		c.text = out; c.uses = lx->uses; c.nuses = lx->nuses;
		return c;
	}
	for (int a = 0; a < lx->ns; a++) {
		St *s = &lx->as[a];
		if (s->dead || s->univ) continue;
		if (a == 0) EMIT("T0_init:\n\tif\n");
		else EMIT("%sS%d_%d:\n\tif\n", s->acc ? "accept_" : "", s->n, s->j);
		/* transitions to the same state: one, its guards joined by ||
		 * (simplified) */
		char *done = xalloc((size_t)lx->ns);
		for (int i = 0; i < s->nt; i++) {
			int to = s->t[i].to;
			if (simp && done[to]) continue;
			done[to] = 1;
			EMIT("\t:: ");
			int nd = 0;
			for (int x = i; x < s->nt; x++) if (s->t[x].to == to && (simp || x == i)) nd++;
			for (int x = i; x < s->nt; x++) {
				if (s->t[x].to != to || (!simp && x != i)) continue;
				if (x > i) EMIT(" || ");
				if (nd > 1) EMIT("(");
				lab_str(lx, &s->t[x].l, &out, &cap, &len);
				if (nd > 1) EMIT(")");
			}
			if (to == 0) EMIT(" -> goto T0_init\n");
			else if (lx->as[to].univ) EMIT(" -> goto accept_all\n");
			else EMIT(" -> goto %sS%d_%d\n", lx->as[to].acc ? "accept_" : "", lx->as[to].n, lx->as[to].j);
		}
		if (!s->nt) EMIT("\t:: (0) -> skip\n");
		EMIT("\tfi;\n");
	}
	if (sink) EMIT("accept_all:\n\tskip\n");
	EMIT("}\n");
	c.text = out; c.uses = lx->uses; c.nuses = lx->nuses;
	return c;
}

/* every atom of f, in the order written */
static void atoms_of(F *f, F ***v, int *n)
{
	if (!f) return;
	if (f->k == L_ATOM) { *v = xgrow(*v, *n + 1, sizeof(F *)); (*v)[(*n)++] = f; return; }
	atoms_of(f->a, v, n);
	atoms_of(f->b, v, n);
}

LtlClaim ltl_atoms(const char *text)
{
	LtlClaim c; memset(&c, 0, sizeof c);
	Lx l0; memset(&l0, 0, sizeof l0);
	Lx *lx = &l0;
	F *f;
	if (!parse_formula(lx, text, &c, &f)) return c;
	F **v = NULL; int n = 0;
	atoms_of(f, &v, &n);
	size_t cap = 64, len = 0;
	for (int i = 0; i < n; i++) cap += strlen(v[i]->atom) + 16;
	char *out = xalloc(cap);
	len += (size_t)snprintf(out + len, cap - len, "never {\n\tdo\n\t:: skip\n");
	for (int i = 0; i < n; i++) {
		use_at(lx, len + 5, v[i]);   /* after "\t:: (" */
		len += (size_t)snprintf(out + len, cap - len, "\t:: (%s)\n", v[i]->atom);
	}
	snprintf(out + len, cap - len, "\tod\n}\n");
	c.text = out; c.uses = lx->uses; c.nuses = lx->nuses;
	return c;
}

int ltl_claim_offset(const LtlClaim *c, int line, int col)
{
	if (!c->text || line < 1 || col < 1) return -1;
	/* the byte of the claim at line:col (the lexer counts a byte a column) */
	int off = 0;
	for (int l = 1; l < line && c->text[off]; off++)
		if (c->text[off] == '\n') l++;
	off += col - 1;
	/* the proposition on that line that starts last at or before it; a
	 * position just past a proposition (`(x < ) -> goto`) is its end */
	int best = -1;
	for (int i = 0; i < c->nuses; i++) {
		const LtlUse *u = &c->uses[i];
		if (u->claim_off > off) continue;
		int nl = 0;
		for (int k = u->claim_off; k < off && !nl; k++) nl = c->text[k] == '\n';
		if (nl) continue;
		if (best < 0 || u->claim_off > c->uses[best].claim_off) best = i;
	}
	if (best < 0) return -1;
	const LtlUse *u = &c->uses[best];
	int d = off - u->claim_off;
	return u->text_off + (d > u->len ? u->len : d);
}
