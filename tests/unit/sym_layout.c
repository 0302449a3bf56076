/* sym_layout.c — the symbolic search's fixed layout (search/sym/
 * sym_layout.h) is an exact inverse pair on every reachable state: each
 * state a plain search stores is encoded, decoded, and must come back
 * byte for byte; two different states never share an encoding (that
 * follows), absent cells are all zero, and states that do not fit are
 * refused with their reason, not truncated. */
#include "unit_helpers.h"
#include "../../search/sym/sym_layout.h"

typedef struct Trip {
	SymLayout l;
	Model *m;
	long states, grown;
	int failed;
	char why[200];
} Trip;

static void roundtrip(void *ctx, const uint8_t *b, int len)
{
	Trip *t = ctx;
	static uint8_t fixed[MAXSTATE * 4], back[MAXSTATE];
	int r;
	while ((r = sym_encode(&t->l, b, len, fixed)) == SYM_MORE_PROCS || r == SYM_MORE_CHANS) {
		/* grow as the search will: one cell more of the kind that ran out */
		sym_layout_init(&t->l, t->m, t->l.pmax + (r == SYM_MORE_PROCS), t->l.kmax + (r == SYM_MORE_CHANS));
		t->grown++;
	}
	t->states++;
	if (t->failed)
		return;
	if (r != SYM_FITS) {
		t->failed = 1;
		snprintf(t->why, sizeof t->why, "refused (%d) a state of a model that fits", r);
		return;
	}
	/* cells past the last process and channel are all zero */
	for (int p = b[0]; p < t->l.pmax; p++)
		for (int i = 0; i < t->l.pcell; i++)
			if (fixed[sym_pcell(&t->l, p) + i]) {
				t->failed = 1;
				snprintf(t->why, sizeof t->why, "absent process cell %d not zero", p);
				return;
			}
	int n = sym_decode(&t->l, fixed, back);
	if (n != len || memcmp(back, b, (size_t)len)) {
		t->failed = 1;
		snprintf(t->why, sizeof t->why, "state %ld: %d bytes came back as %d (or differ)", t->states, len, n);
	}
}

/* every state of the model (src, or the file at path) round-trips; the
 * number of states stored */
static long check_model_trips(const char *src, const char *path)
{
	Program *prog = compile_ok_from(path, src);
	Model *m = prog->m;
	VM vm;
	memset(&vm, 0, sizeof vm);
	vm.prog = prog;
	vm.m = m;
	vm.out = fopen("/dev/null", "w");
	Trip t;
	memset(&t, 0, sizeof t);
	t.m = m;
	sym_layout_init(&t.l, m, 1, 0);
	SearchOpts so;
	memset(&so, 0, sizeof so);
	so.kind = SEARCH_BFS;
	so.keep_going = 1;
	so.quiet = 1;
	so.on_store = roundtrip;
	so.on_store_ctx = &t;
	StackSpec sp = { .heap_canonical = 0 };
	so.stack = stack_build(&vm, &sp);
	SearchResult r;
	search_run(&vm, &so, &r);
	fclose(vm.out);
	cr_assert_eq(t.failed, 0, "%s: %s", path ? path : src, t.why);
	cr_assert_eq((uint64_t)t.states, r.stored);
	return t.states;
}

Test(sym_layout, processes_start_and_die_and_channels_move)
{
	/* two proctypes of different local sizes, started by run and dying,
	 * and a channel made by a process: its bytes move in the state when
	 * the processes before it come and go, not in the fixed vector */
	long n = check_model_trips(
		"chan g = [2] of { byte, int };\n"
		"proctype A(byte k) { int big[3]; big[k] = k; g!k,big[k] }\n"
		"proctype B() { chan mine = [1] of { bit }; byte v; int w; mine!1; mine?_; g?v,w }\n"
		"init { atomic { run A(1); run B() }; run A(2); run B(); (_nr_pr == 1) }\n", NULL);
	cr_assert_gt(n, 20, "the model has more than a handful of states (%ld)", n);
}

Test(sym_layout, corpus_models)
{
	const char *files[] = { "tests/models/spin/pftp.pml", "tests/models/spin/leader.pml", "tests/models/spin/sort.pml",
		"tests/models/spin/snoopy.pml", "tests/models/spin/dtp.pml" };
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		char path[512];
		snprintf(path, sizeof path, "%s/%s", DSPIN_SOURCE_DIR, files[i]);
		FILE *f = fopen(path, "r");
		if (!f)
			continue;          /* (the list names models the corpus may drop) */
		fclose(f);
		cr_assert_gt(check_model_trips(NULL, path), 0);
	}
}

Test(sym_layout, refuses_what_does_not_fit)
{
	Program *prog = compile_ok("typedef R { byte x }; class C { byte y };\n"
				   "byte r; int f(int a) { return a + 1 }\n"
				   "active proctype P() { C c; r = f(2); c = new C }\n");
	Model *m = prog->m;
	VM vm;
	memset(&vm, 0, sizeof vm);
	vm.prog = prog;
	vm.m = m;
	vm.out = stdout;
	State s;
	uint8_t buf[MAXSTATE], fixed[MAXSTATE];
	s.b = buf;
	vm_initial(&vm, &s, buf);
	SymLayout l;
	int r0;
	sym_layout_init(&l, m, 0, 0);
	r0 = sym_encode(&l, buf, s.len, fixed);
	cr_assert_eq(r0, SYM_MORE_PROCS, "no cell for the process (%d; nproc %d nslot %d)", r0, buf[0], buf[2]);
	sym_layout_init(&l, m, 1, 0);
	cr_assert_eq(sym_encode(&l, buf, s.len, fixed), SYM_FITS);
	/* a heap slot and a call frame, written into the state by hand */
	uint8_t h[MAXSTATE];
	memcpy(h, buf, (size_t)s.len);
	h[2] = 1;
	cr_assert_eq(sym_encode(&l, h, s.len, fixed), SYM_HEAP);
	memcpy(h, buf, (size_t)s.len);
	h[GOFF + m->globsize + 3] = 1;
	cr_assert_eq(sym_encode(&l, h, s.len, fixed), SYM_CALL_FRAME);
}
