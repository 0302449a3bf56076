/* test_guard.c — the compiled guards (vm/guard.c) against the tree
 * interpreter they stand for: on every state a model reaches, every
 * transition with a compiled guard gives the value vm_eval gives, for
 * each process running its proctype.  The model's guards take every
 * shape the compiler takes (&& chains, !v, v OP c, c OP v, nested || and
 * arithmetic, array elements, locals, short, int, unsigned bit-fields,
 * mtypes) and some it leaves to the tree (a variable index). */
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
	"  :: u != 7 && 1 < u -> u = 7\n"
	"  :: i >= 2 -> break\n"
	"  od\n"
	"}\n";

Test(guard, compiled_guards_agree_with_the_tree)
{
	int before = diag_count;
	capture_stderr_begin();
	Model *m = parse_string("t.pml", MODEL);
	if (diag_count == before) check_model(m);
	Program *prog = diag_count == before ? compile_model(m) : NULL;
	char *t = capture_stderr_end();
	cr_assert_eq(diag_count, before, "front-end errors:\n%s", t);
	VM vm = { .prog = prog, .m = m, .out = stdout };
	StackSpec sp = { 0 };
	Ctx *c = ns_ctx_new(stack_build(&vm, &sp), &vm);   /* compiles the guards */
	cr_assert_not_null(c);
	int compiled = 0;
	for (int k = 0; k < prog->ntrans; k++)
		compiled += prog->trans[k]->guard != NULL;
	cr_assert_geq(compiled, 8, "only %d guards compiled", compiled);

	Store st;
	SuccBuf sb = { 0 };
	store_init(&st, 0);
	st.indexed = 1;
	cr_assert_eq(ns_initial(c, &sb), 1);
	size_t idx;
	store_insert(&st, sb.v[0].b, sb.v[0].len, state_hash(sb.v[0].b, sb.v[0].len), &idx);
	long checked = 0, held = 0;
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
				cr_assert_eq(x.err, 0);
				cr_assert_eq(flat, tree, "guard '%s' of pid %d: compiled %d, tree %d", tr->st->text, pid, flat, tree);
				checked++;
				held += tree;
			}
		SState ss = { copy, len, NULL, 0, -1 };
		int n = ns_next_all(c, &ss, &sb);
		for (int i = 0; i < n; i++)
			store_insert(&st, sb.v[i].b, sb.v[i].len, state_hash(sb.v[i].b, sb.v[i].len), &idx);
	}
	cr_assert_gt(held, 0);
	cr_assert_gt(checked - held, 0);
	cr_assert_gt(st.nrec, 100, "only %zu states", st.nrec);
	store_free(&st);
	succbuf_free(&sb);
	ns_ctx_free(c);
}
