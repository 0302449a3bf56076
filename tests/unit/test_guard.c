/* test_guard.c — the compiled guards (vm/guard.c) against the tree
 * interpreter they stand for: on every state a model reaches, every
 * transition with a compiled guard gives the value vm_eval gives, for
 * each process running its proctype.  The model's guards take every
 * shape the compiler takes (&& chains, !v, v OP c, c OP v, v OP _pid,
 * nested || and arithmetic, array elements, variable indices, locals,
 * short, int, unsigned bit-fields, mtypes).  A variable index out of
 * bounds makes the compiled code give up (-1) where the tree raises an
 * error, or not, when its short circuit never reaches it: the test
 * counts both.  The assignments compiled into Trans.act write what the
 * tree writes, with values that overflow their type (u++ and u-- on a
 * 3-bit field, k-- on a byte, j * 2, s++), and raise the tree's error
 * when an index is out of bounds (a[k + 2] = _pid). */
#include "unit_helpers.h"
#include "../../reduce/reduce.h"

static const char *MODEL =
	"mtype = { red, green };\n"
	"byte a[4]; short s = -3; int i; unsigned u : 3; bool f; mtype m = red;\n"
	"active [2] proctype P() {\n"
	"  byte k; int j = -5;\n"
	"  do\n"
	"  :: a[0] < 3 && !f -> a[0]++\n"
	"  :: a[1] == 0 && a[0] > 1 -> a[1] = 2; f = !f\n"
	"  :: i < 4 && (s + 2 < i || u == 7) -> s++; i = i + 1\n"
	"  :: (u << 1) >= 4 && (j & 3) != 0 && j > -40 -> u++; j = j * 2\n"
	"  :: 2 > k && ~k != 0 && -j > 0 -> k++; j = -j\n"
	"  :: m == red && (a[2] ^ a[3]) == 0 -> m = green; a[2] = 1\n"
	"  :: a[k] == 0 && k < 3 -> a[k] = 1\n"
	"  :: f && a[3] < 250 -> a[3] = a[3] + 100; s = s - 20000; f = 0\n"
	"  :: u != 7 && 1 < u -> u = 7\n"
	"  :: s > -6 && i == 3 -> s--; u--; k--\n"
	"  :: i >= 2 -> break\n"
	"  od\n"
	"}\n";

/* variable indices, in bounds and out (n and x reach 3, b's length, and
 * beyond; the last option's guard fails only past its short circuit),
 * and _pid */
static const char *INDEXED =
	"byte b[3]; byte n;\n"
	"active [2] proctype Q() {\n"
	"  byte x;\n"
	"  do\n"
	"  :: n < 4 -> n++\n"
	"  :: b[n] < 2 && x != _pid -> b[n]++\n"
	"  :: x < 4 -> x++\n"
	"  :: _pid == x -> b[x + 1] = _pid + 1\n"
	"  :: b[x] > 0 && n > 1 -> b[x]--; b[n - 1] = b[x]\n"
	"  :: n == 3 || b[n] == 1 -> n = 0\n"
	"  od\n"
	"}\n";

static void check_guards(const char *model, int min_compiled, int min_acts, int bounds)
{
	Diag diag = DIAG_INIT;
	capture_stderr_begin();
	Model *m = parse_string(&diag, "t.pml", model);
	if (diag.count == 0) check_model(&diag, m);
	Program *prog = diag.count == 0 ? compile_model(&diag, m) : NULL;
	char *t = capture_stderr_end();
	cr_assert_eq(diag.count, 0, "front-end errors:\n%s", t);
	VM vm = { .prog = prog, .m = m, .out = stdout };
	StackSpec sp = { 0 };
	Ctx *c = ns_ctx_new(stack_build(&vm, &sp), &vm);   /* compiles the guards */
	cr_assert_not_null(c);
	int compiled = 0;
	int nact = 0;
	for (int k = 0; k < prog->ntrans; k++) {
		compiled += prog->trans[k]->guard != NULL;
		nact += prog->trans[k]->act != NULL;
	}
	cr_assert_geq(compiled, min_compiled, "only %d guards compiled", compiled);
	cr_assert_geq(nact, min_acts, "only %d assignments compiled", nact);

	Store st;
	SuccBuf sb = { 0 };
	store_init(&st, 0);
	st.indexed = 1;
	cr_assert_eq(ns_initial(c, &sb), 1);
	size_t idx;
	store_insert(&st, sb.v[0].b, sb.v[0].len, state_hash(sb.v[0].b, sb.v[0].len), &idx);
	long checked = 0, held = 0, acts = 0, quicks = 0, gaveup = 0, acterr = 0;
	for (size_t next = 0; next < st.nrec && next < 20000; next++) {
		int len;
		const uint8_t *b = store_get(&st, next, &len);
		uint8_t copy[MAXSTATE];
		memcpy(copy, b, (size_t)len);
		State s;
		s.b = copy;
		sv_index(m, &s);
		for (int pid = 0; pid < s.nproc; pid++)
			for (int k = 0; k < prog->ntrans; k++) {
				const Trans *tr = prog->trans[k];
				if (!tr->guard || tr->owner != sv_proc(&vm, &s, pid))
					continue;
				Exec x;
				exec_init(&x, &vm, &s, pid);
				int flat = guard_enabled(&x, tr->guard);
				int tree = vm_eval(&x, tr->st->rhs) != 0;
				if (flat < 0) {
					/* an index out of bounds: the tree decides */
					cr_assert(guard_can_fail(tr->guard), "guard '%s' of pid %d gave up", tr->st->text, pid);
					/* executed, it raises the tree's error, if any */
					uint8_t b3[MAXSTATE];
					memcpy(b3, copy, (size_t)len);
					State s3 = s;
					s3.b = b3;
					Exec x3;
					exec_init(&x3, &vm, &s3, pid);
					vm_execute(&x3, tr);
					cr_assert_eq(x3.err, x.err, "guard '%s' of pid %d executed: error %d, tree %d", tr->st->text, pid, x3.err, x.err);
					gaveup++;
					continue;
				}
				cr_assert_eq(x.err, 0, "guard '%s' of pid %d: compiled %d, the tree failed", tr->st->text, pid, flat);
				cr_assert_eq(flat, tree, "guard '%s' of pid %d: compiled %d, tree %d", tr->st->text, pid, flat, tree);
				int quick = guard_quick(&s, pid, tr->guard);
				if (quick >= 0) {
					cr_assert_eq(quick, tree, "guard '%s' of pid %d: quick %d, tree %d", tr->st->text, pid, quick, tree);
					quicks++;
				}
				checked++;
				held += tree;
			}
		/* compiled assignments (Trans.act) write what the tree writes */
		for (int pid = 0; pid < s.nproc; pid++)
			for (int k = 0; k < prog->ntrans; k++) {
				Trans *tr = prog->trans[k];
				if (!tr->act || tr->owner != sv_proc(&vm, &s, pid))
					continue;
				uint8_t b1[MAXSTATE], b2[MAXSTATE];
				State s1 = s, s2 = s;
				memcpy(b1, copy, (size_t)len);
				memcpy(b2, copy, (size_t)len);
				s1.b = b1;
				s2.b = b2;
				Exec x1, x2;
				exec_init(&x1, &vm, &s1, pid);
				vm_execute(&x1, tr);
				const Guard *act = tr->act;
				tr->act = NULL;
				exec_init(&x2, &vm, &s2, pid);
				vm_execute(&x2, tr);
				tr->act = act;
				cr_assert_eq(x1.err, x2.err, "assignment '%s' of pid %d: error %d, tree %d", tr->st->text, pid, x1.err, x2.err);
				cr_assert(!memcmp(b1, b2, (size_t)len), "assignment '%s' of pid %d: compiled and tree differ", tr->st->text, pid);
				acts++;
				acterr += x1.err != 0;
			}
		SState ss = { copy, len, NULL, 0, -1 };
		int n = ns_next_all(c, &ss, &sb);
		for (int i = 0; i < n; i++)
			store_insert(&st, sb.v[i].b, sb.v[i].len, state_hash(sb.v[i].b, sb.v[i].len), &idx);
	}
	cr_assert_gt(held, 0);
	if (bounds) {
		cr_assert_gt(gaveup, 0);
		cr_assert_gt(acterr, 0);
	}
	cr_assert_gt(acts, 100);
	cr_assert_gt(quicks, 100);
	cr_assert_gt(checked - held, 0);
	cr_assert_gt(st.nrec, 100, "only %zu states", st.nrec);
	store_free(&st);
	succbuf_free(&sb);
	ns_ctx_free(c);
}

Test(guard, compiled_guards_agree_with_the_tree)
{
	check_guards(MODEL, 8, 10, 0);
}

Test(guard, variable_indices_and_pid)
{
	check_guards(INDEXED, 5, 6, 1);
}
