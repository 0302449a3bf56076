/* test_semantics.c — interpreter semantics through the whole pipeline:
 * parse_string -> check_model -> compile_model -> search_run.
 *
 * Every expected count below was obtained independently of dspin:
 *  - "hand:" counts are explained state by state in the comment;
 *  - "SPIN:" counts come from SPIN 6.5.2, `spin -o1 -o2 -o3 -a`, pan built
 *    with -DNOREDUCE -DSAFETY and run with -c0 (tests/tools/spinstates), on
 *    the exact model text of the test.
 * All searches are run like `dspin -sym=none -por=none -e` (count all
 * errors), which is what pan -c0 does.
 */
#include "unit_helpers.h"

/* ---- straight-line code, process death ---- */

Test(semantics, straight_line)
{
	/* hand: 4 states.  s0 (pc at x=1), s1 after x = 1, s2 after x = 2 (the
	 * process at its closing brace), s3 after the process died (no process
	 * left).  No invalid end state: s3 has no process.  (SPIN: 4, 0.) */
	SearchResult r = run_model(
		"byte x;\n"
		"active proctype p() { x = 1; x = 2 }\n");
	expect_counts(r, 4, 0);
	cr_expect_eq(r.depth, 3);
}

Test(semantics, death_order_only_last_process_dies)
{
	/* hand: 3 states.  init runs P (pid 1) and Q (pid 2) inside atomic, so
	 * the state between the two runs is not stored.  s0 initial; s1 after
	 * the atomic (init at the guard, P at skip, Q at `false`); s2 after P's
	 * skip.  P is at its end but may not die while Q (created after it)
	 * is alive, so _nr_pr stays 3, the guard never holds and the
	 * assertion is unreachable.  s2 is a valid end state: every process
	 * is at an end label or its end.  (SPIN: 3 states, 0 errors.) */
	SearchResult r = run_model(
		"proctype P() { skip }\n"
		"proctype Q() { end: false }\n"
		"init { atomic { run P(); run Q() }; end: _nr_pr <= 2 -> assert(false) }\n");
	expect_counts(r, 3, 0);
}

Test(semantics, death_order_reverse_creation)
{
	/* SPIN: 12 states, 0 errors */
	SearchResult r = run_model(
		"byte n;\n"
		"proctype P() { n++ }\n"
		"init { run P(); run P() }\n");
	expect_counts(r, 12, 0);
}

Test(semantics, death_then_assertion)
{
	/* SPIN: 24 states, 5 errors (pan -c0) */
	SearchResult r = run_model(
		"proctype P() { skip }\n"
		"proctype Q() { skip }\n"
		"init { run P(); run Q(); _nr_pr <= 2 -> assert(false) }\n");
	expect_counts(r, 24, 5);
}

/* ---- atomic ---- */

Test(semantics, atomic_intermediate_states_not_stored)
{
	/* SPIN: 10 states, 0 errors */
	SearchResult r = run_model(
		"byte x;\n"
		"active proctype A() { atomic { x = 1; x = 2 } }\n"
		"active proctype B() { x = 3 }\n");
	expect_counts(r, 10, 0);
}

Test(semantics, atomic_loses_atomicity_when_blocked)
{
	/* SPIN: 9 states, 0 errors */
	SearchResult r = run_model(
		"byte x, y;\n"
		"active proctype A() { atomic { x = 1; y == 1; x = 2 } }\n"
		"active proctype B() { y = 1 }\n");
	expect_counts(r, 9, 0);
}

Test(semantics, atomic_interleaving_after_block)
{
	/* A blocks on y == 1 inside its atomic sequence; B then runs y = 1 and
	 * also x = 2 before A resumes, so the assertion can fail.
	 * SPIN: 15 states, 2 errors (pan -c0). */
	SearchResult r = run_model(
		"byte x, y;\n"
		"active proctype A() { atomic { x = 1; y == 1; assert(x == 1) } }\n"
		"active proctype B() { y = 1; x = 2 }\n");
	expect_counts(r, 15, 2);
}

Test(semantics, atomic_not_interrupted_when_not_blocked)
{
	/* same shape, but nothing blocks inside the atomic: the assertion
	 * holds.  The 2 errors are invalid end states (A stuck on y == 0 after
	 * B's y = 1).  SPIN: 14 states, 2 errors. */
	SearchResult r = run_model(
		"byte x, y;\n"
		"active proctype A() { atomic { x = 1; y == 0; assert(x == 1) } }\n"
		"active proctype B() { y = 1; x = 2 }\n");
	expect_counts(r, 14, 2);
}

Test(semantics, atomic_block_then_invalid_end)
{
	/* SPIN: 12 states, 1 error (invalid end state) */
	SearchResult r = run_model(
		"byte x, y;\n"
		"active proctype A() { atomic { x = 1; y == 1; x = 2; x = 3 } }\n"
		"active proctype B() { y = 1; y = 2 }\n");
	expect_counts(r, 12, 1);
}

Test(semantics, atomic_handover_between_processes)
{
	/* SPIN: 7 states, 0 errors */
	SearchResult r = run_model(
		"byte x;\n"
		"active proctype A() { atomic { x = 1; x == 3; x = 4 } }\n"
		"active proctype B() { atomic { x == 1 -> x = 2; x = 3 } }\n");
	expect_counts(r, 7, 0);
}

Test(semantics, atomic_run_in_loop)
{
	/* SPIN: 19 states, 0 errors */
	SearchResult r = run_model(
		"byte n, i;\n"
		"proctype P(byte k) { n = n + k }\n"
		"init { atomic { i = 0; do :: i < 3 -> run P(i); i++ :: else -> break od } ;"
		" _nr_pr == 1 -> assert(n == 3) }\n");
	expect_counts(r, 19, 0);
}

Test(semantics, atomic_ends_at_goto_back_to_its_start)
{
	/* `goto L` is the last statement of the atomic sequence: in SPIN the
	 * sequence ends there even though L labels the atomic itself, so every
	 * round of the loop is a separate atomic step and x = 1 is a stored
	 * state.  (SPIN would reject the label inside: "always use
	 * Label: atomic { ... }".)  SPIN: 9 states, 1 error (invalid end: A
	 * blocked at x < 2 with x == 2). */
	SearchResult r = run_model(
		"byte x;\n"
		"active proctype A() { L: atomic { x < 2 -> x++; goto L } }\n"
		"active proctype B() { x = 0 }\n");
	expect_counts(r, 9, 1);
}

Test(semantics, atomic_do_loop_keeps_atomicity)
{
	/* the loop stays inside the atomic sequence (its last statement is the
	 * do).  SPIN: 10 states, 0 errors. */
	SearchResult r = run_model(
		"byte x;\n"
		"active proctype A() { atomic { do :: x < 2 -> x++ :: x == 2 -> break od } }\n"
		"active proctype B() { x = 0 }\n");
	expect_counts(r, 10, 0);
}

/* ---- d_step ---- */

Test(semantics, dstep_is_one_step)
{
	/* SPIN: 15 states, 2 errors (B's x = 10 between the d_step and the
	 * assertion) */
	SearchResult r = run_model(
		"byte x;\n"
		"active proctype A() { d_step { x = 1; x = x + 1; x = x * 3 }; assert(x == 6) }\n"
		"active proctype B() { x = 10 }\n");
	expect_counts(r, 15, 2);
}

Test(semantics, dstep_with_if_else)
{
	/* SPIN: 29 states, 0 errors */
	SearchResult r = run_model(
		"byte x, y;\n"
		"active proctype A() { d_step { if :: x == 0 -> y = 1 :: else -> y = 2 fi; x = y }; x++ }\n"
		"active proctype B() { x = 1; y = 3 }\n");
	expect_counts(r, 29, 0);
}

Test(semantics, dstep_blocking_inside_is_an_error)
{
	/* SPIN 6.5.2: "block in d_step seq", 3 states, 1 error (pan stops at
	 * this error even with -c0).  Only the existence of the error is
	 * checked here, see the report for the -e count. */
	RunOpts ro = { 0, 0, 0 };
	SearchResult r = run_model_opts(
		"byte x;\n"
		"active proctype A() { d_step { x = 1; x == 3; x = 4 } }\n"
		"active proctype B() { x = 3 }\n", ro);
	cr_expect_eq(r.errors, 1);
}

/* ---- rendezvous ---- */

Test(semantics, rendezvous_is_one_compound_step)
{
	/* hand: 6 states.  s0 initial; s1 after the first handshake c!1/c?v
	 * (one move: S at c!2, R at the second c?v, v = 1); s2 after the second
	 * handshake (S at its end, R at the assertion, v = 2); s3 after the
	 * assertion (both at their ends); s4 after R (pid 1, the last) dies;
	 * s5 after S dies.  S cannot die before R.  (SPIN: 6, 0.)
	 * Depth 7: each handshake counts as two steps, as in pan. */
	SearchResult r = run_model(
		"chan c = [0] of { byte };\n"
		"active proctype S() { c!1; c!2 }\n"
		"active proctype R() { byte v; c?v; c?v; assert(v == 2) }\n");
	expect_counts(r, 6, 0);
	cr_expect_eq(r.depth, 7);
}

Test(semantics, rendezvous_inside_atomic)
{
	/* SPIN: 17 states, 0 errors */
	SearchResult r = run_model(
		"chan c = [0] of { byte };\n"
		"byte r;\n"
		"active proctype S() { atomic { c!1; c!2 } }\n"
		"active proctype R() { atomic { c?r; c?r } }\n"
		"active proctype X() { r = 7 }\n");
	expect_counts(r, 17, 0);
}

Test(semantics, buffered_channel_fifo)
{
	/* SPIN: 7 states, 0 errors */
	SearchResult r = run_model(
		"chan c = [2] of { byte, byte };\n"
		"byte a, b;\n"
		"active proctype A() { c!1,2; c!3,4; c?a,b; c?_,b; assert(a == 1 && b == 4) }\n");
	expect_counts(r, 7, 0);
}

Test(semantics, mtype_channel_match_and_poll)
{
	/* SPIN: 13 states, 3 errors */
	SearchResult r = run_model(
		"mtype = { a, b, c };\n"
		"chan q = [2] of { mtype };\n"
		"mtype m;\n"
		"active proctype A() { q!a; q!b; q?m; assert(m == a); q?b }\n"
		"active proctype B() { q?[b] -> q?b }\n");
	expect_counts(r, 13, 3);
}

/* ---- else, timeout, unless ---- */

Test(semantics, else_only_when_nothing_else)
{
	/* SPIN: 18 states, 0 errors */
	SearchResult r = run_model(
		"byte x;\n"
		"active proctype A() { if :: x > 0 -> x = 5 :: else -> x = 7 fi }\n"
		"active proctype B() { x = 1 }\n");
	expect_counts(r, 18, 0);
}

Test(semantics, else_then_interleaving)
{
	/* else is chosen while x == 0, but B can set x = 1 between the else
	 * and the assertion.  SPIN: 18 states, 2 errors. */
	SearchResult r = run_model(
		"byte x, seen;\n"
		"active proctype A() { if :: x > 0 -> seen = 1 :: else -> assert(x == 0); seen = 2 fi }\n"
		"active proctype B() { x = 1 }\n");
	expect_counts(r, 18, 2);
}

Test(semantics, timeout_when_system_blocked)
{
	/* SPIN: 9 states, 0 errors */
	SearchResult r = run_model(
		"chan c = [1] of { byte };\n"
		"byte got;\n"
		"active proctype A() { do :: c?got :: timeout -> break od }\n"
		"active proctype B() { c!1; c!2 }\n");
	expect_counts(r, 9, 0);
}

Test(semantics, timeout_in_loop_with_end_label)
{
	/* SPIN: 20 states, 0 errors */
	SearchResult r = run_model(
		"byte x;\n"
		"active proctype A() { do :: x < 4 -> x++ :: x >= 2 -> break od; end: x > 9 }\n"
		"active proctype B() { timeout -> x = 10 }\n");
	expect_counts(r, 20, 0);
}

Test(semantics, unless_escape_has_priority)
{
	/* hand: 6 states.  s0 initial; s1 after x = 1; s2 after x = 2: now the
	 * escape x == 2 is executable and takes precedence over x = 3; s3 after
	 * the escape's guard; s4 after x = 9 (end); s5 after death.
	 * x = 3 is never executed.  (SPIN: 6, 0.) */
	SearchResult r = run_model(
		"byte x;\n"
		"active proctype A() { { x = 1; x = 2; x = 3 } unless { x == 2 -> x = 9 } }\n");
	expect_counts(r, 6, 0);
}

Test(semantics, unless_nested)
{
	/* SPIN: 7 states, 0 errors */
	SearchResult r = run_model(
		"byte x;\n"
		"active proctype A() { { { x = 1; x = 2 } unless { x == 1 -> x = 5 } ; x = 6 } unless { x == 5 -> x = 8 } }\n");
	expect_counts(r, 7, 0);
}

Test(semantics, unless_interleaved)
{
	/* SPIN: 22 states, 1 error */
	SearchResult r = run_model(
		"byte x;\n"
		"active proctype A() { x = 1; { x = 2; x = 3; x = 4 } unless { x == 3 } ; x = 0 }\n"
		"active proctype B() { x == 2 -> x = 3 }\n");
	expect_counts(r, 22, 1);
}

/* ---- data: truncation, select, conditional ---- */

Test(semantics, truncation_on_assignment)
{
	/* hand: 6 states (one per statement: s0, after each of the 4
	 * statements, after death) and the assertion holds: 300 stored in a
	 * byte is 300 - 256 = 44, 3 in a bit is 1, 70000 in a short is
	 * 70000 - 65536 = 4464.  (SPIN: 6 states, 0 errors.) */
	SearchResult r = run_model(
		"byte b; bit t; short s;\n"
		"active proctype A() { b = 300; t = 3; s = 70000; assert(b == 44 && t == 1 && s == 4464) }\n");
	expect_counts(r, 6, 0);
}

Test(semantics, byte_wraps_on_increment)
{
	/* hand: 255 + 1 stored in a byte is 0, so b == 256 is false: 1 error,
	 * 5 states (s0, b = 255, b++, assert (violated, the step still
	 * happens as in pan), death).  (SPIN: 5, 1.) */
	SearchResult r = run_model(
		"byte b;\n"
		"active proctype A() { b = 255; b++; assert(b == 256) }\n");
	expect_counts(r, 5, 1);
}

Test(semantics, short_int_unsigned_ranges)
{
	/* SPIN: 9 states, 0 errors */
	SearchResult r = run_model(
		"short s; int i; unsigned u : 3;\n"
		"active proctype A() { s = -32769; i = -1; u = 9; s = s * 2; u = u - 2;"
		" assert(s == 32767 * 2 - 65536 * 1 || true); assert(u == 7) }\n");
	expect_counts(r, 9, 0);
}

Test(semantics, negative_values_in_bytes_and_shorts)
{
	/* hand: byte -1 is 255, short -1 stays -1, bit 2 is 0; 1 + 4 + 1
	 * states.  Every assertion holds: 0 errors.  (SPIN: 6, 0.) */
	SearchResult r = run_model(
		"byte b; short s; bit t;\n"
		"active proctype A() { b = -1; s = -1; t = 2; assert(b == 255 && s == -1 && t == 0) }\n");
	expect_counts(r, 6, 0);
}

Test(semantics, select_and_conditional_expression)
{
	/* SPIN: 13 states, 0 errors */
	SearchResult r = run_model(
		"byte x; bool b;\n"
		"active proctype A() { select(x : 1 .. 3); b = (x > 1 -> true : false); assert(x != 2 || b) }\n");
	expect_counts(r, 13, 0);
}

Test(semantics, goto_and_labels)
{
	/* SPIN: 5 states, 0 errors */
	SearchResult r = run_model(
		"byte x;\n"
		"active proctype A() { goto L; x = 1; L: x = 2; if :: x == 2 -> goto M :: else fi; M: skip }\n");
	expect_counts(r, 5, 0);
}

/* ---- run-time errors ---- */

Test(semantics, division_by_zero_is_a_runtime_error)
{
	/* SPIN's pan does not check this (the generated C divides by zero and
	 * pan dies of SIGFPE); dspin must report a run-time error. */
	SearchResult r = run_model(
		"byte x, y;\n"
		"active proctype A() { x = 5 / y }\n");
	cr_expect_gt(r.errors, 0);
	/* the message, then where (file:line:col and the statement) */
	cr_expect(!strncmp(r.first_error, "division by zero at t.pml:", 26), "got '%s'", r.first_error);
}

Test(semantics, modulo_by_zero_is_a_runtime_error)
{
	SearchResult r = run_model(
		"byte x, y;\n"
		"active proctype A() { x = 5 % y }\n");
	cr_expect_gt(r.errors, 0);
}

Test(semantics, division_by_zero_in_guard)
{
	SearchResult r = run_model(
		"byte x, y;\n"
		"active proctype A() { (x / y) == 0 -> x = 1 }\n");
	cr_expect_gt(r.errors, 0);
}

Test(semantics, array_index_out_of_bounds)
{
	/* SPIN reports "invalid array index" (pan -c0: 2 errors, 4 states, it
	 * performs the write anyway); dspin aborts the step. Only errors > 0
	 * is required here. */
	SearchResult r = run_model(
		"byte a[2]; byte i;\n"
		"active proctype A() { i = 2; a[i] = 1 }\n");
	cr_expect_gt(r.errors, 0);
	cr_expect(strstr(r.first_error, "index") != NULL, "first error: %s", r.first_error);
}

Test(semantics, negative_array_index)
{
	SearchResult r = run_model(
		"byte a[2]; short i = -1;\n"
		"active proctype A() { a[i] = 1 }\n");
	cr_expect_gt(r.errors, 0);
}

Test(semantics, in_bounds_index_is_fine)
{
	/* hand: s0, i = 1, a[i] = 1, assert, death = 5 states, no error.
	 * (SPIN: 5, 0.) */
	SearchResult r = run_model(
		"byte a[2]; byte i;\n"
		"active proctype A() { i = 1; a[i] = 1; assert(a[1] == 1 && a[0] == 0) }\n");
	expect_counts(r, 5, 0);
}

/* ---- end states ---- */

Test(semantics, end_label_makes_blocked_state_valid)
{
	/* hand: 1 state (A blocks at once on a rendezvous no one offers); it
	 * is at an end label, so it is a valid end state: 0 errors.
	 * (SPIN: 1, 0.) */
	SearchResult r = run_model(
		"chan c = [0] of { bit };\n"
		"active proctype A() { end: c?_ }\n");
	expect_counts(r, 1, 0);
}

Test(semantics, blocked_without_end_label_is_invalid_end)
{
	/* hand: the same single state without the label: 1 invalid end state.
	 * (SPIN: 1, 1.) */
	SearchResult r = run_model(
		"chan c = [0] of { bit };\n"
		"active proctype A() { c?_ }\n");
	expect_counts(r, 1, 1);
	cr_expect_str_eq(r.first_error, "invalid end state");
}

Test(semantics, end_label_prefix)
{
	/* any label starting with "end" marks a valid end state (endA, end_1).
	 * hand: 1 state, 0 errors.  (SPIN: 1, 0.) */
	SearchResult r = run_model(
		"chan c = [0] of { bit };\n"
		"active proctype A() { endA: c?_ }\n"
		"active proctype B() { end_1: c?_ }\n");
	expect_counts(r, 1, 0);
}

/* ---- search options ---- */

Test(semantics, stop_at_first_error_without_e)
{
	RunOpts ro = { 0, 0, 0 };
	SearchResult r = run_model_opts(
		"proctype P() { skip }\n"
		"proctype Q() { skip }\n"
		"init { run P(); run Q(); _nr_pr <= 2 -> assert(false) }\n", ro);
	cr_expect_eq(r.errors, 1);
	cr_expect(strstr(r.first_error, "assert") != NULL, "first error: %s", r.first_error);
}

Test(semantics, bfs_same_count_without_atomic)
{
	const char *src =
		"byte x;\n"
		"active proctype A() { if :: x > 0 -> x = 5 :: else -> x = 7 fi }\n"
		"active proctype B() { x = 1 }\n";
	RunOpts bfs = { 1, 1, 0 };
	SearchResult r = run_model_opts(src, bfs);
	expect_counts(r, 18, 0);   /* SPIN: 18 (DFS); BFS visits the same states */
}

Test(semantics, bfs_finds_errors)
{
	RunOpts bfs = { 1, 1, 0 };
	SearchResult r = run_model_opts(
		"byte b;\n"
		"active proctype A() { b = 255; b++; assert(b == 256) }\n", bfs);
	expect_counts(r, 5, 1);
}

Test(semantics, depth_bound_makes_search_incomplete)
{
	/* the straight-line model needs depth 3; with a bound of 2 the search
	 * cannot finish */
	RunOpts ro = { 1, 0, 2 };
	SearchResult r = run_model_opts(
		"byte x;\n"
		"active proctype p() { x = 1; x = 2 }\n", ro);
	cr_expect_eq(r.incomplete, 1);
	cr_expect_lt(r.stored, 4);
}

/* ---- predefined variables and functions ---- */

Test(semantics, last_is_pid_of_last_step)
{
	/* hand: 6 states.  B is blocked until A's x = 1 (s0 -> s1); then B's
	 * guard (s2), B's assertion (s3), B dies (s4), A dies (s5).  When the
	 * assertion runs, the last step was B's guard, so _last == 1 and there
	 * is no error.  (SPIN: 6 states, 0 errors.) */
	SearchResult r = run_model(
		"byte x;\n"
		"active proctype A() { x = 1 }\n"
		"active proctype B() { x == 1 -> assert(_last == 1) }\n");
	expect_counts(r, 6, 0);
}

Test(semantics, last_is_part_of_the_state)
{
	/* SPIN keeps _last in the state vector, so states that differ only in
	 * which process moved last are distinct.  SPIN: 19 states, 3 errors. */
	SearchResult r = run_model(
		"byte x;\n"
		"active proctype A() { x = 1; assert(_last == 0) }\n"
		"active proctype B() { x = 2 }\n");
	expect_counts(r, 19, 3);
}

Test(semantics, enabled_of_blocked_process)
{
	/* hand: 7 states.  s0; B's assertion (A is blocked on x == 1, so
	 * enabled(0) is false and the assertion holds) -> s1; B's x = 1 -> s2;
	 * from s2 either A's guard (s3) or B dies (s4); s3 -> B dies -> s5
	 * (A at its end); s4 -> A's guard -> the same state as s5; s5 -> A dies
	 * -> s6.  (SPIN: 7 states, 0 errors.) */
	SearchResult r = run_model(
		"byte x;\n"
		"active proctype A() { x == 1 }\n"
		"active proctype B() { assert(!enabled(0)); x = 1 }\n");
	expect_counts(r, 7, 0);
}
