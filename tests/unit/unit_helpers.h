/* unit_helpers.h — shared helpers for the Criterion unit tests.
 *
 * Included by tests/unit/test_*.c (header only; tests/CMakeLists.txt globs
 * the .c files).  Everything is static so each test file gets its own copy.
 *
 *  - Boehm GC is initialised by a constructor, before Criterion runs any
 *    suite (the front end allocates everything with GC_MALLOC).
 *  - each helper hands the front end a fresh diagnostics sink (a Diag,
 *    lang/diag.h) and reads its count: nothing carries over between tests.
 *  - capture_stderr_* swaps the stdio `stderr` stream for a temporary file
 *    so a test can look at the diagnostics' text (file:line:col: error: ...).
 *  - run_model runs the whole pipeline parse_string -> check_model ->
 *    compile_model -> search_run on a model given as a string.
 */
#ifndef DSPIN_UNIT_HELPERS_H
#define DSPIN_UNIT_HELPERS_H
#include "../../lang/ast.h"
#include "../../lang/parse/lexer.h"
#include "../../lang/code.h"
#include "../../vm/vm.h"
#include "../../search/search.h"
#include "../../reduce/reduce.h"
#include <criterion/criterion.h>
#include <gc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define UNIT_FN static __attribute__((unused))

__attribute__((constructor)) static void unit_gc_init(void) { GC_INIT(); }

/* ---- stderr capture ---- */

static FILE *unit_saved_stderr;
static FILE *unit_capture;

UNIT_FN void capture_stderr_begin(void)
{
	fflush(stderr);
	unit_capture = tmpfile();
	cr_assert_not_null(unit_capture, "tmpfile() failed");
	unit_saved_stderr = stderr;
	stderr = unit_capture;
}

/* Returns the captured text (GC-allocated, NUL-terminated). */
UNIT_FN char *capture_stderr_end(void)
{
	fflush(unit_capture);
	stderr = unit_saved_stderr;
	long n = ftell(unit_capture);
	rewind(unit_capture);
	char *buf = xalloc((size_t)(n > 0 ? n : 0) + 1);
	size_t got = n > 0 ? fread(buf, 1, (size_t)n, unit_capture) : 0;
	buf[got] = 0;
	fclose(unit_capture);
	unit_capture = NULL;
	return buf;
}

/* ---- front end ---- */

/* Parse `src`; *nerr receives the number of diagnostics it produced. */
UNIT_FN Model *parse_count(const char *src, int *nerr)
{
	Diag diag = DIAG_INIT;
	capture_stderr_begin();
	Model *m = parse_string(&diag, "t.pml", src);
	(void)capture_stderr_end();
	*nerr = diag.count;
	return m;
}

/* Parse and check `src`; returns the number of errors from both phases and
 * (optionally) the diagnostics' text. */
UNIT_FN int front_errors(const char *src, char **text)
{
	Diag diag = DIAG_INIT;
	capture_stderr_begin();
	Model *m = parse_string(&diag, "t.pml", src);
	if (diag.count == 0) check_model(&diag, m);
	if (diag.count == 0) compile_model(&diag, m);
	char *t = capture_stderr_end();
	if (text) *text = t;
	return diag.count;
}

/* Parse a snippet that must be valid (and check it). */
UNIT_FN Model *parse_ok(const char *src)
{
	Diag diag = DIAG_INIT;
	capture_stderr_begin();
	Model *m = parse_string(&diag, "t.pml", src);
	char *t = capture_stderr_end();
	cr_assert_eq(diag.count, 0, "unexpected parse errors for:\n%s\n%s", src, t);
	return m;
}

/* Parse, check and compile a model that must be valid: the file at path,
 * or src when path is NULL.  The Program (its m is the Model). */
UNIT_FN Program *compile_ok_from(const char *path, const char *src)
{
	Diag diag = DIAG_INIT;
	capture_stderr_begin();
	Model *m = path ? parse_file(&diag, path, NULL, 0) : parse_string(&diag, "t.pml", src);
	if (m && diag.count == 0) check_model(&diag, m);
	Program *prog = m && diag.count == 0 ? compile_model(&diag, m) : NULL;
	char *t = capture_stderr_end();
	cr_assert_eq(diag.count, 0, "front-end errors in %s:\n%s", path ? path : src, t);
	cr_assert_not_null(prog);
	return prog;
}

UNIT_FN Program *compile_ok(const char *src) { return compile_ok_from(NULL, src); }

/* ---- full pipeline ---- */

typedef struct RunOpts { int keep_going, bfs; long max_depth; } RunOpts;

UNIT_FN SearchResult run_model_opts(const char *src, RunOpts ro)
{
	Program *prog = compile_ok(src);
	VM vm; memset(&vm, 0, sizeof vm);
	vm.prog = prog; vm.m = prog->m; vm.out = stdout;
	SearchOpts so; memset(&so, 0, sizeof so);
	so.keep_going = ro.keep_going;
	so.kind = ro.bfs ? SEARCH_BFS : SEARCH_DFS;
	so.max_depth = ro.max_depth;
	so.quiet = 1;
	so.progress = 0;
	StackSpec sp = { .heap_canonical = 0 };
	so.stack = stack_build(&vm, &sp);
	so.trail_path = NULL;
	SearchResult r;
	search_run(&vm, &so, &r);
	return r;
}

/* -e search (count all errors), as SPIN's pan -c0 */
UNIT_FN SearchResult run_model(const char *src)
{
	RunOpts ro = { 1, 0, 0 };
	return run_model_opts(src, ro);
}

#define expect_counts(r, nstored, nerrors) do { \
	cr_expect_eq((r).stored, (uint64_t)(nstored), "states stored: expected %llu, got %llu", \
		(unsigned long long)(nstored), (unsigned long long)(r).stored); \
	cr_expect_eq((r).errors, (nerrors), "errors: expected %d, got %d", (nerrors), (r).errors); \
} while (0)

#endif
