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

/* ---- bytes and cubes ---- */

BDD sym_bytes_cube(const int *bytes, int nbytes, const uint8_t *fix, int next, BDD base)
{
	BDD r = bdd_addref(base);
	for (int k = nbytes - 1; k >= 0; k--) {
		int i = bytes[k];
		for (int b = 7; b >= 0; b--) {
			int v = next ? NXT(i, b) : CUR(i, b);
			BDD t = bdd_and((fix[i] >> (7 - b)) & 1 ? bdd_ithvar(v) : bdd_nithvar(v), r);
			bdd_addref(t);
			bdd_delref(r);
			r = t;
		}
	}
	return r;
}

static BDD bytes_cube(const Group *g, const uint8_t *fix, int next, BDD base)
{
	return sym_bytes_cube(g->bytes, g->nbytes, fix, next, base);
}

/* the bytes of one state of the set c: its path that takes the low branch
 * wherever that is not false (every other node of a reduced BDD reaches
 * true), the variables it skips 0; for a cube over every current
 * variable, that cube's state */
void sym_cube_bytes(BDD c, uint8_t *fix, int width)
{
	memset(fix, 0, (size_t)width);
	while (c != bddtrue && c != bddfalse) {
		int v = bdd_var(c), bit;
		if (bdd_low(c) == bddfalse) {
			bit = 1;
			c = bdd_high(c);
		} else {
			bit = 0;
			c = bdd_low(c);
		}
		if (v % 2 == 0 && bit)
			fix[v / 16] |= (uint8_t)(1 << (7 - (v / 2) % 8));
	}
}

static BDD var_cube(const int *bytes, int n, int next)
{
	BDD r = bdd_addref(bddtrue);
	for (int k = n - 1; k >= 0; k--)
		for (int b = 7; b >= 0; b--) {
			BDD t = bdd_and(bdd_ithvar(next ? NXT(bytes[k], b) : CUR(bytes[k], b)), r);
			bdd_addref(t);
			bdd_delref(r);
			r = t;
		}
	return r;
}

/* ---- the groups' bytes ---- */

static void mark(char *in, int from, int n)
{
	memset(in + from, 1, (size_t)n);
}

static void mark_procs(Sym *s, char *in)
{
	mark(in, s->l.gbytes, s->l.pmax * s->l.pcell);
}

static void mark_chans(Sym *s, char *in)
{
	mark(in, sym_kcell(&s->l, 0), s->l.kmax * s->l.kcell);
}

static int has_rendezvous(const Model *m)
{
	for (int i = 0; i < m->nchanspecs; i++)
		if (m->chanspecs[i]->cap == 0)
			return 1;
	return 0;
}

static void mark_access(Sym *s, char *in, const Access *a)
{
	for (int i = 0; i < a->n; i++) {
		const AccItem *it = &a->v[i];
		switch (it->kind) {
		case A_LOCAL: case A_PID: case A_NRPR:
			break;     /* the own cell and the header are always in D */
		case A_GLOBAL: {
			const Var *v = it->obj;
			mark(in, GOFF + v->offset, v->elemsize * (v->arrlen ? v->arrlen : 1));
			break;
		}
		case A_CHAN:
			mark_chans(s, in);
			/* a rendezvous moves the receiver too, which writes what it
			 * receives into: its cell and the globals (the receive's set
			 * is the receiver's location's, not this one's) */
			if (has_rendezvous(s->m))
				mark(in, 0, s->l.width);
			break;
		case A_RUN:
			mark_procs(s, in);
			mark_chans(s, in);
			break;
		case A_REMOTE: case A_REMOTE_AT: case A_REMOTE_VAR:
			mark_procs(s, in);
			break;
		default:   /* timeout, enabled, _last, np_, priorities, the heap, calls */
			mark(in, 0, s->l.width);
			break;
		}
	}
}

/* the locations the atomic sequence from loc pc reaches, their sets */
static void mark_closure(Sym *s, char *in, const Code *code, int pc, char *seen)
{
	if (seen[pc])
		return;
	seen[pc] = 1;
	const Loc *L = &code->locs[pc];
	mark_access(s, in, s->acc->loc[L->gid]);
	for (int i = 0; i < L->nt; i++)
		if (L->t[i]->atomic)
			mark_closure(s, in, code, L->t[i]->to, seen);
}

static Group *group_new(Sym *s, int p, int t, int pc)
{
	const Proctype *pt = s->m->ptypes[t];
	Group *g = calloc(1, sizeof *g);
	g->in = calloc((size_t)s->l.width, 1);
	char *seen = calloc((size_t)pt->code->nlocs, 1);
	g->bytes = malloc(sizeof(int) * (size_t)s->l.width);
	if (!g->in || !seen || !g->bytes)
		abort();   /* (a few KB at the start of a group) */
	g->p = p;
	g->t = t;
	g->pc = pc;
	mark(g->in, 0, GOFF);
	mark(g->in, sym_pcell(&s->l, p), s->l.pcell);
	if (pt->nlocal_chans)
		mark_chans(s, g->in);
	mark_closure(s, g->in, pt->code, pc, seen);
	free(seen);
	int *rest = malloc(sizeof(int) * (size_t)s->l.width), nrest = 0;
	for (int i = 0; i < s->l.width; i++) {
		if (g->in[i])
			g->bytes[g->nbytes++] = i;
		else
			rest[nrest++] = i;
	}
	g->curcube = var_cube(g->bytes, g->nbytes, 0);
	g->nxtcube = var_cube(g->bytes, g->nbytes, 1);
	g->rest = var_cube(rest, nrest, 0);
	free(rest);
	/* p at (t, pc): the cell's first three bytes */
	uint8_t key[3] = { (uint8_t)(t + 1), (uint8_t)pc, (uint8_t)(pc >> 8) };
	uint8_t *fix = calloc((size_t)s->l.width, 1);
	memcpy(fix + sym_pcell(&s->l, p), key, 3);
	int cell[3] = { sym_pcell(&s->l, p), sym_pcell(&s->l, p) + 1, sym_pcell(&s->l, p) + 2 };
	Group tmp = { .bytes = cell, .nbytes = 3 };
	g->at = bytes_cube(&tmp, fix, 0, bddtrue);
	free(fix);
	g->rel = bdd_addref(bddfalse);
	g->learned = bdd_addref(bddfalse);
	g->dom = bdd_addref(bddfalse);
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
		g->safeaway = var_cube(away, na, 0);
		g->safevars = var_cube(kept, nk, 0);
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

static Group *group_of(Sym *s, int p, int t, int pc)
{
	for (int i = 0; i < s->ng; i++)
		if (s->g[i]->p == p && s->g[i]->t == t && s->g[i]->pc == pc)
			return s->g[i];
	if (s->ng == MAXGROUPS)
		return NULL;
	Group *g = group_new(s, p, t, pc);
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
	ErrorReport e = result_report_error(s->r, s->o, msg, s->level + n);
	if (e.first) {
		SymError *er = &s->err;
		er->level = s->level;
		er->state = malloc((size_t)s->l.width);
		er->moves = malloc(sizeof(Move) * (size_t)(n ? n : 1));
		if (er->state && er->moves) {
			memcpy(er->state, at, (size_t)s->l.width);
			memcpy(er->moves, mv, sizeof(Move) * (size_t)n);
			er->nmoves = n;
			snprintf(er->msg, sizeof er->msg, "%s", msg);
			s->have_err = 1;
		}
	}
	if (e.stop)
		s->stop = 1;
}

/* the pair (cur[D], next[D]) as one cube, made bottom-up in one pass:
 * the current and next variables interleave, so and-ing a next cube onto
 * a current one bit by bit walks the whole cube for every bit (33% of
 * leader election's time under -por=improviso, perf); referenced */
static BDD pair_cube(const Group *g, const uint8_t *cur, const uint8_t *nxt)
{
	BDD r = bdd_addref(bddtrue);
	for (int k = g->nbytes - 1; k >= 0; k--) {
		int i = g->bytes[k];
		for (int b = 7; b >= 0; b--) {
			int bn = (nxt[i] >> (7 - b)) & 1, bc = (cur[i] >> (7 - b)) & 1;
			BDD t = bdd_addref(bdd_and(bn ? bdd_ithvar(NXT(i, b)) : bdd_nithvar(NXT(i, b)), r));
			bdd_delref(r);
			r = bdd_addref(bdd_and(bc ? bdd_ithvar(CUR(i, b)) : bdd_nithvar(CUR(i, b)), t));
			bdd_delref(t);
		}
	}
	return r;
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
	BDD t = pair_cube(g, s->wfix, s->sfix);
	s->moved = 1;
	keep(&g->rel, bdd_or(g->rel, t));
	bdd_delref(t);
}

static void on_error(void *arg, const char *msg, const Move *path, int np)
{
	Sym *s = arg;
	/* np 0: the witness itself has no move, a property of the whole
	 * state and not of this group's projection (checked per level) */
	if (np == 0 || path[0].pid != s->cg->p || s->stop || s->cut)
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
		sym_cube_bytes(w, s->wfix, s->l.width);
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
		sym_cube_bytes(w, s->wfix, s->l.width);
		bdd_delref(w);
		int len = sym_decode(&s->l, s->wfix, s->sv);
		s->u = u;
		s->moved = 0;
		s->x->oom = 0;
		expand_state(s->x, NULL, s->sv, len, NULL, 0, 0);
		s->st->next_calls++;
		if (s->x->oom)
			fail(s, "%s", "out of memory expanding a witness");
		keep(&g->learned, bdd_or(g->learned, u));
		if (s->moved)
			keep(&g->dom, bdd_or(g->dom, u));
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
void sym_learn_proc(Sym *s, int p, BDD F, int phase1)
{
	{
		int cell[3] = { sym_pcell(&s->l, p), sym_pcell(&s->l, p) + 1, sym_pcell(&s->l, p) + 2 };
		BDD keepv = var_cube(cell, 3, 0);
		/* the other current variables */
		int *others = malloc(sizeof(int) * (size_t)s->l.width), no = 0;
		for (int i = 0; i < s->l.width; i++)
			if (i < cell[0] || i > cell[2])
				others[no++] = i;
		BDD oc = var_cube(others, no, 0);
		free(others);
		BDD at = bdd_addref(bdd_exist(F, oc));
		bdd_delref(oc);
		while (at != bddfalse && !s->stop && !s->grow) {
			BDD one = bdd_addref(bdd_satoneset(at, keepv, bddfalse));
			uint8_t *b = s->wfix;
			sym_cube_bytes(one, b, s->l.width);
			int t = b[cell[0]] - 1, pc = b[cell[1]] | b[cell[2]] << 8;
			if (t >= 0) {
				Group *g = group_of(s, p, t, pc);
				if (!g)
					fail(s, "%s", "more than 65,536 transition groups");
				else if (!phase1 || g->p1)
					learn(s, g, F);
			}
			keep(&at, bdd_apply(at, one, bddop_diff));
			bdd_delref(one);
		}
		bdd_delref(at);
		bdd_delref(keepv);
	}
}

void sym_groups_of_frontier(Sym *s, BDD F)
{
	for (int p = 0; p < s->l.pmax && !s->stop && !s->grow; p++)
		sym_learn_proc(s, p, F, 0);
}
#define groups_of_frontier sym_groups_of_frontier

static long double count_states(BDD V, int nvars);

/* the states of F no learned group moves from (each group's dom fixes
 * its process's pc), F minus one dom at a time: the union of the doms,
 * over different bytes each, can be far larger than F (1.4 s of leader
 * election's 3.3 under -por=improviso); referenced */
static BDD without_move(Sym *s, BDD F)
{
	BDD r = bdd_addref(F);
	for (int i = 0; i < s->ng && r != bddfalse; i++)
		keep(&r, bdd_apply(r, s->g[i]->dom, bddop_diff));
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
		BDD here = bytes_cube(&tmp, fix, 0, bddtrue);   /* the cell empty */
		for (int t = 0; t < s->m->nptypes; t++) {
			const Code *code = s->m->ptypes[t]->code;
			for (int pc = 0; code && pc < code->nlocs; pc++) {
				if (!code->locs[pc].end)
					continue;
				fix[c0] = (uint8_t)(t + 1);
				fix[c0 + 1] = (uint8_t)pc;
				fix[c0 + 2] = (uint8_t)(pc >> 8);
				BDD one = bytes_cube(&tmp, fix, 0, bddtrue);
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
	sym_cube_bytes(one, s->wfix, s->l.width);
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
			long double more = count_states(bad, 2 * 8 * s->l.width);
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

BDD sym_image_of(Sym *s, BDD F, int p)
{
	BDD next = bdd_addref(bddfalse);
	for (int i = 0; i < s->ng; i++) {
		Group *g = s->g[i];
		if (p >= 0 && g->p != p)
			continue;
		BDD n = bdd_addref(bdd_appex(F, g->rel, bddop_and, g->curcube));
		BDD c = bdd_addref(bdd_replace(n, s->n2c));
		bdd_delref(n);
		keep(&next, bdd_or(next, c));
		bdd_delref(c);
	}
	return next;
}

/* the even numbers in [0, v): the current variables before variable v */
static int evens_below(int v)
{
	return (v + 1) / 2;
}

/* the assignments to the current variables from variable `var(n)` on
 * that n holds (n mentions none of the next ones: it is a set of states);
 * memo by node.  A long double has a 64-bit mantissa: exact below 2^64 */
static long double count_from(BDD n, int nvars, long double *memo)
{
	if (n == bddfalse)
		return 0;
	if (n == bddtrue)
		return 1;
	if (memo[n] >= 0)
		return memo[n];
	int v = bdd_var(n);
	BDD lo = bdd_low(n), hi = bdd_high(n);
	int vl = lo <= 1 ? nvars : bdd_var(lo), vh = hi <= 1 ? nvars : bdd_var(hi);
	long double c = ldexpl(count_from(lo, nvars, memo), evens_below(vl) - evens_below(v + 1)) +
		        ldexpl(count_from(hi, nvars, memo), evens_below(vh) - evens_below(v + 1));
	memo[n] = c;
	return c;
}

/* the states of V: BuDDy's bdd_satcountset counts over all the variables
 * first, which overflows a double beyond 1,024 of them */
static long double count_states(BDD V, int nvars)
{
	int nn = bdd_getallocnum();
	long double *memo = malloc(sizeof(long double) * (size_t)nn);
	if (!memo)
		return -1;
	for (int i = 0; i < nn; i++)
		memo[i] = -1;
	int top = V <= 1 ? nvars : bdd_var(V);
	long double c = ldexpl(count_from(V, nvars, memo), evens_below(top));
	free(memo);
	return c;
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

/* -order=chain (LTSmin's chain-prev): each iteration, every process's
 * image of the set grown by the images of the processes before it, minus
 * the visited states, which take each new state at once; the new states
 * of an iteration are the next one's frontier, where their groups are
 * learned and the end states checked (each state is in exactly one).
 * The visited set is the reachable set as the breadth-first search finds
 * it; the iterations are not levels (the trail: sym_levels_in_reach) */
static void chain(Sym *s, BDD *V, BDD *F)
{
	while (*F != bddfalse && !s->stop && !s->grow) {
		groups_of_frontier(s, *F);
		if (!bdd_ok(s) || s->stop || s->grow)
			break;
		if (!s->o->ends_off)
			check_ends(s, *F);
		BDD x = bdd_addref(*F), nw = bdd_addref(bddfalse);
		for (int p = 0; p < s->l.pmax && !s->stop && !s->grow && bdd_ok(s); p++) {
			sym_learn_proc(s, p, x, 0);
			BDD img = sym_image_of(s, x, p);
			keep(&img, bdd_apply(img, *V, bddop_diff));
			keep(V, bdd_or(*V, img));
			keep(&nw, bdd_or(nw, img));
			keep(&x, bdd_or(x, img));
			bdd_delref(img);
		}
		bdd_delref(x);
		keep(F, nw);
		bdd_delref(nw);
		keep(&s->reach, *V);
		s->st->levels++;
		s->level++;
		peak(s);
	}
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
	int nvars = 2 * 8 * s->l.width;
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
	if (maxnodes)
		bdd_setmaxnodenum(maxnodes > bdd_getallocnum() ? (int)maxnodes : bdd_getallocnum() + 1);   /* (BuDDy refuses its own size) */
	bdd_setvarnum(nvars);
	s->wfix = calloc((size_t)s->l.width, 1);
	s->sfix = calloc((size_t)s->l.width, 1);
	s->g = calloc(MAXGROUPS, sizeof *s->g);
	int *all = malloc(sizeof(int) * (size_t)s->l.width);
	for (int i = 0; i < s->l.width; i++)
		all[i] = i;
	s->allcur = var_cube(all, s->l.width, 0);
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
		V = sym_bytes_cube(all, s->l.width, s->wfix, 0, bddtrue);
		F = bdd_addref(V);
		s->init = bdd_addref(V);
	} else if (rc == SYM_MORE_PROCS || rc == SYM_MORE_CHANS)
		s->grow = rc;
	else
		fail(s, "%s", "objects or function calls in the initial state");
	free(all);
	s->st->levels = 0;
	s->level = 0;
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
	}
	if (!s->grow) {
		s->st->states = count_states(V, nvars);
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
	uint8_t *init = malloc((size_t)sb0.v[0].len);
	int ilen = sb0.v[0].len;
	memcpy(init, sb0.v[0].b, (size_t)ilen);
	succbuf_free(&sb0);
	int pmax = init[0] ? init[0] : 1, kmax = init[1];
	for (;;) {
		int g = run_layout(&s, init, ilen, pmax, kmax);
		if (!g)
			break;
		/* a state needed another cell: again with room for it */
		reset_result(r, &s);
		if (g == SYM_MORE_PROCS)
			pmax++;
		else
			kmax++;
		if (pmax > MAXPROC || kmax > MAXCHAN) {
			result_note_bound(r, "more processes or channels than the symbolic layout allows");
			break;
		}
	}
	free(init);
	error_free(&s.err);
	expander_free(s.x);
	free(s.x);
	free(s.sv);
	ns_ctx_free(s.c);
	r->depth = r->sym.levels;
	r->max_vec = r->sym.width;
	r->stored = r->sym.states < 18446744073709551616.0L ? (uint64_t)r->sym.states : UINT64_MAX;
	r->secs = search_now() - t0;
	return r->errors;
}
