/* main.c — the dspin command: loads the model and chooses its claim (a
 * never claim, an ltl formula's, -l's), then runs what the options ask
 * (cli/run.c). */
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../search/dist/dist.h"
#include "../report/summary.h"
#include <gc.h>
#include <signal.h>

/* Boehm's (threaded builds, as Debian's) resumes stopped threads with
 * SIGXCPU by default and catches it, so that a CPU-time limit (`ulimit
 * -t`, which users and tests/gen/driver.sh set) did not stop dspin:
 * petersonN4 ran 10 s under a 2 s limit.  dspin registers no thread with
 * the collector, so the signal is never needed; another one is taken,
 * before GC_INIT, and SIGXCPU keeps its default action (gc.h declares
 * the setter only under GC_THREADS, which would also redirect
 * pthread_create) */
GC_API void GC_CALL GC_set_thr_restart_signal(int);

/* the collector's heap is exhausted (GC_set_oom_fn: only the front end's
 * allocators, lang/alloc.c, allocate there) */
static void *out_of_memory(size_t n)
{
	fprintf(stderr, "dspin: out of memory (allocating %zu bytes for the model)\n", n);
	exit(2);
}

/* does a statement tree hold an accept label? */
static int stmt_has_accept(const Stmt *s)
{
	if (!s)
		return 0;
	if (s->k == S_LABEL && !strncmp(s->label, "accept", 6))
		return 1;
	if (stmt_has_accept(s->sub) || stmt_has_accept(s->esc))
		return 1;
	for (int i = 0; i < s->nbody; i++)
		if (stmt_has_accept(s->body[i]))
			return 1;
	for (int i = 0; i < s->nopts; i++)
		for (int j = 0; j < s->optlen[i]; j++)
			if (stmt_has_accept(s->opts[i][j]))
				return 1;
	return 0;
}

/* Errors in the claim made from an ltl formula (an undeclared name, a
 * proposition that does not parse) point at the formula in the user's
 * file: the claim's line:col is mapped to the proposition it lies in,
 * else to the formula's `ltl` keyword */
typedef struct LtlMap {
	LtlClaim claim;
	LtlDecl *decl;
	const char *file;          /* the claim's name in positions: "<ltl NAME>" */
} LtlMap;
static Pos ltl_remap(void *ctx, Pos p)
{
	const LtlMap *lm = ctx;
	if (!lm->file || !p.file || strcmp(p.file, lm->file)) return p;
	int off = ltl_claim_offset(&lm->claim, p.line, p.col);
	return off < 0 ? lm->decl->pos : lm->decl->cpos[off];
}

int main(int argc, char **argv)
{
	GC_set_thr_restart_signal(SIGRTMIN + 5);
	GC_INIT();
	GC_set_oom_fn(out_of_memory);
	/* the front end's errors and warnings: counted here, said once each */
	Diag diag = DIAG_INIT, *d = &diag;
	d->say_once = 1;
	Opts o;
	parse_args(argc, argv, &o);
	if (o.dist) {
		/* only -dist starts MPI; rank 0 speaks for every rank */
		int nranks;
		if (dist_init(&argc, &argv, &nranks) != 0) {
			if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
				return 2;
		}
	}
	if (o.replay)
		replay_options(argc, argv, &o);
	Model *m = parse_file(d, o.file, o.cpp, o.ncpp);
	if (d->count) { fprintf(stderr, "dspin: %d error(s)\n", d->count); return 2; }
	/* Which claim runs (pan's rules): -N NAME chooses a never claim or an
	 * ltl formula by name, else the first of either kind in the file;
	 * -noclaim none.  Every formula is translated and checked whichever
	 * runs, as spin -a does for the pan it writes. */
	Proctype *nv = NULL;
	LtlDecl *chosen = NULL;
	if (o.ltl) {
		for (int i = 0; i < m->nnevers && !nv; i++)
			if (m->never_names[i] && !strcmp(m->never_names[i], o.ltl)) nv = m->nevers[i];
		for (int i = 0; i < m->nltls && !nv && !chosen; i++)
			if (!strcmp(m->ltls[i]->name, o.ltl)) chosen = m->ltls[i];
		if (!nv && !chosen) {
			fprintf(stderr, "dspin: -N %s: the model has no never claim or ltl formula of that name\n", o.ltl);
			return 2;
		}
	} else if (m->nltls && (!m->nnevers || m->ltls[0]->order == 0))
		chosen = m->ltls[0];
	else if (m->nnevers)
		nv = m->nevers[0];
	/* a plain run checks what pan's default run checks of a formula: its
	 * claim ends where every continuation violates it (accept_all: skip);
	 * with -a the claim never ends and the nested search finds the same
	 * violations as accepting cycles */
	int terminate = o.accept != 1;
	/* pan -DNOCLAIM: the system alone; -l has its own claim (a never
	 * claim in the model is refused below); a simulation runs no formula
	 * (spin: "never claim not used in random simulation") */
	int runs = !o.noclaim && o.accept != 2 && !o.simulate;
	char *claim = NULL;
	LtlClaim chosen_claim;
	memset(&chosen_claim, 0, sizeof chosen_claim);
	LtlMap lmap = { { 0 }, NULL, NULL };
	d->remap = ltl_remap;
	d->remap_ctx = &lmap;
	for (int i = 0; i < m->nltls; i++) {
		LtlDecl *l = m->ltls[i];
		LtlClaim c = ltl_translate_opt(l->text, terminate, !o.ltl_nosimplify);
		if (!c.text) {
			Pos at = l->cpos[c.err_off];
			diag_error(d, at, "ltl %s: %s", l->name, c.err);
			continue;
		}
		if (l == chosen && runs) { claim = c.text; chosen_claim = c; }
		/* every proposition, parsed and checked with the model, for
		 * each formula (the model's own warnings said once): the claim
		 * may have lost some (`p || true`), and the others do not run */
		c = ltl_atoms(l->text);
		char nm[300]; snprintf(nm, sizeof nm, "<ltl %s>", l->name);
		lmap.claim = c; lmap.decl = l; lmap.file = xstrdup(nm);
		d->quiet_warnings = 1;
		int before = d->count;
		Model *mk = parse_file_with(d, o.file, o.cpp, o.ncpp, c.text, lmap.file);
		if (d->count == before) {
			mk->never = mk->nevers[mk->nnevers - 1];
			check_model(d, mk);
		}
		d->quiet_warnings = 0;
		lmap.file = NULL;
	}
	if (d->count) { fprintf(stderr, "dspin: %d error(s)\n", d->count); return 2; }
	int nclaims = m->nnevers + m->nltls;
	if (!o.ltl && nclaims > 1 && runs && !o.json) {
		const char *nm = chosen ? chosen->name : m->never_names[0];
		fprintf(stderr, "dspin: %d claims (never claims and ltl formulas): checking the first%s%s%s (choose with -N NAME)\n",
			nclaims, nm ? ", " : "", chosen ? "ltl " : nm ? "never " : "", nm ? nm : "");
	}
	if (!runs) {
		/* the claims' accept labels (an ltl formula's claim has them)
		 * still count for pan -DNOCLAIM: with -a its a_cycles stays on,
		 * so no invalid end states */
		if (o.noclaim) {
			for (int i = 0; i < m->nnevers; i++)
				o.claim_accept |= stmt_has_accept(m->nevers[i]->body);
			o.claim_accept |= m->nltls > 0;
			m->never = NULL;
			m->nnevers = 0;
		}
		m->nltls = 0;
		chosen = NULL;
		claim = NULL;
	} else if (nv) {
		m->never = nv;
		for (int i = 0; i < m->nnevers; i++)
			if (m->nevers[i] == nv && m->never_names[i]) o.claim_name = m->never_names[i];
		o.claim_kind = "never";
		m->nltls = 0;
	}
	if (claim) {
		/* the chosen ltl formula becomes the never claim */
		char nm[300]; snprintf(nm, sizeof nm, "<ltl %s>", chosen->name);
		lmap.claim = chosen_claim; lmap.decl = chosen; lmap.file = xstrdup(nm);
		m = parse_file_with(d, o.file, o.cpp, o.ncpp, claim, lmap.file);
		if (d->count) { fprintf(stderr, "dspin: %d error(s)\n", d->count); return 2; }
		m->nltls = 0;
		m->never = m->nevers[m->nnevers - 1];   /* the formula's claim comes last */
		o.ltl_claim = 1;
		o.claim_name = chosen->name;
		o.claim_kind = "ltl";
		if (o.verbose) printf("never claim for ltl %s:\n%s", chosen->name, claim);
	}
	if (o.accept == 2) {
		/* -l: SPIN's built-in claim for non-progress cycles, <>[] np_ */
		if (m->never) { fprintf(stderr, "dspin: -l cannot be combined with a never claim in the model\n"); return 2; }
		Model *np = parse_string(d, "<non-progress claim>",
			"never { do :: true :: np_ -> break od; accept_np: do :: np_ od }");
		m->never = np->never;
	}
	check_model(d, m);
	if (d->count) { fprintf(stderr, "dspin: %d error(s)\n", d->count); return 2; }
	Program *prog = compile_model(d, m);
	if (d->count) { fprintf(stderr, "dspin: %d error(s)\n", d->count); return 2; }
	if (o.ltl_claim && o.accept != 1 && !o.replay && !o.json)
		/* as pan's "never claim + accept labels requires -a flag to
		 * fully verify" */
		fprintf(stderr, "dspin: warning: ltl %s: a safety search finds the violations a finite prefix shows (the claim reaching its end); acceptance cycles need -a\n",
			o.claim_name);
	VM vm;
	vm_setup(&vm, m, prog, &o);
	if (vm_check(d, &vm)) { fprintf(stderr, "dspin: %d error(s)\n", d->count); return 2; }

	if (o.simulate) return simulate(&vm, &o);

	char trail[4096];
	snprintf(trail, sizeof trail, "%s.trail", o.file);
	if (o.replay) {
		vm.simulate = 0;
		if (o.report)
			return write_report(&vm, &o, o.trailfile ? o.trailfile : trail, NULL, NULL);
		return trail_replay(&vm, plain_stack(&vm, &o), o.trailfile ? o.trailfile : trail, stdout);
	}

	if (o.compare) return compare(m, prog, &o);
	int code = verify(m, prog, &o, NULL);
	return o.dist ? dist_exit(code) : code;
}
