/* expand.c — the one expansion step of the level-by-level searches
 * (search/expand.h), driven directly: its hooks record what it found.
 * The expected moves, counts and depths are counted by hand from each
 * model's text (in the comments), not taken from a run. */
#include "unit_helpers.h"
#include "../../search/expand.h"

typedef struct Seen {
	int stores, errors, bounds;
	int np[16];                /* each store's number of moves */
	int top[16];               /* and its index in the top buffer */
	uint32_t depth[16];
	char msg[16][128];         /* each error's message */
	int err_np[16];
	int stop_after;            /* stop once this many states were stored (0: never) */
	Move path[16][8];          /* the first moves of each store */
} Seen;

static void rec_store(void *arg, const ExpandFound *f, const Move *path)
{
	Seen *s = arg;
	cr_assert_eq(f->h, state_hash(f->b, f->len), "the hash handed over is the state's");
	if (s->stores < 16) {
		s->np[s->stores] = f->np;
		s->top[s->stores] = f->top;
		s->depth[s->stores] = f->depth;
		for (int i = 0; i < f->np && i < 8; i++)
			s->path[s->stores][i] = path[i];
	}
	s->stores++;
}

static void rec_error(void *arg, const char *msg, const Move *path, int np)
{
	Seen *s = arg;
	(void)path;
	if (s->errors < 16) {
		snprintf(s->msg[s->errors], sizeof s->msg[0], "%s", msg);
		s->err_np[s->errors] = np;
	}
	s->errors++;
}

static void rec_bound(void *arg, const char *msg, const Move *path, int np)
{
	(void)msg, (void)path, (void)np;
	((Seen *)arg)->bounds++;
}

static int rec_stopped(void *arg)
{
	Seen *s = arg;
	return s->stop_after && s->stores >= s->stop_after;
}

static const ExpandHooks rec_hooks = { rec_store, rec_error, rec_bound, rec_stopped, NULL };

typedef struct Run {
	VM vm;
	Ctx *c;
	SuccBuf init;
	Expander *x;
	Seen seen;
} Run;

/* load src on the plain stack and expand its initial state once */
static void expand_initial(Run *r, const char *src, long max_depth, int stop_after, SuccBuf *top)
{
	memset(r, 0, sizeof *r);
	Program *prog = compile_ok(src);
	r->vm.prog = prog;
	r->vm.m = prog->m;
	r->vm.out = stdout;
	StackSpec sp = { 0 };
	r->c = ns_ctx_new(stack_build(&r->vm, &sp), &r->vm);
	cr_assert_not_null(r->c);
	cr_assert_eq(ns_initial(r->c, &r->init), 1);
	r->x = malloc(sizeof *r->x);
	cr_assert_not_null(r->x);
	r->seen.stop_after = stop_after;
	expander_init(r->x, r->c, &rec_hooks, &r->seen, max_depth);
	const Succ *s0 = &r->init.v[0];
	expand_state(r->x, top, s0->b, s0->len, s0->aux, s0->alen, 0);
	cr_assert_eq(r->x->oom, 0);
}

static void done(Run *r)
{
	expander_free(r->x);
	free(r->x);
	succbuf_free(&r->init);
	ns_ctx_free(r->c);
}

Test(expand, follows_an_atomic_chain_to_its_end)
{
	/* three moves inside the atomic sequence, one state stored after
	 * them: the two states between are expanded, not stored */
	Run r;
	expand_initial(&r, "byte x; active proctype P() { atomic { x = 1; x = 2; x = 3 }; x = 4 }", 0, 0, NULL);
	cr_assert_eq(r.seen.stores, 1);
	cr_assert_eq(r.seen.np[0], 3);
	cr_assert_eq(r.seen.depth[0], 3);
	cr_assert_eq(r.seen.top[0], -1, "a state at the chain's end is not a top successor");
	for (int i = 0; i < 3; i++)
		cr_assert_eq(r.seen.path[0][i].pid, 0);
	cr_assert_eq(r.x->atomic_steps, 2);
	cr_assert_eq(r.x->matched, 0);
	cr_assert_eq(r.seen.errors, 0);
	done(&r);
}

Test(expand, top_successors_go_to_the_callers_buffer)
{
	/* two processes, one move each: two top successors, indices 0 and 1
	 * of the buffer the caller gave */
	Run r;
	SuccBuf top = { 0 };
	expand_initial(&r, "byte x; active [2] proctype P() { x++ }", 0, 0, &top);
	cr_assert_eq(r.seen.stores, 2);
	cr_assert_eq(top.n, 2);
	cr_assert_eq(r.seen.top[0], 0);
	cr_assert_eq(r.seen.top[1], 1);
	cr_assert_eq(r.seen.np[0], 1);
	cr_assert_eq(r.seen.depth[1], 1);
	cr_assert_neq(r.seen.path[0][0].pid, r.seen.path[1][0].pid);
	succbuf_free(&top);
	done(&r);
}

Test(expand, stops_when_the_hook_says_so)
{
	Run r;
	expand_initial(&r, "byte x; active [3] proctype P() { x++ }", 0, 1, NULL);
	cr_assert_eq(r.seen.stores, 1, "one stored, then stopped (3 without the stop)");
	done(&r);
}

Test(expand, a_chain_that_comes_back_is_matched)
{
	/* x: 0 -> 1 (level 1) -> 0 (level 2) -> 1: the state of level 1
	 * again, so the chain stops there, nothing stored */
	Run r;
	expand_initial(&r, "byte x; active proctype P() { atomic { do :: x = 1 - x od } }", 0, 0, NULL);
	cr_assert_eq(r.seen.stores, 0);
	cr_assert_eq(r.x->matched, 1);
	cr_assert_eq(r.x->atomic_steps, 2);
	cr_assert_eq(r.seen.errors, 0);
	done(&r);
}

Test(expand, a_chain_longer_than_the_limit_is_a_bound_not_an_error)
{
	/* x counts up without end inside the sequence: no state repeats, so
	 * the chain limit stops it, EXPAND_MAXCHAIN moves in, as a resource
	 * bound (the model has no error there: SPIN follows the sequence) */
	Run r;
	expand_initial(&r, "int x; active proctype P() { atomic { do :: x++ od } }", 0, 0, NULL);
	cr_assert_eq(r.seen.stores, 0);
	cr_assert_eq(r.seen.errors, 0);
	cr_assert_eq(r.seen.bounds, 1);
	done(&r);
}

Test(expand, an_error_inside_the_chain_has_the_moves_to_it)
{
	/* the assertion is the sequence's second move: the error comes with
	 * both moves, and the chain goes on to its end (an assertion does not
	 * cut the move) */
	Run r;
	expand_initial(&r, "byte x; active proctype P() { atomic { x = 1; assert(x == 2); x = 3 } }", 0, 0, NULL);
	cr_assert_eq(r.seen.errors, 1);
	cr_assert_eq(r.seen.err_np[0], 2);
	cr_assert(strstr(r.seen.msg[0], "assert") != NULL, "message: %s", r.seen.msg[0]);
	cr_assert_eq(r.seen.stores, 1);
	cr_assert_eq(r.seen.np[0], 3);
	done(&r);
}

Test(expand, the_depth_bound_stops_inside_the_chain)
{
	/* -m2: the chain's state at depth 2 has a successor and is not
	 * expanded (its chain bookkeeping is done first, as for every chain
	 * state); nothing is stored and the cut is noted */
	Run r;
	expand_initial(&r, "byte x; active proctype P() { atomic { x = 1; x = 2; x = 3 } }", 2, 0, NULL);
	cr_assert_eq(r.seen.stores, 0);
	cr_assert_eq(r.x->depth_cut, 1);
	cr_assert_eq(r.x->atomic_steps, 2, "the chain's states at depths 1 and 2");
	done(&r);
}

Test(expand, a_blocked_sequence_loses_atomicity)
{
	/* blocked inside the sequence after one move: the process loses
	 * control there, so that state is one to store (SPIN's rule), not an
	 * error of the step */
	Run r;
	expand_initial(&r, "byte x; active proctype P() { atomic { x = 1; x == 2 } }", 0, 0, NULL);
	cr_assert_eq(r.seen.errors, 0);
	cr_assert_eq(r.seen.stores, 1);
	cr_assert_eq(r.seen.np[0], 1);
	cr_assert_eq(r.x->atomic_steps, 0);
	done(&r);
}

Test(expand, an_invalid_end_state)
{
	/* the process blocks at its first statement: no successors, not at
	 * its end */
	Run r;
	expand_initial(&r, "byte x; active proctype P() { x == 2 }", 0, 0, NULL);
	cr_assert_eq(r.seen.errors, 1);
	cr_assert_str_eq(r.seen.msg[0], "invalid end state");
	cr_assert_eq(r.seen.err_np[0], 0);
	cr_assert_eq(r.seen.stores, 0);
	done(&r);
}
