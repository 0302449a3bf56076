/* test_next.c — the next-state interface is reentrant: two different
 * models, each with its own layer stack and worker context, explored in
 * one process with their expansions interleaved state by state, give each
 * its own count: the same as a search of that model alone.  A file-scope
 * buffer or counter shared by the two would mix them up. */
#include "unit_helpers.h"
#include "../../reduce/reduce.h"
#include "../../reduce/por.h"

typedef struct Explorer {
	VM vm;
	Ctx *c;
	Store st;
	SuccBuf sb;
	size_t next;        /* next record of the store to expand */
} Explorer;

static void load(Explorer *e, const char *src, int heap, int proc)
{
	memset(e, 0, sizeof *e);
	Program *prog = compile_ok(src);
	e->vm.prog = prog;
	e->vm.m = prog->m;
	e->vm.out = stdout;
	ProcSym *ps = proc ? procsym_analyze(&e->vm, heap) : NULL;
	StackSpec sp = { .heap_canonical = heap, .ps = ps };
	e->c = ns_ctx_new(stack_build(&e->vm, &sp), &e->vm);
	cr_assert_not_null(e->c);
	store_init(&e->st, 0);
	e->st.indexed = 1;
	cr_assert_eq(ns_initial(e->c, &e->sb), 1);
	size_t idx;
	store_insert(&e->st, e->sb.v[0].b, e->sb.v[0].len, state_hash(e->sb.v[0].b, e->sb.v[0].len), &idx);
}

/* expand one stored state (breadth-first, atomic sequences ignored: these
 * models have none); 0 when there is none left */
static int step(Explorer *e)
{
	if (e->next >= e->st.nrec)
		return 0;
	int len;
	const uint8_t *b = store_get(&e->st, e->next++, &len);
	uint8_t copy[MAXSTATE];
	memcpy(copy, b, (size_t)len);
	SState ss = { copy, len, NULL, 0, -1 };
	int n = ns_next_all(e->c, &ss, &e->sb);
	for (int i = 0; i < n; i++) {
		size_t idx;
		store_insert(&e->st, e->sb.v[i].b, e->sb.v[i].len, state_hash(e->sb.v[i].b, e->sb.v[i].len), &idx);
	}
	return 1;
}

static void done(Explorer *e)
{
	ns_ctx_free(e->c);
	store_free(&e->st);
	succbuf_free(&e->sb);
}

/* the count of a search of the model alone (search_run, BFS) */
static uint64_t alone(const char *src, int heap)
{
	Explorer e;
	load(&e, src, heap, 0);
	while (step(&e))
		;
	uint64_t n = e.st.nrec;
	done(&e);
	return n;
}

static const char *PETERSON =
	"bool flag[2]; byte turn; byte in;\n"
	"active [2] proctype p() {\n"
	"  do :: flag[_pid] = 1; turn = 1 - _pid;\n"
	"        (flag[1 - _pid] == 0 || turn == _pid);\n"
	"        in++; assert(in == 1); in--;\n"
	"        flag[_pid] = 0\n"
	"  od }\n";

static const char *STACK =
	"class Node { byte v; Node next }\n"
	"Node top; bool lock;\n"
	"proctype pusher(byte v) {\n"
	"  Node n = new Node; n.v = v;\n"
	"  atomic { !lock -> lock = 1 };\n"
	"  n.next = top; top = n; lock = 0\n"
	"}\n"
	"init { run pusher(1); run pusher(2) }\n";

Test(next, two_models_interleaved_keep_their_own_counts)
{
	uint64_t pa = alone(PETERSON, 0), sa = alone(STACK, 1);
	cr_assert_gt(pa, 10);
	cr_assert_gt(sa, 10);
	Explorer a, b;
	load(&a, PETERSON, 0, 0);
	load(&b, STACK, 1, 0);
	int more = 1;
	while (more)
		more = step(&a) | step(&b);
	cr_assert_eq(a.st.nrec, pa, "peterson interleaved %zu, alone %llu", a.st.nrec, (unsigned long long)pa);
	cr_assert_eq(b.st.nrec, sa, "stack interleaved %zu, alone %llu", b.st.nrec, (unsigned long long)sa);
	done(&a);
	done(&b);
}

/* the interface's count agrees with the search's: the explorer above and
 * search_run (-sym=none, no reduction, BFS) store the same states for a
 * model without atomic sequences */
Test(next, explorer_agrees_with_search)
{
	SearchResult r = run_model_opts(PETERSON, (RunOpts){ 0, 1, 0 });
	cr_assert_eq(r.stored, alone(PETERSON, 0));
}

/* the heap layer's statistics are per worker: two contexts over one
 * stack count separately */
Test(next, statistics_are_per_context)
{
	Explorer a, b;
	load(&a, STACK, 1, 0);
	load(&b, STACK, 1, 0);
	while (step(&a))
		;
	cr_assert_gt(a.c->stats.max_objects, 0);
	cr_assert_eq(b.c->stats.max_objects, 0);
	done(&a);
	done(&b);
}
