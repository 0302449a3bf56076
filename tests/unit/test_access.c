/* test_access.c — lang/access.c: a remote reference, enabled(), _last,
 * _nr_pr... in every place an expression can stand lands in the access
 * set of the transition that evaluates it, and the reductions built on
 * the sets (POR classes, process symmetry) see it. */
#include "unit_helpers.h"
#include "../../lang/access.h"
#include "../../reduce/por.h"
#include "../../reduce/reduce.h"

static Program *compile_src(const char *src)
{
	Diag diag = DIAG_INIT;
	capture_stderr_begin();
	Model *m = parse_string(&diag, "t.pml", src);
	if (diag.count == 0)
		check_model(&diag, m);
	Program *p = diag.count == 0 ? compile_model(&diag, m) : NULL;
	char *text = capture_stderr_end();
	cr_assert_eq(diag.count, 0, "front-end errors for:\n%s\n%s", src, text);
	return p;
}

static Proctype *find_code(const Model *m, const char *name)
{
	for (int i = 0; i < m->nptypes; i++)
		if (!strcmp(m->ptypes[i]->name, name))
			return m->ptypes[i];
	for (int i = 0; i < m->nfuncs; i++)
		if (!strcmp(m->funcs[i]->name, name))
			return m->funcs[i];
	if (m->never && !strcmp(name, "never"))
		return m->never;
	cr_assert_fail("no proctype or function '%s'", name);
	return NULL;
}

/* does t's statement fit the description: its text contains `text`, or
 * "d_step", or "=" for any assignment (inline expansions have no text) */
static int matches(const Trans *t, const char *text)
{
	if (!strcmp(text, "d_step"))
		return t->st->k == S_DSTEP;
	if (!strcmp(text, "="))
		return t->st->k == S_ASSIGN;
	return t->st->text && strstr(t->st->text, text);
}

/* the first transition of `owner` that matches `text` ("escape:" before
 * the text: an unless escape's copy) */
static const Trans *find_trans(const Program *p, const char *owner, const char *text)
{
	const Proctype *pt = find_code(p->m, owner);
	int escape = !strncmp(text, "escape:", 7);
	if (escape)
		text += 7;
	for (int i = 0; i < p->ntrans; i++) {
		const Trans *t = p->trans[i];
		if (t->owner != pt || !t->st || (escape && !t->escape))
			continue;
		if (matches(t, text))
			return t;
	}
	char seen[2000] = "";
	for (int i = 0; i < p->ntrans; i++)
		if (p->trans[i]->owner == pt && p->trans[i]->st && p->trans[i]->st->text && strlen(seen) < 1800)
			strcat(strcat(seen, p->trans[i]->st->text), " | ");
	cr_assert_fail("no transition '%s' in %s: %s", text, owner, seen);
	return NULL;
}

static const Access *trans_set(const Program *p, const char *owner, const char *text)
{
	return p->access->trans[find_trans(p, owner, text)->id];
}

/* Build the model from a template with %s standing for the reference
 * (and %s again where the template needs it twice). */
static Program *model_with(const char *tmpl, const char *ref)
{
	char *src = xalloc(strlen(tmpl) + 4 * strlen(ref) + 1);
	sprintf(src, tmpl, ref, ref, ref, ref);
	return compile_src(src);
}

/* Q has a local y and a label L for P[0]:y and P[0]@L to name */
#define QDECL "active proctype Q() { byte y; L: y = 1; y = 2 }\n"

static const char *remote_refs[] = { "Q[0]:y", "Q[0]@L" };

/* ---- the visitor ---- */

typedef struct Seen { int n; Where where[16]; const char *scope[16]; } Seen;

static int note_remote(Visitor *v, Expr *e, Use use)
{
	(void)use;
	Seen *seen = v->ctx;
	if (e->k != E_REMOTE_VAR || seen->n == 16)
		return 0;
	seen->where[seen->n] = v->where;
	seen->scope[seen->n] = v->scope ? v->scope->name : "(globals)";
	seen->n++;
	return 0;
}

static int seen_at(const Seen *seen, Where where, const char *scope)
{
	for (int i = 0; i < seen->n; i++)
		if (seen->where[i] == where && !strcmp(seen->scope[i], scope))
			return 1;
	return 0;
}

Test(access, visitor_reaches_every_place)
{
	Program *p = compile_src(QDECL
		"byte g = Q[0]:y;\n"
		"byte f() { byte t = Q[0]:y; return Q[0]:y }\n"
		"active proctype P() provided (Q[0]:y < 9) { byte x = Q[0]:y; x = f() }\n"
		"never { do :: Q[0]:y == 7 -> break :: else od }\n");
	Seen seen = { 0 };
	Visitor v = { note_remote, &seen, NULL, IN_BODY };
	visit_model(&v, p->m);
	cr_expect_eq(seen.n, 6);
	cr_expect(seen_at(&seen, IN_GLOBAL_INIT, "(globals)"));
	cr_expect(seen_at(&seen, IN_LOCAL_INIT, "f"));
	cr_expect(seen_at(&seen, IN_BODY, "f"));
	cr_expect(seen_at(&seen, IN_PROVIDED, "P"));
	cr_expect(seen_at(&seen, IN_LOCAL_INIT, "P"));
	cr_expect(seen_at(&seen, IN_BODY, p->m->never->name));
}

/* ---- access sets ---- */

/* Every place an expression can stand: a model with %s there, and the
 * transition whose step evaluates it (its proctype or function, a piece
 * of its text). */
typedef struct Position { const char *name, *model, *owner, *text; } Position;

static const Position positions[] = {
	{ "local initialiser: evaluated by the run that creates P",
	  QDECL "active proctype R() { run P() }\nproctype P() { byte x = %s; assert(x != 1) }\n", "R", "run P()" },
	{ "run argument",
	  QDECL "active proctype R() { run P(%s) }\nproctype P(byte a) { skip }\n", "R", "run P(" },
	{ "provided clause: evaluated with every step of P",
	  QDECL "active proctype P() provided (%s) { byte x; x = 1; x = 2 }\n", "P", "x = 2" },
	{ "unless escape",
	  QDECL "active proctype P() { byte x; { x = 1; x = 2 } unless { %s -> x = 3 } }\n", "P", "escape:Q[0]" },
	{ "atomic body",
	  QDECL "active proctype P() { byte x; atomic { x = 1; x = %s } }\n", "P", "x = Q" },
	{ "d_step body: the d_step's one step",
	  QDECL "active proctype P() { byte x; d_step { x = 1; x = %s } }\n", "P", "d_step" },
	{ "inline expansion",
	  QDECL "inline rd(v) { v = %s }\nactive proctype P() { byte x; rd(x) }\n", "P", "=" },
	{ "function body",
	  QDECL "byte f() { return %s }\nactive proctype P() { byte x; x = f() }\n", "f", "return Q" },
	{ "method body",
	  QDECL "class C { byte k; byte get() { return k + %s } }\n"
	  "active proctype P() { C c; byte x; c = new C; x = c.get() }\n", "get", "return k" },
	{ "array index",
	  QDECL "active proctype P() { byte a[3]; a[%s] = 1 }\n", "P", "a[" },
	{ "send argument",
	  QDECL "chan c = [2] of { byte };\nactive proctype P() { c!%s }\n", "P", "c!" },
	{ "receive argument (eval)",
	  QDECL "chan c = [2] of { byte };\nactive proctype P() { c?eval(%s) }\n", "P", "c?" },
	{ "channel index",
	  QDECL "chan c[2] = [2] of { byte };\nactive proctype P() { c[%s]!1 }\n", "P", "c[" },
	{ "poll argument",
	  QDECL "chan c = [2] of { byte };\nactive proctype P() { c?[%s] }\n", "P", "c?[" },
	{ "for bound: the loop test",
	  QDECL "active proctype P() { byte i; for (i : 0 .. %s) { skip } }\n", "P", "for-test" },
	{ "if guard",
	  QDECL "active proctype P() { if :: %s -> skip :: else fi }\n", "P", "Q[0]" },
	{ "assert",
	  QDECL "active proctype P() { assert(%s != 7) }\n", "P", "assert" },
	{ "printf argument",
	  QDECL "active proctype P() { printf(\"%%d\", %s) }\n", "P", "printf" },
	{ "never claim",
	  QDECL "never { do :: %s -> break :: else od }\n", "never", "Q[0]" },
};

/* the row whose name starts with `name` */
static const Position *position(const char *name)
{
	for (unsigned i = 0; i < sizeof positions / sizeof *positions; i++)
		if (!strncmp(positions[i].name, name, strlen(name)))
			return &positions[i];
	cr_assert_fail("no position '%s'", name);
	return NULL;
}

Test(access, remote_reference_in_every_position)
{
	for (unsigned i = 0; i < sizeof positions / sizeof *positions; i++)
		for (int r = 0; r < 2; r++) {
			const Position *pos = &positions[i];
			Program *p = model_with(pos->model, remote_refs[r]);
			const Proctype *q = find_code(p->m, "Q");
			const Access *a = trans_set(p, pos->owner, pos->text);
			cr_expect(access_find(a, A_REMOTE, q), "%s, %s: %s:'%s' does not read Q", pos->name, remote_refs[r], pos->owner, pos->text);
			cr_expect(access_find(p->access->model, A_REMOTE, q), "%s, %s: the model does not read Q", pos->name, remote_refs[r]);
		}
}

Test(access, remote_in_local_initialiser)
{
	Program *p = model_with(position("local initialiser")->model, "Q[0]:y");
	const Access *own = p->access->own[find_code(p->m, "P")->index];
	cr_expect(access_find(own, A_REMOTE, find_code(p->m, "Q")), "P's summary does not read Q");
	/* the run does not touch P's locals as its own */
	cr_expect_not(access_find(trans_set(p, "R", "run P()"), A_LOCAL, NULL));
}

Test(access, remote_in_global_initialiser)
{
	Program *p = compile_src(QDECL "byte g = Q[0]:y;\n");
	cr_expect(access_find(p->access->globals, A_REMOTE, find_code(p->m, "Q")));
	cr_expect(access_find(p->access->model, A_REMOTE, find_code(p->m, "Q")));
}

Test(access, remote_in_function_reached_through_call)
{
	Program *p = compile_src(QDECL "byte f() { return Q[0]:y }\nactive proctype P() { byte x; x = f() }\n");
	const Proctype *q = find_code(p->m, "Q");
	const Proctype *P = find_code(p->m, "P");
	cr_expect(access_find(p->access->func[find_code(p->m, "f")->index], A_REMOTE, q));
	cr_expect(access_find(p->access->reach[P->index], A_REMOTE, q));
	cr_expect_not(access_find(p->access->own[P->index], A_REMOTE, q));
	cr_expect(access_find(trans_set(p, "P", "f()"), A_CALL, find_code(p->m, "f")));
}

Test(access, method_reads_its_object)
{
	Program *p = model_with(position("method body")->model, "Q[0]:y");
	cr_expect(access_find(p->access->reach[find_code(p->m, "P")->index], A_REMOTE, find_code(p->m, "Q")));
	cr_expect(access_find(trans_set(p, "get", "return k"), A_HEAP, NULL) & AM_READ);
}

Test(access, provided_clause_in_every_step)
{
	Program *p = model_with(position("provided clause")->model, "Q[0]:y");
	cr_expect(access_find(trans_set(p, "P", "x = 1"), A_REMOTE, find_code(p->m, "Q")));
}

Test(access, claim_summary)
{
	Program *p = model_with(position("never claim")->model, "Q[0]@L");
	cr_expect(access_find(p->access->claim, A_REMOTE, find_code(p->m, "Q")));
}

Test(access, observers_of_every_process)
{
	const char *where[] = {
		"active proctype P() { byte x; x = %s }\n",                             /* statement */
		"active proctype P() provided (%s >= 0) { byte x; x = 1 }\n",          /* provided */
		"active proctype P() { byte x; d_step { x = 1; x = %s } }\n",           /* d_step */
	};
	const char *obs[] = { "enabled(0)", "pc_value(0)", "_last" };
	for (unsigned w = 0; w < sizeof where / sizeof *where; w++)
		for (unsigned o = 0; o < sizeof obs / sizeof *obs; o++) {
			Program *p = model_with(where[w], obs[o]);
			const Access *a = p->access->own[find_code(p->m, "P")->index];
			cr_expect(access_find(a, A_ALLPROCS, NULL), "%s in:\n%s", obs[o], where[w]);
		}
}

Test(access, nr_pr_and_pid_in_local_initialiser)
{
	Program *p = compile_src(
		"active proctype R() { run P() }\n"
		"proctype P() { byte n = _nr_pr; byte me = _pid; skip }\n");
	const Access *run = trans_set(p, "R", "run P()");
	cr_expect(access_find(run, A_NRPR, NULL), "the run reads _nr_pr for P's initialiser");
	/* P's _pid is the new process's, not R's */
	cr_expect_not(access_find(run, A_PID, NULL));
	cr_expect(access_find(p->access->own[find_code(p->m, "P")->index], A_PID, NULL));
	cr_expect(access_find(run, A_RUN, find_code(p->m, "P")) == AM_WRITE, "the pid is not used");
}

Test(access, kinds_of_locations)
{
	Program *p = compile_src(
		"class N { byte k; N next }\n"
		"byte g; chan c = [1] of { byte };\n"
		"active proctype P() { N n; byte x; n = new N; n.next = n; x = n.k; g = x; c!x; c?x; x = len(c); x = run Q() }\n"
		"proctype Q() { skip }\n");
	cr_expect(access_find(trans_set(p, "P", "n = new"), A_NEW, NULL));
	cr_expect(trans_set(p, "P", "n = new")->writes_ref);
	cr_expect(access_find(trans_set(p, "P", "n.next"), A_HEAP, NULL) & AM_WRITE);
	cr_expect(access_find(trans_set(p, "P", "x = n.k"), A_HEAP, NULL) & AM_READ);
	cr_expect(access_find(trans_set(p, "P", "g = x"), A_GLOBAL, NULL) & AM_WRITE);
	cr_expect(access_find(trans_set(p, "P", "c!x"), A_CHAN, NULL) & AM_SEND);
	cr_expect(access_find(trans_set(p, "P", "c?x"), A_CHAN, NULL) & AM_RECV);
	cr_expect(access_find(trans_set(p, "P", "len(c)"), A_CHAN, NULL) & AM_TEST);
	cr_expect(access_find(trans_set(p, "P", "run Q"), A_RUN, find_code(p->m, "Q")) & AM_READ);
	cr_expect(access_private(trans_set(p, "Q", "skip")));
	cr_expect_not(access_private(trans_set(p, "P", "n = new")));
}

Test(access, heap_effect)
{
	Program *p = compile_src(
		"class N { byte k; N next }\n"
		"active proctype P() { N n; byte x; n = new N; x = 1; n.k = 2; n.next = null }\n");
	cr_expect(find_trans(p, "P", "n = new")->heap_effect);
	cr_expect_not(find_trans(p, "P", "x = 1")->heap_effect);
	cr_expect_not(find_trans(p, "P", "n.k = 2")->heap_effect);
	cr_expect(find_trans(p, "P", "n.next")->heap_effect);
}

/* ---- the reductions built on the sets ---- */

static VM vm_of(Program *p)
{
	VM vm;
	memset(&vm, 0, sizeof vm);
	vm.prog = p;
	vm.m = p->m;
	vm.out = stdout;
	return vm;
}

static int loc_class_of(const PorTable *t, const Program *p, const char *owner, const char *text)
{
	const Trans *tr = find_trans(p, owner, text);
	return por_loc_class(t, &tr->owner->code->locs[tr->from]);
}

static PorTable *table_of(Program *p, int mode)
{
	VM vm = vm_of(p);
	return por_table(&vm, mode, NULL);
}

/* issue 11: a remote read in P's local initialiser makes Q's moves visible */
Test(access, por_sees_remote_in_local_initialiser)
{
	Program *p = compile_src(
		"active proctype Q() { byte y; y = 1; y = 2; end: skip }\n"
		"active proctype R() { run P() }\n"
		"proctype P() { byte x = Q[0]:y; assert(x != 1) }\n");
	PorTable *t = table_of(p, POR_STATIC);
	cr_expect_eq(loc_class_of(t, p, "Q", "y = 1"), 0);
	cr_expect_eq(loc_class_of(t, p, "Q", "y = 2"), 0);
}

Test(access, por_classes)
{
	Program *p = compile_src(
		"byte g; chan c = [2] of { byte };\n"
		"active proctype P() { byte x; x = 1; g = x; c!x; x = 2 }\n");
	PorTable *t = table_of(p, POR_STATIC);
	int want[] = { POR_SAFE, 0, POR_SAFE | POR_CHAN, POR_SAFE };
	const char *at[] = { "x = 1", "g = x", "c!x", "x = 2" };
	for (int i = 0; i < 4; i++)
		cr_expect_eq(loc_class_of(t, p, "P", at[i]), want[i], "at %s", at[i]);
	cr_expect_eq(loc_class_of(table_of(p, POR_NONE), p, "P", "x = 1"), 0);
}

/* -por=si: allocations into and writes of own reference locals are safe;
 * field accesses are safe when the object is the mover's (decided in a
 * state: POR_OWNED); a global reference write never is */
Test(access, si_classes)
{
	Program *p = compile_src(
		"class C { byte v }\n"
		"C g;\n"
		"active proctype P() { C n; n = new C; n.v = 1; g = n }\n");
	PorTable *si = table_of(p, POR_SI), *st = table_of(p, POR_STATIC);
	cr_expect_eq(loc_class_of(si, p, "P", "n = new C"), POR_SAFE);
	cr_expect_eq(loc_class_of(st, p, "P", "n = new C"), 0);
	cr_expect_eq(loc_class_of(si, p, "P", "n.v = 1"), POR_SAFE | POR_OWNED);
	cr_expect_eq(loc_class_of(st, p, "P", "n.v = 1"), 0);
	cr_expect_eq(loc_class_of(si, p, "P", "g = n"), 0);
}

Test(access, procsym_sees_every_position)
{
	const char *models[] = {
		/* a remote reference in a local initialiser names Q */
		"active [2] proctype Q() { byte y; do :: y++ od }\n"
		"active proctype R() { byte x = Q[0]:y; do :: skip od }\n",
		/* a run's pid used in an expression tells P's instances apart */
		"active proctype R() { byte x; x = (run Q()) + 1; do :: skip od }\n"
		"proctype Q() { byte y; do :: y++ od }\n",
		/* _pid in a local initialiser */
		"active [2] proctype Q() { byte y = _pid; do :: y++ od }\n",
	};
	const char *why[] = { "is named by a remote reference", "has its run result stored", "reads _pid" };
	for (unsigned i = 0; i < sizeof models / sizeof *models; i++) {
		Program *p = compile_src(models[i]);
		VM vm = vm_of(p);
		ProcSym *ps = procsym_analyze(&vm, 0);
		int q = find_code(p->m, "Q")->index;
		cr_expect_not(ps->eligible[q], "Q eligible in:\n%s", models[i]);
		/* _pid: the reason goes on to name the use (reduce/procsym_pid.c) */
		cr_expect(ps->reason[q] && !strncmp(ps->reason[q], why[i], strlen(why[i])), "reason '%s' in:\n%s", ps->reason[q], models[i]);
	}
}

/* P[i]@L is resolved wherever it stands, not only in statements: in a
 * local initialiser it compared Q's pc with location 0 */
Test(access, remote_labels_resolved_everywhere)
{
	Program *p = compile_src(
		"active proctype Q() { byte y; y = 1; M: y = 2; end: false }\n"
		"active proctype R() provided (!Q[0]@M) { run P() }\n"
		"proctype P() { bool b = Q[0]@M; assert(!b) }\n");
	Proctype *q = find_code(p->m, "Q");
	int m = find_label(q, "M");
	cr_assert_gt(m, 0);
	Expr *init = find_code(p->m, "P")->locals[0]->init;
	cr_expect_eq(init->k, E_REMOTE_LABEL);
	cr_expect_eq(init->label_loc, m, "local initialiser: Q@M at %d, not %d", init->label_loc, m);
	Expr *prov = find_code(p->m, "R")->provided;
	cr_expect_eq(prov->a->label_loc, m, "provided clause: Q@M at %d, not %d", prov->a->label_loc, m);
}

/* reduce/procsym_pid.c folds an expression of _pid with the VM's 32-bit
 * arithmetic (lang/arith.h): `_pid + 2147483647 > 0` holds for pid 0 and
 * wraps to false for pid 1, so it is no constant and P, whose instances
 * then behave differently, is not symmetric.  Folded in 64 bits (issue
 * 37) it was true for both and P was taken as symmetric; so was the
 * same test written with a constant that does not wrap (the control). */
Test(access, pid_constant_folded_in_32_bits)
{
	const char *wraps =
		"byte n;\n"
		"active [2] proctype P() {\n"
		"  if :: atomic { n == 0 -> n = 1 } :: atomic { n == 1 -> n = 2 }; assert(_pid + 2147483647 > 0) fi;\n"
		"end: do :: n == 7 -> skip od }\n";
	const char *holds =
		"byte n;\n"
		"active [2] proctype P() {\n"
		"  if :: atomic { n == 0 -> n = 1 } :: atomic { n == 1 -> n = 2 }; assert(_pid + 2147483 > 0) fi;\n"
		"end: do :: n == 7 -> skip od }\n";
	Program *p = compile_src(wraps);
	VM vm = vm_of(p);
	ProcSym *ps = procsym_analyze(&vm, 0);
	int q = find_code(p->m, "P")->index;
	cr_expect_not(ps->eligible[q], "P eligible although _pid + 2147483647 > 0 differs between pid 0 and 1");
	p = compile_src(holds);
	vm = vm_of(p);
	ps = procsym_analyze(&vm, 0);
	q = find_code(p->m, "P")->index;
	cr_expect(ps->eligible[q], "P left out: %s", ps->reason[q] ? ps->reason[q] : "?");
}
