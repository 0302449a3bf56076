/* run.c — the runs the command makes: a verification through the plan
 * (search/plan.h) with its summary (report/summary.h), -compare's table,
 * -simulate, and the report and dot files of a run. */
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../search/plan.h"
#include "../heap/heap.h"
#include "../reduce/reduce.h"
#include "../report/unreached.h"
#include "../report/summary.h"
#include <time.h>
#include <math.h>

/* the stack that simulation and trail replay run on: the VM's semantics,
 * the garbage collector (numbering objects as the search did), the claim;
 * no symmetry, so moves name creation pids */
Layer *plain_stack(VM *vm, const Opts *o)
{
	StackSpec sp = { .heap_canonical = strstr(o->sym, "heap") != NULL && !heap_symmetry_refused(vm->m), .deadvars = o->deadvars, .no_stutter = o->accept == 2,
		.no_ends = o->no_ends, .accept_stutter = !vm->m->never && o->accept == 1 && vm_proc_accept(vm) };
	return stack_build(vm, &sp);
}

/* -report: the trail replayed on a stack whose objects keep the numbers
 * they were allocated with (-sym=none), so the page can follow an object
 * through the steps */
int write_report(VM *vm, const Opts *o, const char *trail, const ReportRun *run, const ReportLargest *lg)
{
	Opts plain = *o;
	plain.sym = "none";
	int rc = report_write(o->report, vm, plain_stack(vm, &plain), trail, run, lg);
	if (!rc && !o->quiet && !o->json)
		printf("dspin: wrote %s\n", o->report);
	return rc;
}

/* print move mv's output (printf) by running it once more on a copy of s */
static void print_move_output(VM *vm, const uint8_t *b, int len, const Move *mv, uint8_t *scratch)
{
	State s;
	memcpy(scratch, b, (size_t)len);
	s.b = scratch;
	sv_index(vm->m, &s);
	vm->simulate = 1;
	vm->out = stdout;
	vm_do_move(vm, &s, mv, NULL, 0);
	vm->simulate = 0;
}

int simulate(VM *vm, Opts *o)
{
	srand((unsigned)o->seed);
	Ctx *c = ns_ctx_new(plain_stack(vm, o), vm);
	uint8_t *cur = malloc(MAXSTATE), *scratch = malloc(MAXSTATE);
	SuccBuf sb; memset(&sb, 0, sizeof sb);
	if (!c || !cur || !scratch || ns_initial(c, &sb) != 1) {
		fprintf(stderr, "dspin: out of memory\n");
		return 2;
	}
	int len = sb.v[0].len;
	memcpy(cur, sb.v[0].b, (size_t)len);
	if (sb.v[0].err) {
		/* an initialiser's run-time error: no step can be taken */
		printf("dspin: %s (in the initial state)\n", sb.v[0].errmsg);
		succbuf_free(&sb);
		ns_ctx_free(c);
		free(cur); free(scratch);
		return 1;
	}
	vm->simulate = 0;
	int apid = -1, err = 0;
	long step;
	for (step = 0; step < o->steps; step++) {
		SState ss = { cur, len, NULL, 0, apid };
		int n = ns_next_all(c, &ss, &sb);
		if (!n) break;
		Succ *next = &sb.v[rand() % n];
		if (o->verbose) vm_print_move(vm, &next->tmv, (int)step + 1, stdout);
		print_move_output(vm, cur, len, &next->mv, scratch);
		if (next->err) {
			printf("dspin: %s%s\n", next->errmsg, next->err == ERR_BOUND ? " (a resource limit: the simulation stops)" : "");
			vm_print_move(vm, &next->tmv, (int)step + 1, stdout);
			err = next->err == ERR_BOUND ? 3 : 1;
			break;
		}
		memcpy(cur, next->b, (size_t)next->len);
		len = next->len;
		apid = next->atomic_pid;
	}
	fflush(stdout);
	SState ss = { cur, len, NULL, 0, -1 };
	if (!err && step < o->steps && !ns_valid_end(c, &ss)) {
		printf("dspin: invalid end state (no process can move)\n");
		err = 1;
	}
	printf("%ld steps, %d process%s alive\n", step, cur[0], cur[0] == 1 ? "" : "es");
	vm_print_state(vm, cur, len, stdout);
	succbuf_free(&sb);
	ns_ctx_free(c);
	free(cur);
	free(scratch);
	return err;   /* 0, 1 an error, 3 a resource limit */
}

/* -dump-states FILE: every stored state, readable (for debugging and
 * for comparing state spaces with other tools) */
typedef struct Dump { VM *vm; FILE *f; unsigned long n; } Dump;
static void dump_state(void *ctx, const uint8_t *b, int len)
{
	Dump *d = ctx;
	fprintf(d->f, "--- state %lu\nbytes:", ++d->n);
	for (int i = 0; i < len; i++) fprintf(d->f, " %02x", b[i]);
	fputc('\n', d->f);
	vm_print_state(d->vm, b, len, d->f);
}

/* does path end in ext? */
static int ends_with(const char *path, const char *ext)
{
	size_t n = strlen(path), e = strlen(ext);
	return n > e && !strcmp(path + n - e, ext);
}

/* -dot FILE: the error state's heap and roots, rebuilt from the trail, as
 * Graphviz source, or rendered by dot when FILE ends in .svg or .png */
static void write_dot(VM *vm, const Opts *o, const char *trail, int quiet)
{
	const char *fmt = ends_with(o->dotfile, ".svg") ? "svg" : ends_with(o->dotfile, ".png") ? "png" : NULL;
	char src[4200];
	snprintf(src, sizeof src, "%s%s", o->dotfile, fmt ? ".dot" : "");
	uint8_t *buf = malloc(MAXSTATE);
	int len, ok = 0;
	FILE *df = fopen(src, "w");
	if (buf && df && trail_final_state(vm, plain_stack(vm, o), trail, buf, &len) == 0) {
		vm_write_dot(vm, buf, len, df);
		ok = 1;
	}
	if (df) fclose(df);
	free(buf);
	if (ok && fmt) {
		char cmd[9000];
		snprintf(cmd, sizeof cmd, "dot -T%s -o '%s' '%s' 2>/dev/null", fmt, o->dotfile, src);
		ok = system(cmd) == 0;
		if (!ok) fprintf(stderr, "dspin: could not render '%s' with Graphviz's dot (is graphviz installed?); the source is in '%s'\n", o->dotfile, src);
		else remove(src);
	} else if (!ok)
		fprintf(stderr, "dspin: cannot write '%s'\n", o->dotfile);
	if (ok && !quiet) printf("dspin: wrote %s\n", o->dotfile);
}

/* A VM for the model with the options' bounds and -sym=heap setting. */
void vm_setup(VM *vm, Model *m, Program *prog, const Opts *o)
{
	memset(vm, 0, sizeof *vm);
	vm->prog = prog; vm->m = m; vm->out = stdout;
	vm->heap_bound = o->heap_bound;
	vm->no_asserts = o->no_asserts;
	vm->call_bound = o->call_bound;
}

/* the plan's options from the command's */
static PlanOpts plan_opts(const Opts *o, int row, const char *trail, const char *topts)
{
	PlanOpts po = {
		.file = o->file, .sym = o->sym, .por = o->por, .cache = o->cache, .por_given = o->por_given,
		.bfs = o->bfs, .symbolic = o->symbolic, .sym_chain = o->sym_chain, .sym_sift = o->sym_sift, .cores = o->cores, .dist = o->dist, .accept = o->accept, .fair = o->fair,
		.keep_going = o->keep_going, .numbered = o->numbered, .max_errors = o->max_errors, .depth = o->depth, .mem_mb = o->mem_mb, .mem_default = o->mem_default,
		.store_mode = o->store_mode, .compress = o->compress, .wbits = o->wbits,
		.deadvars = o->deadvars, .no_ends = o->no_ends, .no_asserts = o->no_asserts, .no_unreached = o->no_unreached, .dfs_window = o->dfs_window,
		.claim_accept = o->claim_accept, .ltl_claim = o->ltl_claim,
		.claim_kind = o->claim_kind, .claim_name = o->claim_name,
		.quiet = o->quiet, .json = o->json, .compare_row = row,
		.trail_path = trail, .trail_opts = topts,
	};
	return po;
}

/* One verification run with o's -sym/-por/-cache: the plan (search/plan.c)
 * decides what runs; this prints its notes, runs it, and prints the
 * summary or the JSON line (or, for -compare, fills *row and prints
 * nothing but the JSON line). */
int verify(Model *m, Program *prog, const Opts *op, Row *row)
{
	Opts o = *op;
	if (row) o.quiet = 1;   /* -compare: the table says it all */
	VM vm;
	vm_setup(&vm, m, prog, &o);
	if (o.native && !(row && row->plan_only))
		native_load(&vm, NULL);
	char trail[4096];
	snprintf(trail, sizeof trail, "%s.trail", o.file);
	char topts[2048];
	trail_options_of(&o, topts, sizeof topts);
	PlanOpts po = plan_opts(&o, row != NULL, trail, topts);
	Plan plan;
	const char *err;
	int made = plan_make(&vm, &po, row && row->plan_only, &plan, &err);
	for (int i = 0; i < plan.nnotes; i++)
		if (plan.always[i] || !row)
			fprintf(stderr, "dspin: %s%s\n", plan.always[i] ? "" : "warning: ", plan.notes[i]);
	if (made < 0) {
		fprintf(stderr, "dspin: %s\n", err);
		return 2;
	}
	if (row) snprintf(row->algorithm, sizeof row->algorithm, "sym=%s por=%s", plan.sym_ran, plan.por_ran);
	if (row && row->plan_only)
		return 0;
	if (o.verbose && !row && !o.json)
		plan_describe(&plan, &po, stdout);
	SearchOpts *so = &plan.so;
	Dump dump = { &vm, NULL, 0 };
	if (o.dumpfile) {
		dump.f = fopen(o.dumpfile, "w");
		if (!dump.f) { fprintf(stderr, "dspin: cannot write '%s'\n", o.dumpfile); plan_free(&plan); return 2; }
		so->on_store = dump_state; so->on_store_ctx = &dump;
	}
	ReportLargest largest;
	if (o.report)
		report_track(&largest, &vm, so);
	SearchResult r;
	char ierr[256];
	int ran;
	if (vm_initial_error(&vm, ierr, sizeof ierr)) {
		/* the initial state raises the model's run-time error: the
		 * verification's error at depth 0, with a trail of no moves
		 * (-t reproduces it at step 0) */
		memset(&r, 0, sizeof r);
		result_note_error(&r, ierr);
		snprintf(r.first_error, sizeof r.first_error, "%s", ierr);
		if (!so->quiet)
			printf("dspin: %s (at depth 0)\n", ierr);
		if (so->trail_path)
			r.trail_written = trail_write(so, NULL, 0, ierr) == 0;
		ran = 1;
	} else
		ran = plan_run(&vm, &plan, &r);
	/* no search at all (its memory could not be had): never a result */
	if (ran < 0) {
		fprintf(stderr, "dspin: cannot search: %s\n", r.first_error[0] ? r.first_error : "out of memory");
		if (dump.f) fclose(dump.f);
		plan_free(&plan);
		if (row) {
			row->exit = 3;
			snprintf(row->first_error, sizeof row->first_error, "-");
		}
		return 3;
	}
	if (dump.f) fclose(dump.f);
	if (o.dotfile && r.errors && r.trail_written)
		write_dot(&vm, &o, trail, so->quiet);
	if (o.report) {
		ReportRun run = { plan.sym_ran, plan.por_ran, search_name(plan.so.kind), plan.heap_ran, plan.proc_on, plan.por_ran_static, so->twophase > 0, &r };
		write_report(&vm, &o, r.trail_written ? trail : NULL, &run, &largest);
		report_largest_free(&largest);
	}
	int code = summary_exit_code(&r);
	if (row) {
		row->stored = r.stored; row->errors = r.errors; row->exit = code;
		row->secs = r.secs; row->mem = r.mem;
		snprintf(row->first_error, sizeof row->first_error, "%s", r.errors ? r.first_error : "-");
	}
	Summary sum = { &vm, &plan, &po, &r, trail };
	if (o.json)
		summary_json(stdout, &sum);
	else if (!row)
		summary_text(stdout, &sum);
	free(r.ranks);
	plan_free(&plan);
	return code;
}

/* -compare: every distinct reduction on one model, one row each. */
int compare(Model *m, Program *prog, const Opts *op)
{
	static const char *const all[] = {
		"none/none", "none/static", "none/twophase/all", "none/twophase/backedge", "none/twophase/none", "none/improviso",
		"heap/none", "heap/static", "heap/si", "heap/twophase/all", "heap/twophase/backedge", "heap/twophase/none", "heap/improviso",
		"proc/none", "proc/static", "proc/twophase/all", "proc/twophase/backedge", "proc/twophase/none", "proc/improviso",
		"heap,proc/none", "heap,proc/static", "heap,proc/si", "heap,proc/twophase/all", "heap,proc/twophase/backedge", "heap,proc/twophase/none",
		"heap,proc/improviso",
	};
	/* -a/-l: the nested search runs no Twophase or Improviso and needs a
	 * store (no -cache=none); its own choices are the reduction and
	 * whether to store only on backward edges */
	static const char *const live[] = {
		"none/none", "none/none/backedge", "none/static", "none/static/backedge",
		"heap/none", "heap/none/backedge", "heap/static", "heap/static/backedge", "heap/si", "heap/si/backedge",
		"proc/none", "proc/none/backedge", "proc/static", "proc/static/backedge",
		"heap,proc/none", "heap,proc/none/backedge", "heap,proc/static", "heap,proc/static/backedge",
		"heap,proc/si", "heap,proc/si/backedge",
	};
	const char *list[64]; int n = 0;
	char *spec = NULL;
	if (op->compare_list) {
		spec = strdup(op->compare_list);
		for (char *t = strtok(spec, ":"); t; t = strtok(NULL, ":")) {
			if (n == 64) {
				fprintf(stderr, "dspin: -compare: more than 64 configurations\n");
				free(spec);
				return 2;
			}
			list[n++] = t;
		}
	} else if (op->accept)
		for (size_t i = 0; i < sizeof live / sizeof *live; i++) list[n++] = live[i];
	else
		for (size_t i = 0; i < sizeof all / sizeof *all; i++) list[n++] = all[i];
	/* Verdicts: exit 0 (complete, no errors) and 1 (errors) are
	 * conclusive; 3 (a bound reached, no error) is not.  A reduced search
	 * may stay under a resource bound that the unreduced one meets (-por=si
	 * keeps fewer objects alive at once, POR shortens paths under -m), and
	 * "no errors" from a complete sound search speaks for the program with
	 * unbounded resources (docs/por.md), so an incomplete row agrees with
	 * every other; two conclusive rows must have the same exit. */
	Row rows[64]; int nrows = 0;
	Opts ropts[64];
	char cfgs[64][128];     /* each row's -sym/-por/-cache strings (ropts points into them) */
	int ref_exit = -1, disagree = 0, more = 0, inconclusive = 0;
	long long ref_stored = -1;
	/* every row planned first (the table's columns fit the longest
	 * names), then run in order */
	for (int i = 0; i < n; i++) {
		char *cfg = cfgs[nrows];
		snprintf(cfg, sizeof cfgs[0], "%s", list[i]);
		Opts o = *op;
		char *p1 = strchr(cfg, '/'), *p2 = p1 ? strchr(p1 + 1, '/') : NULL;
		if (p1) *p1 = 0;
		if (p2) *p2 = 0;
		o.sym = cfg; o.por = p1 ? p1 + 1 : "none"; o.cache = p2 ? p2 + 1 : "all";
		if (!valid_sym(o.sym) || !valid_por(o.por) || !valid_cache(o.cache)) {
			fprintf(stderr, "dspin: -compare: bad configuration '%s' (SYM/POR[/CACHE], separated by ':')\n", list[i]);
			free(spec);
			return 2;
		}
		Row *r = &rows[nrows];
		memset(r, 0, sizeof *r);
		snprintf(r->config, sizeof r->config, "%s", list[i]);
		/* the same algorithm twice (si = static, proc without symmetric
		 * proctypes = none, ...) would give the same run: planned first,
		 * run and shown once */
		r->plan_only = 1;
		if (verify(m, prog, &o, r) == 2)
			continue;   /* refused with these options (said on stderr): no row */
		int dup = 0;
		for (int j = 0; j < nrows; j++) if (!strcmp(rows[j].algorithm, r->algorithm)) dup = 1;
		if (dup) continue;
		ropts[nrows++] = o;
	}
	int wc = (int)strlen("configuration"), wa = (int)strlen("algorithm (what ran)");
	for (int i = 0; i < nrows; i++) {
		int lc = (int)strlen(rows[i].config), la = (int)strlen(rows[i].algorithm);
		if (lc > wc) wc = lc;
		if (la > wa) wa = la;
	}
	if (!op->json)
		printf("%-*s %-*s %10s %7s %5s %9s  %s\n", wc, "configuration", wa, "algorithm (what ran)", "stored", "errors", "exit", "seconds", "first error");
	for (int i = 0; i < nrows; i++) {
		Row *r = &rows[i];
		r->plan_only = 0;
		int code = verify(m, prog, &ropts[i], r);
		if (code == 3) inconclusive++;
		if (code == 0 || code == 1) {
			if (ref_exit < 0) { ref_exit = code; ref_stored = (long long)r->stored; }
			else {
				if (code != ref_exit) disagree = 1;
				if (code == 0 && ref_exit == 0 && (long long)r->stored > ref_stored) more = 1;
			}
		} else if (code != 3)
			disagree = 1;     /* any other exit (none is expected) is not a verdict */
		if (!op->json)
			printf("%-*s %-*s %10llu %7d %5d %9.3f  %s\n", wc, r->config, wa, r->algorithm, (unsigned long long)r->stored,
			       r->errors, r->exit, r->secs, r->first_error);
	}
	free(spec);
	/* unless two differ, every complete row has the first one's exit */
	int code = ref_exit >= 0 ? ref_exit : 3;
	if (!op->json) {
		if (disagree) printf("dspin: VERDICTS DIFFER: a reduction is unsound on this model (please report it)\n");
		else if (inconclusive && inconclusive < nrows)
			printf("dspin: all %d distinct configurations agree (exit %d); %d reached a resource bound (exit 3: no verdict, not compared)\n",
			       nrows, code, inconclusive);
		else printf("dspin: all %d distinct configurations agree (exit %d)\n", nrows, code);
		if (more) printf("dspin: a reduced configuration stored more states than the first complete one\n");
	}
	return disagree ? 4 : code;
}

