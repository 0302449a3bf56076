/* test_types.c — the VM's defence behind the type checker (vm/state.c
 * vm_obj_as): a field is read or written only in an object of the class
 * that declares it.  The checker (lang/check/types.c) leaves no well-typed way
 * to get a B into an A variable, so the test makes one: it checks a
 * well-typed model, then swaps the `null` of `a = null` for `b` before
 * compiling, as a hole in the checker would.  Hand: the one path
 * allocates a B, then writes a.w2 (past the B's one byte): that write
 * must be a run-time error, not a write outside the object. */
#include "unit_helpers.h"

static Stmt *find_assign_null(Stmt *s)
{
	if (!s) return NULL;
	if (s->k == S_ASSIGN && s->rhs && s->rhs->k == E_NULL) return s;
	for (int i = 0; i < s->nbody; i++) {
		Stmt *f = find_assign_null(s->body[i]);
		if (f) return f;
	}
	return NULL;
}

Test(types, dereference_checks_the_class)
{
	const char *src =
		"class A { byte x; byte w1; byte w2 }\n"
		"class B { byte y }\n"
		"A a; B b;\n"
		"active proctype p() { b = new B; a = null; a.w2 = 9 }\n";
	Diag diag = DIAG_INIT;
	capture_stderr_begin();
	Model *m = parse_string(&diag, "t.pml", src);
	if (diag.count == 0) check_model(&diag, m);
	char *t = capture_stderr_end();
	cr_assert_eq(diag.count, 0, "front-end errors:\n%s", t);
	Stmt *as = find_assign_null(m->ptypes[0]->body);
	cr_assert_not_null(as);
	Expr *bref = NEW(Expr);
	bref->k = E_VAR; bref->pos = as->rhs->pos; bref->type = TY_REF;
	for (int i = 0; i < m->nglobals; i++)
		if (!strcmp(m->globals[i]->name, "b")) bref->var = m->globals[i];
	cr_assert_not_null(bref->var);
	as->rhs = bref;
	Program *prog = compile_model(&diag, m);
	VM vm; memset(&vm, 0, sizeof vm);
	vm.prog = prog; vm.m = m; vm.out = stdout;
	SearchOpts so; memset(&so, 0, sizeof so);
	so.keep_going = 1;
	so.quiet = 1;
	StackSpec sp = { .heap_canonical = 0 };
	so.stack = stack_build(&vm, &sp);
	SearchResult r;
	search_run(&vm, &so, &r);
	cr_expect_eq(r.errors, 1);
	cr_expect(strstr(r.first_error, "is to a B object, used as a A") != NULL, "first error: %s", r.first_error);
}
