/* test_parser.c — lang/parse/parser.c: AST shapes of valid snippets, errors on
 * invalid ones, and error recovery (several errors in one file). */
#include "unit_helpers.h"

static Proctype *ptype(Model *m, const char *name)
{
	for (int i = 0; i < m->nptypes; i++)
		if (!strcmp(m->ptypes[i]->name, name)) return m->ptypes[i];
	cr_assert_fail("no proctype '%s'", name);
	return NULL;
}

/* the statements of a body, skipping empty S_SEQ left by declarations */
static Stmt *nth_stmt(Stmt *body, int k)
{
	cr_assert_eq(body->k, S_SEQ);
	for (int i = 0; i < body->nbody; i++) {
		Stmt *s = body->body[i];
		if (s->k == S_SEQ && s->nbody == 0 && !s->is_block) continue;
		if (k-- == 0) return s;
	}
	cr_assert_fail("body has too few statements");
	return NULL;
}

Test(parser, globals_and_types)
{
	Model *m = parse_ok(
		"byte a, b = 3; bit f; bool g; short s[4]; int i; unsigned u : 5;\n"
		"chan c = [2] of { byte, mtype };\n"
		"mtype = { red, green, blue };\n"
		"active proctype p() { skip }\n");
	cr_assert_eq(m->nglobals, 8);
	const char *names[] = { "a", "b", "f", "g", "s", "i", "u", "c" };
	TypeKind kinds[] = { TY_BYTE, TY_BYTE, TY_BIT, TY_BOOL, TY_SHORT, TY_INT, TY_UNSIGNED, TY_CHAN };
	for (int i = 0; i < 8; i++) {
		cr_expect_str_eq(m->globals[i]->name, names[i]);
		cr_expect_eq(m->globals[i]->kind, kinds[i], "global %s has kind %d", names[i], m->globals[i]->kind);
		cr_expect_eq(m->globals[i]->scope, SC_GLOBAL);
	}
	cr_expect_null(m->globals[0]->init);
	cr_assert_not_null(m->globals[1]->init);
	cr_expect_eq(m->globals[1]->init->k, E_CONST);
	cr_expect_eq(m->globals[1]->init->val, 3);
	cr_assert_not_null(m->globals[4]->arrlen_expr);
	cr_expect_eq(m->globals[6]->bits, 5);
	ChanSpec *cs = m->globals[7]->chan;
	cr_assert_not_null(cs);
	cr_expect_eq(cs->nfields, 2);
	cr_expect_eq(cs->ftypes[0], TY_BYTE);
	cr_expect_eq(cs->ftypes[1], TY_MTYPE);
	cr_expect_eq(m->nmtypes, 3);
	/* SPIN numbers the names of one mtype declaration in reverse order */
	cr_expect_str_eq(m->mtypes[1], "blue");
	cr_expect_str_eq(m->mtypes[3], "red");
}

Test(parser, proctypes_init_active)
{
	Model *m = parse_ok(
		"proctype P(byte x; bit y) { skip }\n"
		"active [3] proctype Q() { skip }\n"
		"init { run P(1, 0) }\n");
	cr_assert_eq(m->nptypes, 3);
	Proctype *p = ptype(m, "P"), *q = ptype(m, "Q"), *in = ptype(m, ":init:");
	cr_expect_eq(p->active, 0);
	cr_expect_eq(p->nparams, 2);
	cr_expect_str_eq(p->params[0]->name, "x");
	cr_expect_eq(p->params[1]->kind, TY_BIT);
	cr_expect(p->params[0]->is_param);
	cr_expect_eq(q->active, 1);
	cr_assert_not_null(q->active_expr);
	cr_expect_eq(q->active_expr->val, 3);
	cr_expect(in->is_init);
	cr_expect_eq(in->active, 1);
	Stmt *r = nth_stmt(in->body, 0);
	cr_assert_eq(r->k, S_EXPR);
	cr_assert_eq(r->rhs->k, E_RUN);
	cr_expect_str_eq(r->rhs->name, "P");
	cr_expect_eq(r->rhs->nargs, 2);
	/* check_model evaluates the active count */
	Diag diag = DIAG_INIT;
	check_model(&diag, m);
	cr_expect_eq(diag.count, 0);
	cr_expect_eq(q->active, 3);
}

Test(parser, expression_precedence)
{
	Model *m = parse_ok("byte x; active proctype p() { x = 1 + 2 * 3 - 4; x = (1 + 2) * 3; x = -x + !x }");
	Proctype *p = ptype(m, "p");
	/* 1 + 2 * 3 - 4  ==  (1 + (2 * 3)) - 4 */
	Stmt *s = nth_stmt(p->body, 0);
	cr_assert_eq(s->k, S_ASSIGN);
	cr_expect_eq(s->lhs->k, E_NAME);
	cr_expect_str_eq(s->lhs->name, "x");
	Expr *e = s->rhs;
	cr_assert_eq(e->k, E_BIN); cr_expect_eq(e->op, OP_SUB);
	cr_assert_eq(e->a->k, E_BIN); cr_expect_eq(e->a->op, OP_ADD);
	cr_expect_eq(e->a->a->val, 1);
	cr_assert_eq(e->a->b->k, E_BIN); cr_expect_eq(e->a->b->op, OP_MUL);
	cr_expect_eq(e->b->val, 4);
	/* (1 + 2) * 3 */
	e = nth_stmt(p->body, 1)->rhs;
	cr_assert_eq(e->k, E_BIN); cr_expect_eq(e->op, OP_MUL);
	cr_assert_eq(e->a->k, E_BIN); cr_expect_eq(e->a->op, OP_ADD);
	/* -x + !x: unary binds tighter */
	e = nth_stmt(p->body, 2)->rhs;
	cr_assert_eq(e->k, E_BIN); cr_expect_eq(e->op, OP_ADD);
	cr_expect_eq(e->a->k, E_UN); cr_expect_eq(e->a->op, OP_NEG);
	cr_expect_eq(e->b->k, E_UN); cr_expect_eq(e->b->op, OP_NOT);
}

Test(parser, logical_and_comparison_precedence)
{
	Model *m = parse_ok("byte x, y; active proctype p() { x < 1 || y == 2 && x != y }");
	Expr *e = nth_stmt(ptype(m, "p")->body, 0)->rhs;
	/* || lowest, then &&, then comparisons */
	cr_assert_eq(e->k, E_BIN); cr_expect_eq(e->op, OP_OR);
	cr_expect_eq(e->a->op, OP_LT);
	cr_assert_eq(e->b->k, E_BIN); cr_expect_eq(e->b->op, OP_AND);
	cr_expect_eq(e->b->a->op, OP_EQ);
	cr_expect_eq(e->b->b->op, OP_NE);
}

Test(parser, conditional_expression)
{
	Model *m = parse_ok("byte x; active proctype p() { x = (x > 0 -> 1 : 2) }");
	Expr *e = nth_stmt(ptype(m, "p")->body, 0)->rhs;
	cr_assert_eq(e->k, E_COND);
	cr_expect_eq(e->a->op, OP_GT);
	cr_expect_eq(e->b->val, 1);
	cr_expect_eq(e->c->val, 2);
}

Test(parser, if_do_options_and_else)
{
	Model *m = parse_ok(
		"byte x;\n"
		"active proctype p() {\n"
		"  if :: x == 0 -> x = 1 :: x == 1 -> x = 2; x = 3 :: else fi;\n"
		"  do :: x > 0 -> x-- :: else -> break od\n"
		"}\n");
	Proctype *p = ptype(m, "p");
	Stmt *s = nth_stmt(p->body, 0);
	cr_assert_eq(s->k, S_IF);
	cr_assert_eq(s->nopts, 3);
	cr_expect_eq(s->optlen[0], 2);
	cr_expect_eq(s->optlen[1], 3);
	cr_expect_eq(s->optlen[2], 1);
	cr_expect_eq(s->opts[0][0]->k, S_EXPR);
	cr_expect_eq(s->opts[0][1]->k, S_ASSIGN);
	cr_expect_eq(s->opts[2][0]->k, S_ELSE);
	Stmt *d = nth_stmt(p->body, 1);
	cr_assert_eq(d->k, S_DO);
	cr_assert_eq(d->nopts, 2);
	cr_expect_eq(d->opts[0][1]->k, S_DECR);
	cr_expect_eq(d->opts[1][1]->k, S_BREAK);
}

Test(parser, atomic_dstep_unless_label_goto)
{
	Model *m = parse_ok(
		"byte x;\n"
		"active proctype p() {\n"
		"  atomic { x = 1; x = 2 };\n"
		"  d_step { x++ };\n"
		"  { x = 5 } unless { x == 7 };\n"
		"L: x = 0; goto L\n"
		"}\n");
	Proctype *p = ptype(m, "p");
	Stmt *a = nth_stmt(p->body, 0);
	cr_assert_eq(a->k, S_ATOMIC);
	cr_expect_eq(a->nbody, 2);
	Stmt *d = nth_stmt(p->body, 1);
	cr_assert_eq(d->k, S_DSTEP);
	cr_expect_eq(d->nbody, 1);
	cr_expect_eq(d->body[0]->k, S_INCR);
	Stmt *u = nth_stmt(p->body, 2);
	cr_assert_eq(u->k, S_UNLESS);
	cr_expect_eq(u->sub->k, S_SEQ);
	cr_expect(u->sub->is_block);
	cr_expect_eq(u->esc->k, S_SEQ);
	Stmt *l = nth_stmt(p->body, 3);
	cr_assert_eq(l->k, S_LABEL);
	cr_expect_str_eq(l->label, "L");
	cr_expect_eq(l->sub->k, S_ASSIGN);
	Stmt *g = nth_stmt(p->body, 4);
	cr_assert_eq(g->k, S_GOTO);
	cr_expect_str_eq(g->label, "L");
}

Test(parser, channel_operations)
{
	Model *m = parse_ok(
		"mtype = { msg };\n"
		"chan c = [1] of { mtype, byte };\n"
		"byte v;\n"
		"active proctype p() { c!msg,3; c!!msg(4); c?msg,v; c??_,v; c?<msg,v>; c?[msg,v] -> skip; c?eval(v),_ }\n");
	Proctype *p = ptype(m, "p");
	Stmt *s = nth_stmt(p->body, 0);
	cr_assert_eq(s->k, S_SEND);
	cr_expect_eq(s->nargs, 2);
	cr_expect_not(s->sorted);
	s = nth_stmt(p->body, 1);
	cr_assert_eq(s->k, S_SEND);
	cr_expect(s->sorted);
	cr_expect_eq(s->nargs, 2, "msg(4) is the same as msg,4");
	s = nth_stmt(p->body, 2);
	cr_assert_eq(s->k, S_RECV);
	cr_expect_not(s->random);
	cr_expect_eq(s->nargs, 2);
	s = nth_stmt(p->body, 3);
	cr_assert_eq(s->k, S_RECV);
	cr_expect(s->random);
	cr_expect_eq(s->args[0]->k, E_UNDERSCORE);
	s = nth_stmt(p->body, 4);
	cr_assert_eq(s->k, S_RECV);
	cr_expect(s->copy);
	s = nth_stmt(p->body, 5);
	cr_assert_eq(s->k, S_EXPR);
	cr_assert_eq(s->rhs->k, E_POLL);
	cr_expect_eq(s->rhs->nargs, 2);
	s = nth_stmt(p->body, 7);
	cr_assert_eq(s->k, S_RECV);
	cr_expect_eq(s->args[0]->k, E_EVAL);
}

Test(parser, typedef_and_fields)
{
	Model *m = parse_ok(
		"typedef R { byte a; short b[2] };\n"
		"R r;\n"
		"active proctype p() { r.b[1] = r.a }\n");
	cr_assert_eq(m->nrecords, 1);
	cr_expect_str_eq(m->records[0]->name, "R");
	cr_expect_eq(m->records[0]->nfields, 2);
	cr_assert_eq(m->nglobals, 1);
	cr_expect_eq(m->globals[0]->kind, TY_RECORD);
	cr_expect_eq(m->globals[0]->rec, m->records[0]);
	Stmt *s = nth_stmt(ptype(m, "p")->body, 0);
	cr_assert_eq(s->k, S_ASSIGN);
	cr_assert_eq(s->lhs->k, E_FIELD);
	cr_expect_str_eq(s->lhs->name, "b");
	cr_expect_not_null(s->lhs->a);   /* the index */
	cr_expect_eq(s->lhs->b->k, E_NAME);
}

Test(parser, inline_is_expanded_at_call)
{
	Model *m = parse_ok(
		"byte x;\n"
		"inline setx(v) { x = v; x++ }\n"
		"active proctype p() { setx(4) }\n");
	cr_assert_eq(m->ninlines, 1);
	cr_expect_eq(m->inlines[0]->nparams, 1);
	Stmt *s = nth_stmt(ptype(m, "p")->body, 0);
	/* the call becomes the inline's { } body with v replaced by 4 */
	cr_assert_eq(s->k, S_SEQ);
	cr_assert_eq(s->nbody, 2);
	cr_assert_eq(s->body[0]->k, S_ASSIGN);
	cr_expect_eq(s->body[0]->rhs->k, E_CONST);
	cr_expect_eq(s->body[0]->rhs->val, 4);
	cr_expect_eq(s->body[1]->k, S_INCR);
}

Test(parser, local_declarations)
{
	Model *m = parse_ok("active proctype p() { byte a = 1; chan c = [0] of { bit }; a = 2; byte late = 7; late++ }");
	Proctype *p = ptype(m, "p");
	cr_assert_eq(p->nlocals, 3);
	cr_expect_str_eq(p->locals[0]->name, "a");
	cr_expect_eq(p->locals[0]->scope, SC_LOCAL);
	cr_expect_not_null(p->locals[0]->init);
	cr_expect_not_null(p->locals[1]->chan);
	/* a declaration after the first statement initialises by a step */
	cr_expect_null(p->locals[2]->init);
	Stmt *s = nth_stmt(p->body, 1);
	cr_assert_eq(s->k, S_SEQ);
	cr_assert_eq(s->nbody, 1);
	cr_expect_eq(s->body[0]->k, S_ASSIGN);
	cr_expect_eq(s->body[0]->rhs->val, 7);
}

Test(parser, statement_text_for_trails)
{
	Model *m = parse_ok("byte x; active proctype p() { assert(x  ==\n 0); x = x +\t1 }");
	Proctype *p = ptype(m, "p");
	cr_expect_str_eq(nth_stmt(p->body, 0)->text, "assert(x == 0)");
	cr_expect_str_eq(nth_stmt(p->body, 1)->text, "x = x + 1");
}

Test(parser, separators_are_interchangeable)
{
	int e1, e2;
	Model *a = parse_count("byte x; active proctype p() { x = 1; x = 2 -> x = 3 }", &e1);
	Model *b = parse_count("byte x; active proctype p() { x = 1 -> x = 2; x = 3; }", &e2);
	cr_expect_eq(e1, 0);
	cr_expect_eq(e2, 0);
	cr_expect_eq(a->ptypes[0]->body->nbody, 3);
	cr_expect_eq(b->ptypes[0]->body->nbody, 3);
}

/* ---- errors ---- */

static void expect_parse_error(const char *src)
{
	int e;
	parse_count(src, &e);
	cr_expect_geq(e, 1, "expected a parse error for:\n%s", src);
}

Test(parser, invalid_snippets)
{
	expect_parse_error("active proctype p() { x = ; }");
	expect_parse_error("active proctype p() { if :: skip }");          /* missing fi */
	expect_parse_error("active proctype p() { do skip od }");          /* missing :: */
	expect_parse_error("active proctype p( { skip }");
	expect_parse_error("active proctype { skip }");
	expect_parse_error("proctype p() { skip ");                         /* missing } */
	expect_parse_error("byte 3x;");
	expect_parse_error("chan c = [2] { byte }; init { skip }");
	expect_parse_error("active proctype p() { printf(x) }");           /* format must be a string */
	expect_parse_error("active proctype p() { goto }");
	expect_parse_error("active proctype p() { c!_ }");                 /* '_' in a send */
	expect_parse_error("unsigned u : 40; init { skip }");
	expect_parse_error("init { skip } init { skip }");
	expect_parse_error("active proctype p() { skip } proctype p() { skip }");
	expect_parse_error("} init { skip }");
	/* `foo(1)` with no function foo parses as `foo; (1)` (SPIN accepts
	 * statements without separators); the checker rejects the unknown name. */
	expect_parse_error("active proctype p() { c_code { x++; } }");
}

Test(parser, error_position_and_message)
{
	char *text;
	int n = front_errors("byte x;\nactive proctype p() {\n  x = 1;\n  x = * 2\n}\n", &text);
	cr_expect_eq(n, 1);
	cr_expect_not_null(strstr(text, "t.pml:4:7: error:"), "diagnostic was: %s", text);
}

Test(parser, several_errors_all_reported)
{
	const char *src =
		"byte x;\n"
		"proctype A() { x = ; x = 1 }\n"           /* line 2 */
		"proctype B() { if :: x == 1 fi; x = }\n"  /* line 3 */
		"proctype C() { x++ }\n"
		"init { run A(); x = (1 + ; run C() }\n";  /* line 5 */
	char *text;
	int n = front_errors(src, &text);
	cr_expect_geq(n, 3, "only %d error(s) reported:\n%s", n, text);
	cr_expect_not_null(strstr(text, "t.pml:2:"), "no error on line 2:\n%s", text);
	cr_expect_not_null(strstr(text, "t.pml:3:"), "no error on line 3:\n%s", text);
	cr_expect_not_null(strstr(text, "t.pml:5:"), "no error on line 5:\n%s", text);
}

Test(parser, recovery_keeps_later_units)
{
	int e;
	Model *m = parse_count(
		"byte x;\n"
		"proctype A() { x = = 1 }\n"
		"proctype B() { x = 2 }\n"
		"init { run B() }\n", &e);
	cr_expect_eq(e, 1);
	int found_b = 0, found_init = 0;
	for (int i = 0; i < m->nptypes; i++) {
		if (!strcmp(m->ptypes[i]->name, "B")) found_b = 1;
		if (m->ptypes[i]->is_init) found_init = 1;
	}
	cr_expect(found_b, "proctype B after the error was lost");
	cr_expect(found_init, "init after the error was lost");
}

Test(parser, deep_nesting_is_an_error_not_a_crash)
{
	/* 2000 nested parentheses: the parser must stop with an error */
	size_t n = 2000;
	char *src = xalloc(n * 2 + 100);
	strcpy(src, "byte x; active proctype p() { x = ");
	size_t k = strlen(src);
	for (size_t i = 0; i < n; i++) src[k++] = '(';
	src[k++] = '1';
	for (size_t i = 0; i < n; i++) src[k++] = ')';
	strcpy(src + k, " }");
	int e;
	parse_count(src, &e);
	cr_expect_geq(e, 1);
}
