/* sym.c — the symbolic search, first version: breadth-first, unreduced
 * (issue 39; ../shared/designs/symbolic.md sections 2.2-2.5; LTSmin's
 * pins2lts-sym, "bfs-prev", and its way of learning a relation from an
 * explicit next-state function, expand_group_next).
 *
 * The states are fixed vectors (search/sym/sym_layout.h), one BDD
 * variable pair per bit: the current value at an even variable, the next
 * at the odd one after it.  A transition group is a process position p
 * at one location (proctype t, pc L): its moves are the process's steps
 * from L, an atomic sequence taken whole (search/expand.h follows it).
 * The group's bytes D are what those steps may read or write, from the
 * access analysis (lang/access.h: the location's set, and the sets of
 * the locations its atomic sequence reaches): the process's own cell, the
 * header, the globals named, every channel cell for a channel operation,
 * every process cell for `run`, a remote reference or a rendezvous; a
 * kind of access it cannot place (timeout, enabled, _last, priorities)
 * makes D every byte.  The group's relation relates D's current bits to
 * D's next bits and leaves the other bytes as they are.
 *
 * Learning: for the states of the frontier that stand at the group's
 * location, each projection onto D not learned before gets one witness (a
 * whole state with that projection), which the explicit next-state
 * function expands; its successors by p give the relation's pairs.  A
 * successor that differs from its witness outside D would mean the
 * access analysis missed a write: the search stops there as incomplete
 * ("internal check"), never with a count it cannot vouch for.  A read
 * outside D cannot be checked this way; the analysis is the one
 * partial-order reduction trusts (docs/por.md).
 *
 * BuDDy has one manager per process and is not thread-safe: this file
 * owns it from bdd_init to bdd_done, the one piece of process-wide state
 * in the product (as the design study warns). */
#include "sym_impl.h"
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define check_ends sym_check_ends
#define image sym_image
#define peak sym_peak
#define bdd_ok sym_bdd_ok

#define MAXGROUPS 65536
#define NODE_BYTES 20          /* a BuDDy node: five ints (kernel.h's BddNode) */

void sym_keep(BDD *dst, BDD v)
{
	bdd_addref(v);
	bdd_delref(*dst);
	*dst = v;
}
#define keep sym_keep

/* ---- groups ---- */

static BDD bytes_cube(Sym *s, const Group *g, const uint8_t *fix, int next, BDD base)
{
	return sym_bytes_cube(s, g->bytes, g->nbytes, fix, next, base);
}

#define var_cube sym_var_cube

static Group *group_new(Sym *s, int p, int t, int pc, const uint8_t *key, BDD F)
{
	const Proctype *pt = s->m->ptypes[t];
	Group *g = calloc(1, sizeof *g);
	g->in = calloc((size_t)s->l.width, 1);
	g->bytes = malloc(sizeof(int) * (size_t)s->l.width);
	uint8_t *fix = calloc((size_t)s->l.width, 1);
	if (!g->in || !g->bytes || !fix)
		abort();   /* (a few KB at the start of a group) */
	g->p = p;
	g->t = t;
	g->pc = pc;
	memcpy(g->key, key, (size_t)s->nfkey[t]);
	/* p at (t, pc) with its frozen index locals' values: the cell's
	 * first three bytes and the key's */
	int c0 = sym_pcell(&s->l, p);
	int cell[3 + SYM_MAXKEY] = { c0, c0 + 1, c0 + 2 }, nc = 3;
	fix[c0] = (uint8_t)(t + 1);
	fix[c0 + 1] = (uint8_t)pc;
	fix[c0 + 2] = (uint8_t)(pc >> 8);
	for (int i = 0; i < s->nfkey[t]; i++) {
		cell[nc++] = c0 + s->fkey[t][i];
		fix[c0 + s->fkey[t][i]] = key[i];
	}
	Group tmp = { .bytes = cell, .nbytes = nc };
	g->at = bytes_cube(s, &tmp, fix, 0, bddtrue);
	free(fix);
	/* a witness, for the frozen indices (any state of the group gives
	 * them the same values) */
	uint8_t *w = NULL;
	if (s->nfkey[t]) {
		BDD here = bdd_addref(bdd_and(F, g->at));
		if (here != bddfalse && (w = malloc((size_t)s->l.width)))
			sym_cube_bytes(s, here, w);
		bdd_delref(here);
	}
	memset(g->in, 1, GOFF);
	memset(g->in + c0, 1, (size_t)s->l.pcell);
	if (pt->nlocal_chans)
		sym_mark_chans(s, g->in);
	sym_mark_group(s, g->in, p, t, pc, w);
	free(w);
	int *rest = malloc(sizeof(int) * (size_t)s->l.width), nrest = 0;
	for (int i = 0; i < s->l.width; i++) {
		if (g->in[i])
			g->bytes[g->nbytes++] = i;
		else
			rest[nrest++] = i;
	}
	g->curcube = var_cube(s, g->bytes, g->nbytes, 0);
	g->nxtcube = var_cube(s, g->bytes, g->nbytes, 1);
	g->rest = var_cube(s, rest, nrest, 0);
	free(rest);
	g->rel = bdd_addref(bddfalse);
	g->learned = bdd_addref(bddfalse);
	g->dom = bdd_addref(bddfalse);
	g->errdom = bdd_addref(bddfalse);
	/* -por=improviso: may phase 1 take p's moves here?  Not where one of
	 * them goes into an atomic sequence (as the explicit Improviso: the
	 * sequence is one move, and its steps need not be safe) */
	g->scope = s->improviso ? ns_safe_scope(s->c, pt->code, pc) : NS_SAFE_NEVER;
	const Loc *L = &pt->code->locs[pc];
	for (int i = 0; i < L->nt; i++)
		if (L->t[i]->atomic)
			g->scope = NS_SAFE_NEVER;
	g->p1 = g->scope != NS_SAFE_NEVER;
	g->safe = bdd_addref(g->scope == NS_SAFE_ALWAYS ? g->at : bddfalse);
	g->safelearned = bdd_addref(bddfalse);
	g->safeaway = g->safevars = bddtrue;
	if (g->p1 && g->scope == NS_SAFE_STATE) {
		/* what safe_group reads: the channels' headers, every process's
		 * location and variables, the globals (vm/next.h), and what the
		 * process's own moves read (D: a timeout guard is safe only while
		 * the process has another move, which may hang on a message,
		 * review-models/to_msg.pml): every byte but the messages outside D */
		int *away = malloc(sizeof(int) * (size_t)s->l.width), *kept = malloc(sizeof(int) * (size_t)s->l.width), na = 0, nk = 0;
		int k0 = sym_kcell(&s->l, 0);
		for (int i = 0; i < s->l.width; i++) {
			if (i >= k0 && (i - k0) % s->l.kcell >= 3 && !g->in[i])
				away[na++] = i;
			else
				kept[nk++] = i;
		}
		g->safeaway = var_cube(s, away, na, 0);
		g->safevars = var_cube(s, kept, nk, 0);
		free(away);
		free(kept);
	}
	return g;
}

static void group_free(Group *g)
{
	bdd_delref(g->at);
	bdd_delref(g->curcube);
	bdd_delref(g->nxtcube);
	bdd_delref(g->rest);
	bdd_delref(g->rel);
	bdd_delref(g->learned);
	bdd_delref(g->dom);
	bdd_delref(g->errdom);
	bdd_delref(g->safe);
	bdd_delref(g->safelearned);
	bdd_delref(g->safeaway);
	bdd_delref(g->safevars);
	if (g->c2n)
		bdd_freepair(g->c2n);
	free(g->in);
	free(g->bytes);
	free(g);
}

static Group *group_of(Sym *s, int p, int t, int pc, const uint8_t *key, BDD F)
{
	for (int i = 0; i < s->ng; i++)
		if (s->g[i]->p == p && s->g[i]->t == t && s->g[i]->pc == pc && !memcmp(s->g[i]->key, key, (size_t)s->nfkey[t]))
			return s->g[i];
	if (s->ng == MAXGROUPS)
		return NULL;
	Group *g = group_new(s, p, t, pc, key, F);
	s->g[s->ng++] = g;
	return g;
}

/* ---- learning: the expansion's hooks ---- */

void sym_fail(Sym *s, const char *fmt, const char *arg)
{
	if (s->stop && s->r->bound_msg[0])
		return;
	s->stop = 1;
	char msg[256];
	snprintf(msg, sizeof msg, fmt, arg);
	result_note_bound(s->r, msg);
}
#define fail sym_fail

/* an error met at level s->level in state `at` (fixed layout), moves
 * mv[0..n) from it: counted and printed as every search does; the first
 * is kept for its trail */
static void note_error(Sym *s, const char *msg, const uint8_t *at, const Move *mv, int n)
{
	/* printed when the search ends (search_symbolic): a run that starts
	 * again with a larger layout, more bits or another order meets the
	 * same errors again */
	SearchOpts q = *s->o;
	q.quiet = 1;
	ErrorReport e = result_report_error(s->r, &q, msg, s->level + n);
	if (s->r->errors <= SYM_LINES)
		snprintf(s->lines[s->r->errors - 1], sizeof s->lines[0], "dspin: %s (at depth %d)", msg, s->level + n);
	if (e.first) {
		SymError *er = &s->err;
		er->level = s->level;
		er->state = malloc((size_t)s->l.width);
		er->moves = malloc(sizeof(Move) * (size_t)(n ? n : 1));
		if (er->state && er->moves) {
			memcpy(er->state, at, (size_t)s->l.width);
			if (n)
				memcpy(er->moves, mv, sizeof(Move) * (size_t)n);   /* (an invalid end has no moves: mv NULL) */
			er->nmoves = n;
			snprintf(er->msg, sizeof er->msg, "%s", msg);
			s->have_err = 1;
		}
	}
	if (e.stop)
		s->stop = 1;
}

static void on_store(void *arg, const ExpandFound *f, const Move *path)
{
	Sym *s = arg;
	Group *g = s->cg;
	if (s->stop || s->grow || path[0].pid != g->p)
		return;
	int rc = sym_encode(&s->l, f->b, f->len, s->sfix);
	if (rc == SYM_MORE_PROCS || rc == SYM_MORE_CHANS) {
		s->grow = rc;
		return;
	}
	if (rc != SYM_FITS) {
		fail(s, "a state outside the symbolic fragment: %s", rc == SYM_HEAP ? "objects (new)" : rc == SYM_CALL_FRAME ? "function calls" : "more than 255 proctypes or channel types");
		return;
	}
	for (int i = 0; i < s->l.width; i++)
		if (!g->in[i] && s->sfix[i] != s->wfix[i]) {
			char where[64];
			snprintf(where, sizeof where, "byte %d, process %d at pc %d", i, g->p, g->pc);
			fail(s, "internal check: a move wrote outside the bytes the access analysis gave it (%s)", where);
			return;
		}
	BDD t = sym_pair_cube(s, g->bytes, g->nbytes, s->wfix, s->sfix);
	s->moved = 1;   /* (a pair that did not fit still says there is a move) */
	keep(&g->rel, bdd_or(g->rel, t));
	bdd_delref(t);
}

static void on_error(void *arg, const char *msg, const Move *path, int np)
{
	Sym *s = arg;
	/* np 0: the witness itself has no move, a property of the whole
	 * state and not of this group's projection (checked per level) */
	if (np == 0 || path[0].pid != s->cg->p || s->stop)
		return;
	/* the witness has a move, one that fails: not an end state (the
	 * explicit searches count it as a transition; helper-16's review,
	 * runtime_err_end.pml: -e reported an invalid end state besides).
	 * Not in dom: phase 1 must not take a state for a move it cannot
	 * make */
	s->moved_err = 1;
	if (s->cut)
		return;
	note_error(s, msg, s->wfix, path, np);
}

static void on_bound(void *arg, const char *msg, const Move *path, int np)
{
	Sym *s = arg;
	(void)np;
	if (path[0].pid == s->cg->p && !s->cut)
		fail(s, "%s", msg);
}

static int on_stopped(void *arg)
{
	Sym *s = arg;
	return s->stop || s->grow;
}

static const ExpandHooks learn_hooks = { on_store, on_error, on_bound, on_stopped, NULL };

/* -por=improviso, a group whose safety depends on the state: ask
 * ns_safe_group once per projection of its states with a move onto the
 * bytes it may read (group_new: every byte but the messages outside D) */
static void learn_safe(Sym *s, Group *g, BDD here)
{
	BDD mv = bdd_addref(bdd_and(here, g->dom));
	BDD proj = bdd_addref(bdd_exist(mv, g->safeaway));
	BDD todo = bdd_addref(bdd_apply(proj, g->safelearned, bddop_diff));
	bdd_delref(proj);
	while (todo != bddfalse && !s->stop) {
		BDD u = bdd_addref(bdd_satoneset(todo, g->safevars, bddfalse));
		BDD w = bdd_addref(bdd_and(mv, u));
		sym_cube_bytes(s, w, s->wfix);
		bdd_delref(w);
		int len = sym_decode(&s->l, s->wfix, s->sv);
		SState ss = { s->sv, len, NULL, 0, -1 };
		s->st->safe_calls++;
		if (ns_safe_group(s->c, &ss, g->p))
			keep(&g->safe, bdd_or(g->safe, u));
		keep(&g->safelearned, bdd_or(g->safelearned, u));
		keep(&todo, bdd_apply(todo, u, bddop_diff));
		bdd_delref(u);
	}
	bdd_delref(todo);
	bdd_delref(mv);
}

/* learn g on the states of F at g's location */
static void learn(Sym *s, Group *g, BDD F)
{
	BDD here = bdd_addref(bdd_and(F, g->at));
	BDD proj = bdd_addref(bdd_exist(here, g->rest));
	BDD todo = bdd_addref(bdd_apply(proj, g->learned, bddop_diff));
	bdd_delref(proj);
	s->cg = g;
	while (todo != bddfalse && !s->stop && !s->grow) {
		BDD u = bdd_addref(bdd_satoneset(todo, g->curcube, bddfalse));
		/* a witness: any path of (here and u) to true, the variables it
		 * skips 0 (a full cube of it would make a node per bit) */
		BDD w = bdd_addref(bdd_and(here, u));
		sym_cube_bytes(s, w, s->wfix);
		bdd_delref(w);
		int len = sym_decode(&s->l, s->wfix, s->sv);
		s->u = u;
		s->moved = 0;
		s->moved_err = 0;
		s->x->oom = 0;
		expand_state(s->x, NULL, s->sv, len, NULL, 0, 0);
		s->st->next_calls++;
		if (s->x->oom)
			fail(s, "%s", "out of memory expanding a witness");
		keep(&g->learned, bdd_or(g->learned, u));
		if (s->moved)
			keep(&g->dom, bdd_or(g->dom, u));
		else if (s->moved_err)
			keep(&g->errdom, bdd_or(g->errdom, u));
		keep(&todo, bdd_apply(todo, u, bddop_diff));
		bdd_delref(u);
		s->st->learned++;
	}
	bdd_delref(todo);
	if (g->p1 && g->scope == NS_SAFE_STATE && !s->stop && !s->grow)
		learn_safe(s, g, here);
	bdd_delref(here);
}

/* the (t, pc) pairs at which some state of F has its process p: their
 * groups learned on F */
/* the variable sets learn_proc splits a state by for process p: its
 * cell's key bytes (type, pc, every proctype's frozen index locals) and
 * every other byte; made once a run (cubes of every variable: 6% of
 * philosophers(26)'s time when made at every call) */
static void proc_cubes(Sym *s, int p)
{
	if (s->pkeep[p])
		return;
	int c0 = sym_pcell(&s->l, p);
	char *kb = calloc((size_t)s->l.pcell, 1);
	int *keyb = malloc(sizeof(int) * (size_t)s->l.width), nk = 0;
	int *others = malloc(sizeof(int) * (size_t)s->l.width), no = 0;
	if (!kb || !keyb || !others)
		abort();
	kb[0] = kb[1] = kb[2] = 1;
	for (int t = 0; t < s->m->nptypes; t++)
		for (int i = 0; i < s->nfkey[t]; i++)
			kb[s->fkey[t][i]] = 1;
	for (int i = 0; i < s->l.width; i++) {
		if (i >= c0 && i < c0 + s->l.pcell && kb[i - c0])
			keyb[nk++] = i;
		else
			others[no++] = i;
	}
	s->pkeep[p] = var_cube(s, keyb, nk, 0);
	s->pother[p] = var_cube(s, others, no, 0);
	free(kb);
	free(keyb);
	free(others);
}

static void learn_proc(Sym *s, int p, BDD F, int phase1)
{
	proc_cubes(s, p);
	int c0 = sym_pcell(&s->l, p);
	BDD keepv = s->pkeep[p];
	BDD at = bdd_addref(bdd_exist(F, s->pother[p]));
	uint8_t key[SYM_MAXKEY];
	while (at != bddfalse && !s->stop && !s->grow) {
		BDD one = bdd_addref(bdd_satoneset(at, keepv, bddfalse));
		uint8_t *b = s->wfix;
		sym_cube_bytes(s, one, b);
		int t = b[c0] - 1, pc = b[c0 + 1] | b[c0 + 2] << 8;
		if (t >= 0) {
			for (int i = 0; i < s->nfkey[t]; i++)
				key[i] = b[c0 + s->fkey[t][i]];
			Group *g = group_of(s, p, t, pc, key, F);
			if (!g)
				fail(s, "%s", "more than 65,536 transition groups");
			else if (!phase1 || g->p1)
				learn(s, g, F);
		}
		keep(&at, bdd_apply(at, one, bddop_diff));
		bdd_delref(one);
	}
	bdd_delref(at);
}

/* a successor that did not fit its bits ends the run once the learning
 * in hand is done (its other misfits are noted on the way: one restart
 * for them all) */
static void bits_check(Sym *s)
{
	if (s->bitsgrow && !s->grow)
		s->grow = SYM_MORE_BITS;
}

/* learn_proc, and under -order=chain only on the states p has not been
 * offered before */
static void learn_once(Sym *s, int p, BDD F, int phase1)
{
	if (s->chain) {
		/* the chained search offers a state to a process more than
		 * once (in the set grown by the processes before it, then in
		 * the next iteration's frontier): each once is enough */
		BDD nw = bdd_addref(bdd_apply(F, s->plearned[p], bddop_diff));
		if (nw != bddfalse) {
			learn_proc(s, p, nw, phase1);
			keep(&s->plearned[p], bdd_or(s->plearned[p], nw));
		}
		bdd_delref(nw);
	} else
		learn_proc(s, p, F, phase1);
}

void sym_learn_proc(Sym *s, int p, BDD F, int phase1)
{
	learn_once(s, p, F, phase1);
	bits_check(s);
}

void sym_groups_of_frontier(Sym *s, BDD F)
{
	for (int p = 0; p < s->l.pmax && !s->stop && !s->grow; p++)
		learn_once(s, p, F, 0);
	bits_check(s);
}
#define groups_of_frontier sym_groups_of_frontier

#define count_states sym_count_states

/* the states of F no learned group moves from (each group's dom fixes
 * its process's pc), F minus one dom at a time: the union of the doms,
 * over different bytes each, can be far larger than F (1.4 s of leader
 * election's 3.3 under -por=improviso); referenced */
static BDD without_move(Sym *s, BDD F)
{
	BDD r = bdd_addref(F);
	for (int i = 0; i < s->ng && r != bddfalse; i++) {
		keep(&r, bdd_apply(r, s->g[i]->dom, bddop_diff));
		keep(&r, bdd_apply(r, s->g[i]->errdom, bddop_diff));
	}
	return r;
}

/* The valid end states as a set: every process cell empty or at a
 * location whose end flag is set (an end label or the end of its body;
 * vm/next_vm.c vm_valid_end, the test every search asks through
 * ns_valid_end).  Referenced. */
static BDD valid_ends(Sym *s)
{
	BDD all = bdd_addref(bddtrue);
	uint8_t *fix = calloc((size_t)s->l.width, 1);
	for (int p = 0; p < s->l.pmax && fix; p++) {
		int c0 = sym_pcell(&s->l, p);
		int cell[3] = { c0, c0 + 1, c0 + 2 };
		Group tmp = { .bytes = cell, .nbytes = 3 };
		BDD here = bytes_cube(s, &tmp, fix, 0, bddtrue);   /* the cell empty */
		for (int t = 0; t < s->m->nptypes; t++) {
			const Code *code = s->m->ptypes[t]->code;
			for (int pc = 0; code && pc < code->nlocs; pc++) {
				if (!code->locs[pc].end)
					continue;
				fix[c0] = (uint8_t)(t + 1);
				fix[c0 + 1] = (uint8_t)pc;
				fix[c0 + 2] = (uint8_t)(pc >> 8);
				BDD one = bytes_cube(s, &tmp, fix, 0, bddtrue);
				keep(&here, bdd_or(here, one));
				bdd_delref(one);
			}
		}
		fix[c0] = fix[c0 + 1] = fix[c0 + 2] = 0;
		keep(&all, bdd_and(all, here));
		bdd_delref(here);
	}
	free(fix);
	return all;
}

/* is the one state of `one` (a set of a single state) a valid end, asked
 * of the explicit next-state interface? */
static int explicit_valid_end(Sym *s, BDD one)
{
	sym_cube_bytes(s, one, s->wfix);
	int len = sym_decode(&s->l, s->wfix, s->sv);
	SState ss = { s->sv, len, NULL, 0, -1 };
	return ns_valid_end(s->c, &ss);
}

#define ENDS_SAMPLE 4          /* stuck valid ends per level asked of ns_valid_end too */
#define ENDS_REPORTED 20       /* invalid ends reported one by one (as many as are printed) */

/* The states of F without a move that are not valid end states: one set
 * operation (stuck and not valid_ends), not a walk over the stuck states,
 * which took most of the time where there are many (Worst(20), whose
 * last level is 2^20 states where every process has ended).  The set is
 * checked against the explicit test: each invalid end reported, and a
 * few valid ones a level, must get the same answer from ns_valid_end, or
 * the search stops as incomplete (an internal check).  With -e the
 * invalid ends beyond the first ENDS_REPORTED are counted, not walked. */
void sym_check_ends(Sym *s, BDD F)
{
	BDD stuck = without_move(s, F);
	BDD bad = bdd_addref(bdd_apply(stuck, s->ends, bddop_diff));
	BDD good = bdd_addref(bdd_and(stuck, s->ends));
	bdd_delref(stuck);
	for (int n = 0; n < ENDS_SAMPLE && good != bddfalse && !s->stop; n++) {
		BDD one = bdd_addref(bdd_satoneset(good, s->allcur, bddfalse));
		if (!explicit_valid_end(s, one))
			fail(s, "%s", "internal check: a state the symbolic end test takes as a valid end is not one");
		keep(&good, bdd_apply(good, one, bddop_diff));
		bdd_delref(one);
	}
	bdd_delref(good);
	for (int n = 0; bad != bddfalse && !s->stop; n++) {
		if (n == ENDS_REPORTED) {
			long double more = count_states(s, bad);
			long room = (long)INT32_MAX - s->r->errors;
			if (s->o->max_errors)
				room = s->o->max_errors - s->r->errors;
			s->r->errors += more < (long double)room ? (int)more : (int)room;
			if (s->o->max_errors && s->r->errors >= s->o->max_errors)
				s->stop = 1;
			break;
		}
		BDD one = bdd_addref(bdd_satoneset(bad, s->allcur, bddfalse));
		if (explicit_valid_end(s, one))
			fail(s, "%s", "internal check: a state the symbolic end test takes as an invalid end is a valid one");
		else
			note_error(s, "invalid end state", s->wfix, NULL, 0);
		keep(&bad, bdd_apply(bad, one, bddop_diff));
		bdd_delref(one);
	}
	bdd_delref(bad);
}

BDD sym_image(Sym *s, BDD F)
{
	return sym_image_of(s, F, -1);
}

BDD sym_group_image(Sym *s, const Group *g, BDD F)
{
	BDD n = bdd_addref(bdd_appex(F, g->rel, bddop_and, g->curcube));
	BDD c = bdd_addref(bdd_replace(n, s->n2c));
	bdd_delref(n);
	return c;
}

BDD sym_image_of(Sym *s, BDD F, int p)
{
	BDD next = bdd_addref(bddfalse);
	for (int i = 0; i < s->ng; i++) {
		Group *g = s->g[i];
		if (p >= 0 && g->p != p)
			continue;
		BDD c = sym_group_image(s, g, F);
		keep(&next, bdd_or(next, c));
		bdd_delref(c);
	}
	return next;
}

void sym_peak(Sym *s)
{
	int n = bdd_getnodenum();
	if (n > s->st->peak_nodes)
		s->st->peak_nodes = n;
	size_t mem = (size_t)bdd_getallocnum() * NODE_BYTES;
	if (mem > s->r->mem)
		s->r->mem = mem;
}

/* BuDDy's errors come to one handler with no argument: the manager is
 * global, and so is this flag (reset by every run_layout).  After an
 * error BuDDy's operations return error codes that the next operations
 * refuse in turn (false, again through here), so the search only has to
 * stop at the next check and report the memory bound. */
static int bdd_failed;

static void on_bdd_error(int code)
{
	bdd_failed = code;
}

int sym_bdd_ok(Sym *s)
{
	if (!bdd_failed)
		return 1;
	if (!s->stop) {
		s->stop = 1;
		if (bdd_failed == BDD_NODENUM || bdd_failed == BDD_MEMORY)
			s->r->incomplete = 2;
		else {
			char why[64];
			snprintf(why, sizeof why, "BuDDy error %d", bdd_failed);
			fail(s, "%s", why);
		}
	}
	return 0;
}

static void add_level(Sym *s, BDD F)
{
	if (s->nlev == s->caplev) {
		int nc = s->caplev ? 2 * s->caplev : 64;
		BDD *nv = realloc(s->lev, sizeof(BDD) * (size_t)nc);
		if (!nv) {
			fail(s, "%s", "out of memory keeping the levels");
			return;
		}
		s->lev = nv;
		s->caplev = nc;
	}
	s->lev[s->nlev++] = bdd_addref(F);
}

static void error_free(SymError *e)
{
	free(e->state);
	free(e->moves);
	memset(e, 0, sizeof *e);
}

/* the trail of the first error, found backward through the levels */
static void write_trail(Sym *s)
{
	Move *mv = NULL;
	int n = 0;
	if ((s->improviso || s->chain) && sym_levels_in_reach(s) < 0)
		return;
	if (sym_trail(s, &mv, &n) == 0)
		s->r->trail_written = trail_write(s->o, mv, n, s->err.msg) == 0;
	free(mv);
}

/* -m N: as the explicit searches (search/expand.c), the states at depth
 * N are stored, not expanded, and the search is incomplete if one of them
 * has a move.  Learning finds the moves; errors of those moves are not
 * the search's (the explicit one never makes them) */
static void depth_cut(Sym *s, BDD F)
{
	s->cut = 1;
	groups_of_frontier(s, F);
	s->cut = 0;
	if (!bdd_ok(s))
		return;
	BDD still = without_move(s, F);
	if (still != F)
		s->r->incomplete = 1;
	bdd_delref(still);
}

/* the process cells in the variable order, top-down (by a cell's
 * highest variable's level; every cell has one, its type's), or
 * bottom-up */
static void chain_order(Sym *s, int *ps, int up)
{
	int pmax = s->l.pmax, *top = malloc(sizeof(int) * (size_t)pmax);
	if (!top)
		abort();
	for (int p = 0; p < pmax; p++) {
		int c0 = sym_pcell(&s->l, p);
		top[p] = INT32_MAX;
		for (int i = c0; i < c0 + s->l.pcell; i++)
			if (s->vbits[i] && bdd_var2level(s->vbase[i]) < top[p])
				top[p] = bdd_var2level(s->vbase[i]);
		ps[p] = p;
	}
	for (int i = 1; i < pmax; i++)
		for (int j = i; j > 0 && (up ? top[ps[j]] > top[ps[j - 1]] : top[ps[j]] < top[ps[j - 1]]); j--) {
			int t = ps[j];
			ps[j] = ps[j - 1];
			ps[j - 1] = t;
		}
	free(top);
}

/* -order=chain (LTSmin's chain-prev, each process taken to its own
 * fixpoint): each iteration, process by process, the images by that
 * process of the set grown by the processes before it, then of its own
 * new states, until it adds none; the visited states take each new state
 * at once.  The new states of an iteration are the next one's frontier,
 * where their groups are learned and the end states checked (each state
 * is in exactly one; sym_learn_proc offers a process each state once).
 * The visited set is the reachable set as the breadth-first search finds
 * it; the iterations are not levels (the trail: sym_levels_in_reach).
 *
 * The processes go in the variable order, top-down in the first
 * iteration, bottom-up in the second, and so on.  Chaining's order is
 * what makes it cheap (Solé and Pastor's "Traversal techniques for
 * concurrent systems"), and which one a model needs is the direction in
 * which its processes enable each other: a process enabled by the one
 * after it finds that one's new states in the same iteration.
 * Philosophers (philosopher i waits for fork i+1, which i+1 puts back)
 * need bottom-up: philosophers(25) took 25 iterations and 6.2 s
 * top-down, 5 and 0.24 s alternating (N=50: 8.0 s, was beyond 400); the
 * token ring needs top-down, and bottom-up first made ring(20) a
 * timeout; alternating, ring(20) 2 iterations, sort 10 -> 3.
 * Each process starts from the set the iteration has grown, not from the
 * whole visited one: sort 3.7 s against 8.4.  Before: the fixpoint per
 * process, philosophers(16) 32 iterations and 2.5 s -> 16 and 1.8 s,
 * leader_all(3) 15.5 s -> 0.8 s (with significant bits). */
static void chain(Sym *s, BDD *V, BDD *F)
{
	int *ps = malloc(sizeof(int) * (size_t)s->l.pmax);
	if (!ps)
		abort();
	while (*F != bddfalse && !s->stop && !s->grow) {
		groups_of_frontier(s, *F);
		if (!bdd_ok(s) || s->stop || s->grow)
			break;
		if (!s->o->ends_off)
			check_ends(s, *F);
		chain_order(s, ps, s->level % 2);
		BDD x = bdd_addref(*F), nw = bdd_addref(bddfalse);
		for (int k = 0; k < s->l.pmax && !s->stop && !s->grow && bdd_ok(s); k++) {
			int p = ps[k];
			BDD from = bdd_addref(x);
			do {
				sym_learn_proc(s, p, from, 0);
				BDD img = sym_image_of(s, from, p);
				keep(&img, bdd_apply(img, *V, bddop_diff));
				keep(V, bdd_or(*V, img));
				keep(&nw, bdd_or(nw, img));
				keep(&x, bdd_or(x, img));
				keep(&from, img);
				bdd_delref(img);
			} while (from != bddfalse && !s->stop && !s->grow && bdd_ok(s));
			bdd_delref(from);
			if (!s->grow && !s->stop && bdd_ok(s))
				sym_sift(s, *V);   /* (not after an error: a new order would repeat a finished run) */
		}
		bdd_delref(x);
		keep(F, nw);
		bdd_delref(nw);
		keep(&s->reach, *V);
		s->st->levels++;
		s->level++;
		peak(s);
	}
	free(ps);
	keep(F, bddfalse);
}

/* one search with pmax process and kmax channel cells: 0 done, else the
 * cell kind that ran out */
static int run_layout(Sym *s, const uint8_t *init, int ilen, int pmax, int kmax)
{
	sym_layout_init(&s->l, s->m, pmax, kmax);
	s->st->pmax = pmax;
	s->st->kmax = kmax;
	s->st->width = s->l.width;
	if (sym_vars_init(s) < 0) {
		sym_vars_free(s);
		fail(s, "%s", "out of memory laying out the variables");
		return 0;
	}
	int nvars = s->nvars;
	s->st->vars = s->nreal;
	/* -M: the node table's bound (the caches are a fixed eighth of it) */
	long long maxnodes = s->o->mem_limit ? (long long)(s->o->mem_limit / NODE_BYTES) : 0;
	if (maxnodes > (1LL << 30))
		maxnodes = 1LL << 30;
	int initnodes = maxnodes && maxnodes < (1 << 16) ? (int)maxnodes : 1 << 16;   /* grown by BuDDy as needed (a larger start costs every small run its page faults) */
	if (initnodes < 1024)
		initnodes = 1024;
	bdd_init(initnodes, initnodes / 8);
	bdd_failed = 0;
	bdd_error_hook(on_bdd_error);
	bdd_gbc_hook(NULL);        /* (BuDDy prints every collection otherwise) */
	bdd_setmaxincrease(1 << 22);
	bdd_setcacheratio(4);        /* the operation caches grow with the node table (a fixed cache made small sets slow) */
	if (maxnodes)
		bdd_setmaxnodenum(maxnodes > bdd_getallocnum() ? (int)maxnodes : bdd_getallocnum() + 1);   /* (BuDDy refuses its own size) */
	/* BuDDy sizes its stack of intermediate results (refstack) by the
	 * variables, 2 (varnum + 2) entries, and an image's replace (next
	 * to current, with its correctify) can need more: leader_all(4)
	 * overflowed it and ended in a segmentation fault in bdd_mark once
	 * significant bits made the variables few.  Variables nothing
	 * mentions, after the real ones, give it room (they cost BuDDy two
	 * nodes each; the count and the pairs are over the real ones) */
	bdd_setvarnum(2 * nvars + 8);
	if (s->o->sym_sift)
		bdd_intaddvarblock(nvars, 2 * nvars + 7, BDD_REORDER_FIXED);
	/* -sift: each byte's bits, current and next interleaved, one block
	 * that sifting moves whole */
	for (int i = 0; s->o->sym_sift && i < s->l.width; i++)
		if (s->vbits[i])
			bdd_intaddvarblock(s->vbase[i], s->vbase[i] + 2 * s->vbits[i] - 1, BDD_REORDER_FIXED);
	if (s->o->sym_sift)
		s->sifted = 0;
	s->bitsgrow = 0;
	if (s->l.width <= 0)
		abort();   /* (a layout always has the header) */
	s->wfix = calloc((size_t)s->l.width, 1);
	s->sfix = calloc((size_t)s->l.width, 1);
	s->g = calloc(MAXGROUPS, sizeof *s->g);
	s->pkeep = calloc((size_t)s->l.pmax, sizeof(BDD));
	s->pother = calloc((size_t)s->l.pmax, sizeof(BDD));
	s->plearned = calloc((size_t)s->l.pmax, sizeof(BDD));   /* (bddfalse is 0) */
	if (!s->g || !s->pkeep || !s->pother || !s->plearned)
		abort();
	int *all = malloc(sizeof(int) * (size_t)s->l.width);
	for (int i = 0; i < s->l.width; i++)
		all[i] = i;
	s->allcur = var_cube(s, all, s->l.width, 0);
	s->ends = valid_ends(s);
	s->n2c = bdd_newpair();
	for (int v = 0; v < nvars; v += 2)
		bdd_setpair(s->n2c, v + 1, v);
	s->grow = 0;
	s->stop = 0;
	s->nlev = 0;
	int rc = sym_encode(&s->l, init, ilen, s->wfix);
	BDD V = bddfalse, F = bddfalse;
	if (rc == SYM_FITS) {
		V = sym_bytes_cube(s, all, s->l.width, s->wfix, 0, bddtrue);
		F = bdd_addref(V);
		s->init = bdd_addref(V);
	} else if (rc == SYM_MORE_PROCS || rc == SYM_MORE_CHANS)
		s->grow = rc;
	else
		fail(s, "%s", "objects or function calls in the initial state");
	free(all);
	s->st->levels = 0;
	s->level = 0;
	s->point = 0;
	if (s->improviso && rc == SYM_FITS) {
		bdd_delref(V);
		V = bddfalse;
		sym_improviso(s, F, &V);
		bdd_delref(F);
		F = bddfalse;
	}
	if (s->chain && rc == SYM_FITS) {
		sym_keep(&s->reach, V);
		chain(s, &V, &F);
	}
	while (F != bddfalse && !s->stop && !s->grow) {
		add_level(s, F);
		if (s->o->max_depth && s->level >= s->o->max_depth) {
			depth_cut(s, F);
			break;
		}
		groups_of_frontier(s, F);
		if (!bdd_ok(s) || s->stop || s->grow)
			break;
		if (!s->o->ends_off)
			check_ends(s, F);
		if (s->stop)
			break;
		BDD N = image(s, F);
		keep(&F, bdd_apply(N, V, bddop_diff));
		bdd_delref(N);
		if (!bdd_ok(s))
			break;
		s->st->levels++;
		s->level++;
		BDD nv = bdd_or(V, F);
		if (!bdd_ok(s))
			break;     /* V stays the last complete level's */
		keep(&V, nv);
		peak(s);
		sym_sift(s, V);
	}
	if (!s->grow) {
		s->st->states = count_states(s, V);
		s->st->nodes = bdd_nodecount(V);
		s->st->groups = s->ng;
		BDD *rels = malloc(sizeof(BDD) * (size_t)(s->ng ? s->ng : 1));
		for (int i = 0; rels && i < s->ng; i++)
			rels[i] = s->g[i]->rel;
		s->st->rel_nodes = rels ? bdd_anodecount(rels, s->ng) : 0;
		free(rels);
		if (s->have_err && s->o->trail_path)
			write_trail(s);
	}
	peak(s);
	bdd_delref(F);
	bdd_delref(V);
	for (int i = 0; i < s->nlev; i++)
		bdd_delref(s->lev[i]);
	s->nlev = 0;
	for (int i = 0; i < s->ng; i++)
		group_free(s->g[i]);
	s->ng = 0;
	free(s->g);
	for (int p = 0; p < s->l.pmax; p++) {
		bdd_delref(s->pkeep[p]);
		bdd_delref(s->pother[p]);
		bdd_delref(s->plearned[p]);
	}
	free(s->pkeep);
	free(s->pother);
	free(s->plearned);
	free(s->wfix);
	free(s->sfix);
	bdd_freepair(s->n2c);
	bdd_delref(s->allcur);
	bdd_delref(s->ends);
	bdd_delref(s->reach);
	s->reach = bddfalse;
	bdd_delref(s->init);
	s->init = bddfalse;
	bdd_done();
	return s->grow;
}

const char *sym_refused(const Model *m)
{
	if (m->has_heap)
		return "classes and references";
	if (m->nfuncs)
		return "functions";
	if (m->uses_priority)
		return "priorities";
	if (m->never)
		return "a never claim or ltl formula";
	return NULL;
}

/* a fresh result for another layout: what the last one counted is void */
static void reset_result(SearchResult *r, Sym *s)
{
	SymStats keep_st = *s->st;
	memset(r, 0, sizeof *r);
	r->sym.peak_nodes = keep_st.peak_nodes;
	r->sym.learned = keep_st.learned;
	r->sym.next_calls = keep_st.next_calls;
	r->sym.safe_calls = keep_st.safe_calls;
	r->sym.sifts = keep_st.sifts;
	r->sym.restarts = keep_st.restarts + 1;
	r->sym.probe_steps = keep_st.probe_steps;
	error_free(&s->err);
	s->have_err = 0;
}

int search_symbolic(VM *vm, const SearchOpts *o, SearchResult *r)
{
	memset(r, 0, sizeof *r);
	double t0 = search_now();
	const char *no = sym_refused(vm->m);
	if (no) {
		snprintf(r->first_error, sizeof r->first_error, "-symbolic: the model is outside the symbolic fragment: %s", no);
		return -1;
	}
	Sym s;
	memset(&s, 0, sizeof s);
	s.vm = vm;
	s.m = vm->m;
	s.o = o;
	s.acc = vm->prog->access;
	s.r = r;
	s.st = &r->sym;
	s.improviso = o->improviso;
	s.chain = o->sym_chain;
	s.reach = bddfalse;
	s.c = ns_ctx_new(o->stack, vm);
	s.x = malloc(sizeof *s.x);
	s.sv = malloc(MAXSTATE);
	SuccBuf sb0;
	memset(&sb0, 0, sizeof sb0);
	if (!s.c || !s.x || !s.sv || ns_initial(s.c, &sb0) != 1) {
		snprintf(r->first_error, sizeof r->first_error, "out of memory");
		return -1;
	}
	expander_init(s.x, s.c, &learn_hooks, &s, 0);
	s.nofrozen = getenv("DSPIN_SYM_WHOLE_ARRAYS") != NULL;
	sym_frozen_keys(&s);
	uint8_t *init = malloc((size_t)sb0.v[0].len);
	int ilen = sb0.v[0].len;
	memcpy(init, sb0.v[0].b, (size_t)ilen);
	succbuf_free(&sb0);
	int pmax = init[0] ? init[0] : 1, kmax = init[1];
	/* DSPIN_SYM_NO_PROBE: no walks, every bit grown by restarts (the
	 * tests of growth; cells always grow so) */
	if (sym_bits_start(&s, init, ilen) < 0 || (!getenv("DSPIN_SYM_NO_PROBE") && sym_probe(&s, init, ilen) < 0)) {
		snprintf(r->first_error, sizeof r->first_error, "out of memory");
		return -1;
	}
	for (;;) {
		int g = run_layout(&s, init, ilen, pmax, kmax);
		sym_vars_free(&s);
		if (!g)
			break;
		reset_result(r, &s);
		if (g == SYM_MORE_BITS || g == SYM_REORDER)
			continue;  /* again with more bits, or another order */
		/* a state needed another cell: again with room for it */
		/* by half again (at least one): a loop of runs (philosophers'
		 * init) would otherwise restart the search once a process */
		int *cells = g == SYM_MORE_PROCS ? &pmax : &kmax, cap = g == SYM_MORE_PROCS ? MAXPROC : MAXCHAN;
		if (*cells >= cap)
			*cells = cap + 1;
		else
			*cells = *cells + (*cells / 2 > 1 ? *cells / 2 : 1) > cap ? cap : *cells + (*cells / 2 > 1 ? *cells / 2 : 1);
		if (pmax > MAXPROC || kmax > MAXCHAN) {
			result_note_bound(r, "more processes or channels than the symbolic layout allows");
			break;
		}
	}
	free(init);
	sym_bits_done(&s);
	free(s.lev);
	for (int i = 0; !o->quiet && i < r->errors && i < SYM_LINES; i++)
		printf("%s\n", s.lines[i]);
	error_free(&s.err);
	expander_free(s.x);
	for (int t = 0; t < s.m->nptypes; t++)
		free(s.fkey[t]);
	free(s.fkey);
	free(s.nfkey);
	free(s.x);
	free(s.sv);
	ns_ctx_free(s.c);
	r->depth = r->sym.levels;
	r->max_vec = r->sym.width;
	r->stored = r->sym.states < 18446744073709551616.0L ? (uint64_t)r->sym.states : UINT64_MAX;
	r->secs = search_now() - t0;
	return r->errors;
}
