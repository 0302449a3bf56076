/* sym_trail.c — the symbolic search's counterexample (issue 39, item 3;
 * ../shared/designs/symbolic.md section 2.7): from the state the first
 * error was met in, at level k, back to the initial state through the
 * frontiers the search kept, one level at a time.  At level i the
 * predecessors of the current state t are, for some group g,
 *
 *     exists D'. rel_g(D, D') and D' = t[D]     (D's next variables)
 *     and the bytes outside D equal t's, and the state is in frontier i.
 *
 * One of them (any: every state of frontier i is at depth i) is expanded
 * by the explicit next-state function, and the step whose successor is t
 * gives the moves (an atomic sequence is one step of several moves).  The
 * moves are the explicit search's own, so the trail replays with
 * `dspin -t` on the plain stack; a step that cannot be found means a
 * relation the explicit function does not have, and the search ends
 * incomplete instead of writing a trail it cannot vouch for. */
#include "sym_impl.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Find {
	Sym *s;
	const uint8_t *target;     /* fixed layout */
	uint8_t *enc;
	Move *moves;
	int n, found;
} Find;

static void find_store(void *arg, const ExpandFound *f, const Move *path)
{
	Find *q = arg;
	if (q->found || sym_encode(&q->s->l, f->b, f->len, q->enc) != SYM_FITS ||
	    memcmp(q->enc, q->target, (size_t)q->s->l.width))
		return;
	memcpy(q->moves, path, sizeof(Move) * (size_t)f->np);
	q->n = f->np;
	q->found = 1;
}

static void find_error(void *arg, const char *msg, const Move *path, int np)
{
	(void)arg; (void)msg; (void)path; (void)np;
}

static int find_stopped(void *arg)
{
	return ((Find *)arg)->found;
}

static const ExpandHooks find_hooks = { find_store, find_error, find_error, find_stopped, NULL };

/* a state of frontier `level` with a step to t (fixed layout) into pred;
 * 0 found */
static int predecessor(Sym *s, int level, const uint8_t *t, uint8_t *pred)
{
	int *rest = malloc(sizeof(int) * (size_t)s->l.width);
	if (!rest)
		return -1;
	int found = -1;
	for (int i = 0; i < s->ng && found < 0; i++) {
		const Group *g = s->g[i];
		int nrest = 0;
		for (int b = 0; b < s->l.width; b++)
			if (!g->in[b])
				rest[nrest++] = b;
		BDD tn = sym_bytes_cube(s, g->bytes, g->nbytes, t, 1, bddtrue);
		BDD pre = bdd_addref(bdd_appex(g->rel, tn, bddop_and, g->nxtcube));
		bdd_delref(tn);
		BDD cand = sym_bytes_cube(s, rest, nrest, t, 0, pre);
		bdd_delref(pre);
		sym_keep(&cand, bdd_and(cand, s->lev[level]));
		if (cand != bddfalse) {
			BDD one = bdd_addref(bdd_satoneset(cand, s->allcur, bddfalse));
			sym_cube_bytes(s, one, pred);
			bdd_delref(one);
			found = 0;
		}
		bdd_delref(cand);
	}
	free(rest);
	return found;
}

int sym_trail(Sym *s, Move **mv, int *n)
{
	const SymError *e = &s->err;
	int w = s->l.width, k = e->level;
	/* the steps back, last first; each at most EXPAND_MAXCHAIN moves */
	Move **seg = calloc((size_t)(k + 1), sizeof *seg);
	int *segn = calloc((size_t)(k + 1), sizeof *segn);
	uint8_t *cur = malloc((size_t)w), *pred = malloc((size_t)w), *sv = malloc(MAXSTATE);
	Find q = { s, cur, malloc((size_t)w), malloc(sizeof(Move) * (EXPAND_MAXCHAIN + 1)), 0, 0 };
	Expander *x = malloc(sizeof *x);
	int rc = 0, total = e->nmoves;
	if (!seg || !segn || !cur || !pred || !sv || !q.enc || !q.moves || !x) {
		sym_fail(s, "%s", "out of memory writing the trail");
		rc = -1;
		goto out;
	}
	expander_init(x, s->c, &find_hooks, &q, 0);
	memcpy(cur, e->state, (size_t)w);
	for (int i = k - 1; i >= 0 && rc == 0; i--) {
		if (predecessor(s, i, cur, pred) != 0) {
			sym_fail(s, "%s", "internal check: the trail found no step back through the levels");
			rc = -1;
			break;
		}
		int len = sym_decode(&s->l, pred, sv);
		q.found = 0;
		expand_state(x, NULL, sv, len, NULL, 0, 0);
		if (!q.found) {
			sym_fail(s, "%s", "internal check: the explicit next-state function has no step the relation has (trail)");
			rc = -1;
			break;
		}
		seg[i] = malloc(sizeof(Move) * (size_t)q.n);
		if (!seg[i]) {
			rc = -1;
			break;
		}
		memcpy(seg[i], q.moves, sizeof(Move) * (size_t)q.n);
		segn[i] = q.n;
		total += q.n;
		memcpy(cur, pred, (size_t)w);
	}
	expander_free(x);
	if (rc == 0) {
		*mv = malloc(sizeof(Move) * (size_t)(total ? total : 1));
		if (!*mv) {
			rc = -1;
			goto out;
		}
		int at = 0;
		for (int i = 0; i < k; i++) {
			memcpy(*mv + at, seg[i], sizeof(Move) * (size_t)segn[i]);
			at += segn[i];
		}
		memcpy(*mv + at, e->moves, sizeof(Move) * (size_t)e->nmoves);
		*n = total;
	}
out:
	for (int i = 0; seg && i <= k; i++)
		free(seg[i]);
	free(seg);
	free(segn);
	free(cur);
	free(pred);
	free(sv);
	free(q.enc);
	free(q.moves);
	free(x);
	return rc;
}

/* For the searches whose images are not levels (-por=improviso,
 * -order=chain): the levels of a breadth-first search from the initial
 * state inside s->reach, up to the level that holds the error's state:
 * every state of a level has a learned move from the level before, as
 * the way back above needs.  The moves are real (learned from the
 * explicit function on reachable states) and every state reached was
 * reached by one of them, so the error's state is found. */
int sym_levels_in_reach(Sym *s)
{
	int *all = malloc(sizeof(int) * (size_t)s->l.width);
	if (!all)
		return -1;
	for (int i = 0; i < s->l.width; i++)
		all[i] = i;
	BDD target = sym_bytes_cube(s, all, s->l.width, s->err.state, 0, bddtrue);
	free(all);
	for (int i = 0; i < s->nlev; i++)
		bdd_delref(s->lev[i]);
	s->nlev = 0;
	if (s->nlev == s->caplev) {
		BDD *nv = realloc(s->lev, sizeof(BDD) * 64);
		if (!nv) {
			bdd_delref(target);
			return -1;
		}
		s->lev = nv;
		s->caplev = 64;
	}
	s->lev[s->nlev++] = bdd_addref(s->init);
	BDD seen = bdd_addref(s->init);
	int rc = -1;
	while (sym_bdd_ok(s)) {
		BDD last = s->lev[s->nlev - 1];
		if (bdd_and(last, target) != bddfalse) {
			rc = 0;
			break;
		}
		BDD n = sym_image(s, last);
		sym_keep(&n, bdd_and(n, s->reach));
		sym_keep(&n, bdd_apply(n, seen, bddop_diff));
		if (n == bddfalse) {
			bdd_delref(n);
			break;
		}
		sym_keep(&seen, bdd_or(seen, n));
		if (s->nlev == s->caplev) {
			BDD *nv = realloc(s->lev, sizeof(BDD) * (size_t)(2 * s->caplev));
			if (!nv) {
				bdd_delref(n);
				break;
			}
			s->lev = nv;
			s->caplev *= 2;
		}
		s->lev[s->nlev++] = n;
	}
	bdd_delref(seen);
	bdd_delref(target);
	if (rc < 0)
		sym_fail(s, "%s", "internal check: the error's state is not reached by the learned moves");
	else
		s->err.level = s->nlev - 1;
	return rc;
}
