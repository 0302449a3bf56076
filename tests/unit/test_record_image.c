/* test_record_image.c — lang/check/layout.c's record images (issue 36): the bytes
 * a fresh instance of a typedef or class starts with, its fields'
 * initializers applied, and that instances get them.  The expected bytes
 * are worked out by hand from the state's encoding (lang/layout.h
 * layout_store: little-endian; bit and bool one byte holding the low bit;
 * `unsigned x : n` its low n bits). */
#include "unit_helpers.h"

static Model *compiled(const char *src)
{
	Diag diag = DIAG_INIT;
	capture_stderr_begin();
	Model *m = parse_string(&diag, "t.pml", src);
	if (diag.count == 0) check_model(&diag, m);
	if (diag.count == 0) compile_model(&diag, m);
	char *t = capture_stderr_end();
	cr_assert_eq(diag.count, 0, "unexpected errors for:\n%s\n%s", src, t);
	return m;
}

static Record *rec(Model *m, const char *name)
{
	for (int i = 0; i < m->nrecords; i++)
		if (!strcmp(m->records[i]->name, name)) return m->records[i];
	cr_assert_fail("no record %s", name);
	return NULL;
}

static int off(Record *r, const char *name)
{
	for (int i = 0; i < r->nfields; i++)
		if (!strcmp(r->fields[i]->name, name)) return r->fields[i]->offset;
	cr_assert_fail("no field %s in %s", name, r->name);
	return 0;
}

Test(record_image, values_stored_as_assignments_store_them)
{
	Model *m = compiled("typedef R { byte x = 3; short s = -2; unsigned u : 3 = 9; bool b = 2;"
		" bit t = 3; byte a[3] = 5; int i = 100000; byte z };\n"
		"R r; active proctype p() { skip }");
	Record *r = rec(m, "R");
	const uint8_t *im = r->image;
	cr_assert_not_null(im);
	cr_expect_eq(im[off(r, "x")], 3);
	cr_expect_eq(im[off(r, "s")], 0xFE);       /* -2 as int16 */
	cr_expect_eq(im[off(r, "s") + 1], 0xFF);
	cr_expect_eq(im[off(r, "u")], 1);          /* 9 mod 8 */
	cr_expect_eq(im[off(r, "b")], 0);          /* bool 2 -> 0, as pan's bit field */
	cr_expect_eq(im[off(r, "t")], 1);
	for (int k = 0; k < 3; k++) cr_expect_eq(im[off(r, "a") + k], 5, "a[%d]", k);
	cr_expect_eq(im[off(r, "i")], 0xA0);       /* 100000 = 0x000186A0 */
	cr_expect_eq(im[off(r, "i") + 1], 0x86);
	cr_expect_eq(im[off(r, "i") + 2], 0x01);
	cr_expect_eq(im[off(r, "i") + 3], 0x00);
	cr_expect_eq(im[off(r, "z")], 0);
}

Test(record_image, all_zero_needs_no_image)
{
	Model *m = compiled("typedef R { byte x; byte y = 0; bool b = false }; R r; active proctype p() { skip }");
	cr_expect_null(rec(m, "R")->image, "an all-zero instance is left to the memset");
}

Test(record_image, nested_records_and_arrays_of_them)
{
	Model *m = compiled("mtype = { lo, hi };\n"
		"typedef In { byte v = 4; mtype q = lo };\n"
		"typedef Out { byte k = 1; In one; In two[2]; byte w };\n"
		"Out o; active proctype p() { skip }");
	Record *in = rec(m, "In"), *out = rec(m, "Out");
	cr_assert_not_null(out->image);
	int q = 2;   /* mtype values count from the last name: hi = 1, lo = 2 */
	cr_expect_eq(out->image[off(out, "k")], 1);
	cr_expect_eq(out->image[off(out, "one") + off(in, "v")], 4);
	cr_expect_eq(out->image[off(out, "one") + off(in, "q")], q);
	for (int k = 0; k < 2; k++) {
		int base = off(out, "two") + k * in->size;
		cr_expect_eq(out->image[base + off(in, "v")], 4, "two[%d].v", k);
		cr_expect_eq(out->image[base + off(in, "q")], q, "two[%d].q", k);
	}
	cr_expect_eq(out->image[off(out, "w")], 0);
}

/* A reference field can only start null; a field whose initializer is
 * not a constant is an error, not a field silently zero */
Test(record_image, initializers_that_cannot_be_taken)
{
	char *text;
	cr_expect_geq(front_errors("class A { byte x = 3; A next = 7 } active proctype p() { A l = new A }", &text), 1);
	cr_expect_eq(front_errors("class A { byte x = 3; A next = null } active proctype p() { A l = new A }", &text), 0, "%s", text);
	cr_expect_geq(front_errors("byte y; typedef R { byte x = 1 + 2 * 3; byte z = y } R r; active proctype p() { skip }", &text), 1);
}

/* every instance gets the image: the assertions fail where a field starts
 * zero.  One process, no choice: the states are the initial one, one per
 * step and the one after the process dies (hand count in each test). */
Test(record_image, instances_start_with_it)
{
	/* global, array element, local, new object (with its channel), call frame:
	 * steps new, send, receive (v), assert x4, call, its assert, return, die */
	SearchResult r = run_model(
		"typedef R { byte x = 3; byte a[2] = 7 };\n"
		"class C { R r; byte k = 2; chan c = [1] of { byte }; C next }\n"
		"R g; R ga[2];\n"
		"byte f() { R fr; assert(fr.x == 3 && fr.a[1] == 7); return fr.a[0] }\n"
		"active proctype p() {\n"
		"  R l; C o; byte v;\n"
		"  o = new C;\n"
		"  o.c!o.r.x; o.c?v;\n"
		"  assert(g.x == 3 && g.a[1] == 7); assert(ga[1].x == 3 && ga[0].a[0] == 7);\n"
		"  assert(l.a[1] == 7 && v == 3); assert(o.k == 2 && o.next == null && o.r.a[1] == 7);\n"
		"  v = f(); assert(v == 7)\n"
		"}\n");
	/* 1 initial + new, send, receive, 4 asserts, call, f's assert, return
	 * (assigning v), assert, death = 13 */
	expect_counts(r, 13, 0);
}
