/* test_checker.c — lang/check/check.c and its passes (and compile.c's own checks): name
 * resolution, channel use, run arity, constant sizes, data layout. */
#include "unit_helpers.h"

static void expect_check_error(const char *src, const char *needle)
{
	char *text;
	int n = front_errors(src, &text);
	cr_expect_geq(n, 1, "expected an error for:\n%s", src);
	if (needle) cr_expect_not_null(strstr(text, needle), "expected '%s' in the diagnostics:\n%s", needle, text);
}

static void expect_check_ok(const char *src)
{
	char *text;
	int n = front_errors(src, &text);
	cr_expect_eq(n, 0, "unexpected errors for:\n%s\n%s", src, text);
}

Test(checker, undeclared_names)
{
	expect_check_error("active proctype p() { x = 1 }", "undeclared name 'x'");
	expect_check_error("byte x; active proctype p() { x = y + 1 }", "undeclared name 'y'");
	expect_check_error("active proctype p() { assert(zz) }", "'zz'");
	/* a local of another proctype is not visible */
	expect_check_error("proctype q() { byte loc; loc = 1 } active proctype p() { loc = 2 }", "'loc'");
	/* position of the diagnostic: line 2, column 12 */
	expect_check_error("byte x;\ninit { x = nope }\n", "t.pml:2:12: error: undeclared name 'nope'");
}

Test(checker, names_resolve_to_locals_first)
{
	Diag diag = DIAG_INIT;
	capture_stderr_begin();
	Model *m = parse_string(&diag, "t.pml", "byte x; active proctype p() { byte x; x = 1 }");
	check_model(&diag, m);
	(void)capture_stderr_end();
	cr_assert_eq(diag.count, 0);
	Stmt *body = m->ptypes[0]->body;
	Stmt *s = body->body[body->nbody - 1];
	cr_assert_eq(s->k, S_ASSIGN);
	cr_assert_eq(s->lhs->k, E_VAR);
	cr_expect_eq(s->lhs->var->scope, SC_LOCAL, "x must resolve to the local, not the global");
}

Test(checker, mtype_names_are_constants)
{
	Diag diag = DIAG_INIT;
	capture_stderr_begin();
	Model *m = parse_string(&diag, "t.pml", "mtype = { a, b }; mtype v; active proctype p() { v = a }");
	check_model(&diag, m);
	(void)capture_stderr_end();
	cr_assert_eq(diag.count, 0);
	Stmt *s = m->ptypes[0]->body->body[0];
	cr_assert_eq(s->rhs->k, E_CONST);
	cr_expect_eq(s->rhs->val, 2);   /* names of one declaration are numbered in reverse */
}

Test(checker, non_channel_used_as_channel)
{
	expect_check_error("byte x; active proctype p() { x!1 }", "'x' is not a channel");
	expect_check_error("byte x, v; active proctype p() { x?v }", "'x' is not a channel");
	expect_check_error("byte x; active proctype p() { len(x) > 0 }", "'x' is not a channel");
	expect_check_error("byte x; active proctype p() { empty(x) }", "'x' is not a channel");
	expect_check_error("byte x; active proctype p() { x?[1] }", "'x' is not a channel");
	expect_check_ok("chan c = [1] of { byte }; byte v; active proctype p() { c!1; c?v; len(c) == 0 }");
}

Test(checker, run_arity_and_target)
{
	expect_check_error("proctype P(byte a; byte b) { skip } init { run P(1) }",
	                   "proctype 'P' expects 2 argument(s), got 1");
	expect_check_error("proctype P() { skip } init { run P(1, 2) }",
	                   "proctype 'P' expects 0 argument(s), got 2");
	expect_check_error("init { run Nope() }", "unknown proctype 'Nope'");
	expect_check_ok("proctype P(byte a; byte b) { skip } init { run P(1, 2) }");
	expect_check_ok("proctype P(byte a, b) { skip } init { run P(1, 2) }");
}

Test(checker, lvalues_and_arrays)
{
	expect_check_error("byte x; active proctype p() { x[1] = 0 }", "'x' is not an array");
	expect_check_error("byte x; active proctype p() { (x + 1) = 0 }", NULL);
	expect_check_error("byte n; byte a[n]; init { skip }", "must be a constant");
	expect_check_error("byte a[0]; init { skip }", "out of range");
	expect_check_ok("byte a[3]; active proctype p() { a[2] = a[0] }");
}

Test(checker, records)
{
	expect_check_error("typedef T { byte f }; T t; active proctype p() { t.g = 1 }", "no field 'g'");
	expect_check_error("byte x; active proctype p() { x.f = 1 }", "is not a record");
	expect_check_ok("typedef T { byte f; short g[2] }; T t; active proctype p() { t.g[1] = t.f }");
}

Test(checker, channel_capacity)
{
	expect_check_error("chan c = [300] of { byte }; init { skip }", "capacity");
	expect_check_ok("chan c = [1 + 2] of { byte }; init { skip }");
}

Test(checker, no_process_at_all)
{
	expect_check_error("byte x;", "no proctype");
}

Test(checker, compile_time_errors)
{
	/* found by compile_model: labels and break */
	expect_check_error("active proctype p() { goto nowhere }", "undefined label 'nowhere'");
	expect_check_error("active proctype p() { L: skip; L: skip }", "label 'L' defined twice");
	expect_check_error("active proctype p() { break }", "'break' outside a do loop");
	expect_check_error("byte x; active proctype p() { if :: else :: else fi }", "more than one 'else'");
	expect_check_error("active proctype p() { skip } active proctype q() { p@nolabel }", "no label 'nolabel'");
}

Test(checker, layout)
{
	Diag diag = DIAG_INIT;
	capture_stderr_begin();
	Model *m = parse_string(&diag, "t.pml",
		"byte a; short s; int i; bit b[3]; unsigned u : 12;\n"
		"typedef R { byte x; int y }; R r[2];\n"
		"active proctype p() { byte l1; int l2 }\n");
	check_model(&diag, m);
	(void)capture_stderr_end();
	cr_assert_eq(diag.count, 0);
	/* globals are laid out in declaration order, unpadded */
	int want_off[] = { 0, 1, 3, 7, 10, 12 };
	int want_size[] = { 1, 2, 4, 1, 2, 5 };
	for (int k = 0; k < 6; k++) {
		cr_expect_eq(m->globals[k]->offset, want_off[k], "%s at %d", m->globals[k]->name, m->globals[k]->offset);
		cr_expect_eq(m->globals[k]->elemsize, want_size[k], "%s size %d", m->globals[k]->name, m->globals[k]->elemsize);
	}
	cr_expect_eq(m->globsize, 22);
	cr_expect_eq(m->ptypes[0]->localsize, 5);
}

/* The front end keeps no state between models (issue 38): the same model
 * read, checked and compiled again, after another one, gets the same
 * layout, the same temporaries, the same atomic and unless ids, and the
 * same claim from its ltl formula. */
static Program *front_once(const char *src)
{
	Diag diag = DIAG_INIT;
	capture_stderr_begin();
	Model *m = parse_string(&diag, "t.pml", src);
	Program *p = NULL;
	if (diag.count == 0) check_model(&diag, m);
	if (diag.count == 0) p = compile_model(&diag, m);
	char *t = capture_stderr_end();
	cr_assert_eq(diag.count, 0, "front-end errors:\n%s\n%s", src, t);
	return p;
}

Test(checker, front_end_runs_twice_alike)
{
	const char *src =
		"typedef R { byte a; int b }; R r; chan c = [2] of { R };\n"
		"function f(byte x) : byte { return x + 1 }\n"
		"active proctype p() { byte y; atomic { y = f(y) && f(2) }; { y++ } unless { y > 3 }; c!r }\n"
		"ltl q { [](r.a < 5) }\n";
	const char *other =
		"byte z; active proctype o() { atomic { z = 1 }; atomic { z = 2 } unless { z > 7 } }\n";
	Program *a = front_once(src);
	(void)front_once(other);
	Program *b = front_once(src);
	cr_assert_eq(a->ntrans, b->ntrans);
	cr_expect_eq(a->m->globsize, b->m->globsize);
	cr_expect_eq(a->m->ptypes[0]->localsize, b->m->ptypes[0]->localsize);
	cr_expect_eq(a->m->ptypes[0]->nlocals, b->m->ptypes[0]->nlocals);
	for (int i = 0; i < a->ntrans; i++) {
		cr_expect_eq(a->trans[i]->atomic_id, b->trans[i]->atomic_id, "transition %d", i);
		cr_expect_eq(a->trans[i]->esc_id, b->trans[i]->esc_id, "transition %d", i);
	}
	LtlClaim c1 = ltl_translate("[](r.a < 5) && <>(y > 2)", 1);
	(void)ltl_translate("p U (q || <>[]s)", 0);
	LtlClaim c2 = ltl_translate("[](r.a < 5) && <>(y > 2)", 1);
	cr_assert_not_null(c1.text);
	cr_expect_str_eq(c1.text, c2.text);
	cr_expect_eq(c1.nuses, c2.nuses);
}
