/* main.c — the dspin command: option parsing, verification summary in the
 * shape of SPIN's pan, JSON output, simulation and trail replay. */
#include "../lang/ast.h"
#include "../lang/code.h"
#include "../vm/vm.h"
#include "../search/search.h"
#include "../search/par/par.h"
#include "../search/dist/dist.h"
#include "../heap/heap.h"
#include "../reduce/por.h"
#include "../reduce/reduce.h"
#include "../report/report.h"
#include "../report/unreached.h"
#include <gc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>

#define DSPIN_VERSION "0.2"

static void print_usage(FILE *f)
{
	fprintf(f,
"usage: dspin [options] model.pml\n"
"  -sym=none|heap|proc|heap,proc   symmetry reduction (default heap)\n"
"  -por=none|static|si|twophase|improviso  partial-order reduction (default si)\n"
"  -cache=all|backedge|none        Twophase selective caching (default all); with -a/-l,\n"
"                   backedge stores only states not above their predecessor\n"
"                   (nested DFS, and OWCTY under -dist)\n"
"  -deadvars        reset locals that are dead at their process's pc (as SPIN's default)\n"
"  -compare[=SYM/POR[/CACHE]:...]  run every (or each listed) reduction, one row each\n"
"  -a / -l          acceptance / non-progress cycles   -f  weak fairness\n"
"  -N NAME, -ltl NAME  which never claim or ltl formula to check, in every search\n"
"                   (as pan -N; default: the first in the file)\n"
"  -noclaim         ignore never claims and ltl formulas (as pan -DNOCLAIM)\n"
"  -safety          assertions, invalid end states, run-time errors (default); the\n"
"                   claim or ltl formula in lockstep, its end an error (as pan)\n"
"  -bfs             breadth-first search (shortest counterexample)\n"
"  -m DEPTH         depth bound      -M MB   memory bound\n"
"  -e               keep going after errors, count them all (pan's -c0; -c1 the default)\n"
"  -E               no invalid end states (as pan -E; -a on accept labels in the\n"
"                   processes, without a claim, checks none either, as pan -a)\n"
"  -t               replay the trail of the last error (model.pml.trail): exit 1\n"
"                   when the replay reproduces its error, 5 when it does not\n"
"  -replay FILE     replay the given trail   -tN  the N-th error's trail of -e\n"
"                   (-e writes model.pmlN.trail for each error, as pan)\n"
"  -simulate [-seed N] [-steps N]   random simulation\n"
"  -DNAME=VALUE, -UNAME, -IDIR      passed to the C preprocessor\n"
"  -heap=N          at most N live objects     -calldepth=N  deepest call stack\n"
"  -dot FILE        write the error state's heap as a Graphviz graph (.svg/.png: rendered)\n"
"  -report FILE     an HTML report: the error's steps (also with -t), or the summary\n"
"  -dump-states FILE  write every stored state (debugging)\n"
"  -hc              hash compaction: a 64-bit fingerprint per state (lossy)\n"
"  -bitstate [-w N] bitstate hashing in 2^N bits, default 27 (lossy)\n"
"  -compress=tree   keep every state exactly, tree-compressed (10-30 bytes a state)\n"
"  -cores=N         search with N worker threads (default 1): a breadth-first search\n"
"                   whose counts equal -bfs on one core (without POR, the default search's)\n"
"  -dist            distributed search over MPI (mpirun -np K dspin -dist ...): the states\n"
"                   partitioned over the ranks; the same counts and verdict as -bfs;\n"
"                   with -a/-l OWCTY, the verdict of the nested search (no -m; POR with\n"
"                   one choice per system state, not with -f, -sym=proc, -cache=backedge;\n"
"                   -cache=backedge: the store-or-not order)\n"
"  -json            machine-readable result on stdout, nothing on stderr\n"
"  -v / -q          more / less output   -p  (as spin -p) print every step: -v\n"
"  -n               no unreached-code report (as pan -n)\n"
"  --help, -h       this text          --version   dspin's version\n");
}

/* a command-line mistake: the usage on stderr, exit 2 */
static void usage(void)
{
	print_usage(stderr);
	exit(2);
}

typedef struct Opts {
	const char *file;
	const char *cpp[64]; int ncpp;
	const char *sym, *por, *cache;
	int simulate, replay, json, verbose, quiet, bfs, keep_going;
	int no_unreached;       /* -n: no unreached-code report (as pan -n) */
	int no_ends;            /* -E: no invalid end states (as pan -E) */
	int deadvars;           /* -deadvars: reset dead locals (reduce/deadvars.c) */
	int accept;             /* 1: -a acceptance cycles, 2: -l non-progress cycles */
	const char *ltl;        /* -N NAME or -ltl NAME: a never claim's or ltl formula's name */
	int noclaim;            /* -noclaim */
	int claim_accept;       /* -noclaim dropped a claim or formula with accept labels */
	int fair;               /* -f */
	long seed, steps, depth;
	long mem_mb;
	int heap_bound;
	int call_bound;
	const char *trailfile;
	int trail_num;          /* -tN: model.pmlN.trail, the N-th error's of -e (as spin -tN) */
	char trail_buf[4200];
	const char *dumpfile;
	const char *dotfile;
	const char *report;     /* -report FILE.html */
	int compare;            /* -compare[=LIST] */
	int por_given;          /* -por= was on the command line */
	int store_mode;         /* -hc, -bitstate: STORE_HC, STORE_BITSTATE */
	int wbits;              /* -w N */
	int compress;           /* -compress=tree */
	int cores;              /* -cores=N: worker threads (search/par/par.c) */
	int dist;               /* -dist: the distributed search over MPI (search/dist/dist.c) */
	int ltl_claim;          /* the never claim was made from an ltl formula */
	const char *claim_kind; /* "ltl" or "never": what the summary's never claim line names */
	const char *claim_name; /* its name (NULL: an unnamed never claim) */
	const char *compare_list;
} Opts;

/* -compress=VALUE: 1 for tree, 0 for none */
static int compress_arg(const char *v)
{
	if (!strcmp(v, "tree"))
		return 1;
	if (!strcmp(v, "none"))
		return 0;
	fprintf(stderr, "dspin: bad -compress value '%s' (tree, none)\n", v);
	exit(2);
}

static long num_arg(const char *opt, const char *v)
{
	char *e;
	if (!v) { fprintf(stderr, "dspin: %s needs a number\n", opt); exit(2); }
	long n = strtol(v, &e, 10);
	if (*e || n < 0) { fprintf(stderr, "dspin: %s: not a number: '%s'\n", opt, v); exit(2); }
	return n;
}

static int valid_sym(const char *v)
{
	return !strcmp(v, "none") || !strcmp(v, "heap") || !strcmp(v, "proc") || !strcmp(v, "heap,proc") || !strcmp(v, "proc,heap");
}
static int valid_por(const char *v)
{
	return !strcmp(v, "none") || !strcmp(v, "static") || !strcmp(v, "si") || !strcmp(v, "twophase") || !strcmp(v, "improviso");
}
static int valid_cache(const char *v)
{
	return !strcmp(v, "all") || !strcmp(v, "backedge") || !strcmp(v, "none");
}

static void parse_args(int argc, char **argv, Opts *o)
{
	memset(o, 0, sizeof *o);
	o->sym = "heap"; o->por = "si"; o->cache = "all";
	o->seed = 1; o->steps = 10000;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (a[0] != '-' || !a[1]) {
			if (o->file) { fprintf(stderr, "dspin: more than one model given ('%s' and '%s')\n", o->file, a); exit(2); }
			o->file = a; continue;
		}
		if (!strncmp(a, "-D", 2) || !strncmp(a, "-U", 2) || !strncmp(a, "-I", 2)) {
			/* a bare -I took the model's name as its directory (issue 40) */
			if (!a[2]) { fprintf(stderr, "dspin: %s needs its argument attached (%sNAME, as spin and cpp take it)\n", a, a); exit(2); }
			if (o->ncpp == 64) { fprintf(stderr, "dspin: more than 64 -D/-U/-I options\n"); exit(2); }
			o->cpp[o->ncpp++] = a;
			continue;
		}
		if (!strncmp(a, "-sym=", 5)) { o->sym = a + 5; continue; }
		if (!strncmp(a, "-por=", 5)) { o->por = a + 5; o->por_given = 1; continue; }
		if (!strncmp(a, "-cache=", 7)) { o->cache = a + 7; continue; }
		if (!strncmp(a, "-calldepth=", 11)) { o->call_bound = (int)num_arg("-calldepth", a + 11); if (o->call_bound < 1 || o->call_bound > 255) { fprintf(stderr, "dspin: -calldepth must be 1..255\n"); exit(2); } continue; }
		if (!strncmp(a, "-heap=", 6)) { o->heap_bound = (int)num_arg("-heap", a + 6); if (o->heap_bound < 1 || o->heap_bound > MAXOBJ) { fprintf(stderr, "dspin: -heap must be 1..%d\n", MAXOBJ); exit(2); } continue; }
		if (!strcmp(a, "-deadvars")) { o->deadvars = 1; continue; }
		if (!strcmp(a, "-simulate")) { o->simulate = 1; continue; }
		if (!strcmp(a, "-seed")) { o->seed = num_arg(a, argv[++i < argc ? i : argc - 1]); continue; }
		if (!strcmp(a, "-steps")) { o->steps = num_arg(a, i + 1 < argc ? argv[++i] : NULL); continue; }
		if (!strcmp(a, "-t")) { o->replay = 1; continue; }
		if (!strncmp(a, "-t", 2) && a[2] >= '1' && a[2] <= '9') { o->replay = 1; o->trail_num = (int)num_arg("-t", a + 2); continue; }
		if (!strcmp(a, "-replay")) { o->replay = 1; if (i + 1 >= argc) usage(); o->trailfile = argv[++i]; continue; }
		if (!strcmp(a, "-json")) { o->json = 1; continue; }
		if (!strcmp(a, "-compare")) { o->compare = 1; continue; }
		if (!strncmp(a, "-compare=", 9)) { o->compare = 1; o->compare_list = a + 9; continue; }
		if (!strcmp(a, "-dot")) { if (i + 1 >= argc) usage(); o->dotfile = argv[++i]; continue; }
		if (!strcmp(a, "-hc")) { o->store_mode = STORE_HC; continue; }
		if (!strcmp(a, "-bitstate")) { o->store_mode = STORE_BITSTATE; continue; }
		if (!strncmp(a, "-compress=", 10)) { o->compress = compress_arg(a + 10); continue; }
		if (!strncmp(a, "-cores=", 7)) {
			long n = num_arg("-cores", a + 7);
			if (n < 1 || n > PAR_MAXCORES) { fprintf(stderr, "dspin: -cores must be 1..%d\n", PAR_MAXCORES); exit(2); }
			o->cores = (int)n;
			continue;
		}
		if (!strcmp(a, "-w")) { o->wbits = (int)num_arg(a, i + 1 < argc ? argv[++i] : NULL); continue; }
		if (!strncmp(a, "-w", 2) && a[2] >= '0' && a[2] <= '9') { o->wbits = (int)num_arg("-w", a + 2); continue; }
		if (!strcmp(a, "-report")) { if (i + 1 >= argc) usage(); o->report = argv[++i]; continue; }
		if (!strcmp(a, "-dump-states")) { if (i + 1 >= argc) usage(); o->dumpfile = argv[++i]; continue; }
		if (!strcmp(a, "-v") || !strcmp(a, "-p")) { o->verbose = 1; continue; }
		/* pan's and spin's flags a SPIN user types (issue 40): the ones
		 * dspin has under another name are taken, the others refused
		 * with what to use instead, not with the whole usage text */
		if (!strcmp(a, "-c0")) { o->keep_going = 1; continue; }
		if (!strcmp(a, "-c1")) continue;
		if (!strncmp(a, "-c", 2) && a[2] >= '0' && a[2] <= '9') { fprintf(stderr, "dspin: %s (stop at the Nth error) is not supported: -e counts every error (pan's -c0), the default stops at the first (-c1)\n", a); exit(2); }
		if (!strcmp(a, "-i")) { fprintf(stderr, "dspin: %s (pan's iterative search for a shorter trail) is not supported: -bfs finds a shortest counterexample\n", a); exit(2); }
		if (!strcmp(a, "-A")) { fprintf(stderr, "dspin: -A (pan: ignore assertion violations) is not supported\n"); exit(2); }
		if (!strcmp(a, "-x")) { fprintf(stderr, "dspin: -x (pan: do not overwrite a trail) is not supported: dspin writes model.trail, -replay FILE reads another\n"); exit(2); }
		if (!strcmp(a, "-q")) { o->quiet = 1; continue; }
		if (!strcmp(a, "-n")) { o->no_unreached = 1; continue; }
		if (!strcmp(a, "-bfs")) { o->bfs = 1; continue; }
		if (!strcmp(a, "-dist")) { o->dist = 1; continue; }
		if (!strcmp(a, "-e")) { o->keep_going = 1; continue; }
		if (!strcmp(a, "-E")) { o->no_ends = 1; continue; }
		if (!strcmp(a, "-safety")) continue;
		if (!strcmp(a, "-m")) { o->depth = num_arg(a, i + 1 < argc ? argv[++i] : NULL); continue; }
		if (!strncmp(a, "-m", 2) && a[2]) { o->depth = num_arg("-m", a + 2); continue; }
		if (!strcmp(a, "-M")) { o->mem_mb = num_arg(a, i + 1 < argc ? argv[++i] : NULL); continue; }
		if (!strncmp(a, "-M", 2) && a[2]) { o->mem_mb = num_arg("-M", a + 2); continue; }
		if (!strcmp(a, "-a")) { o->accept = 1; continue; }
		if (!strcmp(a, "-l")) { o->accept = 2; continue; }
		if (!strcmp(a, "-ltl") || !strcmp(a, "-N")) { if (i + 1 >= argc) usage(); o->ltl = argv[++i]; continue; }
		if (!strcmp(a, "-noclaim")) { o->noclaim = 1; continue; }
		if (!strcmp(a, "-f")) { o->fair = 1; continue; }
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) { print_usage(stdout); exit(0); }
		if (!strcmp(a, "--version")) { printf("dspin %s\n", DSPIN_VERSION); exit(0); }
		fprintf(stderr, "dspin: unknown option '%s'\n", a);
		usage();
	}
	if (!o->file) usage();
	if (o->trail_num && !o->trailfile) {
		snprintf(o->trail_buf, sizeof o->trail_buf, "%s%d.trail", o->file, o->trail_num);
		o->trailfile = o->trail_buf;
	}
	if (!valid_sym(o->sym)) { fprintf(stderr, "dspin: bad -sym value '%s' (none, heap, proc, heap,proc)\n", o->sym); exit(2); }
	if (!valid_por(o->por)) { fprintf(stderr, "dspin: bad -por value '%s' (none, static, si, twophase, improviso)\n", o->por); exit(2); }
	if (!valid_cache(o->cache)) { fprintf(stderr, "dspin: bad -cache value '%s' (all, backedge, none)\n", o->cache); exit(2); }
	if (o->compare && (o->simulate || o->replay || o->dumpfile || o->dotfile || o->report)) {
		fprintf(stderr, "dspin: -compare goes with a search (not -simulate, -t, -dump-states, -dot or -report)\n"); exit(2);
	}
	if (o->wbits && o->store_mode != STORE_BITSTATE && !o->replay)
		fprintf(stderr, "dspin: warning: -w sets -bitstate's array size; without -bitstate it has no effect\n");
	if (!o->wbits) o->wbits = 27;
	if (o->wbits < 10 || o->wbits > 36) { fprintf(stderr, "dspin: -w must be 10..36 (2^N bits for -bitstate)\n"); exit(2); }
	if (o->store_mode && (o->bfs || o->accept)) {
		fprintf(stderr, "dspin: -hc and -bitstate go with the depth-first safety search (not -bfs, -a or -l): the breadth-first search keeps its queue in the store, the nested search keeps its choices there\n");
		exit(2);
	}
	if (!o->cores) o->cores = 1;
	if (o->cores > PAR_MAXCORES) { fprintf(stderr, "dspin: -cores must be 1..%d\n", PAR_MAXCORES); exit(2); }
	if (o->cores > 1 && (o->accept || o->compress || o->store_mode)) {
		/* what the multi-core search does not do yet: refused, not run on one core */
		fprintf(stderr, "dspin: -cores=%d is the safety search with the exact store: %s runs on one core (drop -cores)\n", o->cores,
			o->accept ? "the nested search for -a/-l" : o->compress ? "-compress=tree" : "-hc/-bitstate");
		exit(2);
	}
	if (o->dist) {
		/* what the distributed search does not do: refused, not run on
		 * one process (docs/distributed.md) */
		const char *no = o->compress ? "-compress=tree" : o->store_mode ? "-hc/-bitstate"
			: o->cores > 1 ? "-cores=N (one thread per rank: start more ranks instead)" : o->compare ? "-compare" : o->simulate ? "-simulate"
			: o->replay ? "-t (replay without -dist)" : o->report ? "-report" : o->dotfile ? "-dot" : o->dumpfile ? "-dump-states" : NULL;
		if (no) {
			fprintf(stderr, "dspin: -dist searches with the exact store, one thread a rank: %s is not available with it\n", no);
			exit(2);
		}
		/* -a/-l run OWCTY (search/dist/dist_owcty.c): its passes are
		 * breadth-first, so a depth bound means nothing there
		 * (-cache=backedge is the thesis's store-or-not OWCTY) */
		no = !o->accept ? NULL : o->depth ? "-m (a depth bound of the nested search)" : NULL;
		if (no) {
			fprintf(stderr, "dspin: -dist -a/-l is OWCTY over breadth-first passes: %s is not available with it\n", no);
			exit(2);
		}
	}
	if (o->compress && o->store_mode) {
		fprintf(stderr, "dspin: -compress=tree keeps every state exactly, -hc and -bitstate keep fingerprints: choose one\n");
		exit(2);
	}
	if (o->report && o->simulate) { fprintf(stderr, "dspin: -report goes with a search or -t, not -simulate\n"); exit(2); }
}

/* the stack that simulation and trail replay run on: the VM's semantics,
 * the garbage collector (numbering objects as the search did), the claim;
 * no symmetry, so moves name creation pids */
static Layer *plain_stack(VM *vm, const Opts *o)
{
	StackSpec sp = { .heap_canonical = strstr(o->sym, "heap") != NULL && !heap_symmetry_refused(vm->m), .deadvars = o->deadvars, .no_stutter = o->accept == 2,
		.no_ends = o->no_ends, .accept_stutter = !vm->m->never && o->accept == 1 && vm_proc_accept(vm) };
	return stack_build(vm, &sp);
}

/* -report: the trail replayed on a stack whose objects keep the numbers
 * they were allocated with (-sym=none), so the page can follow an object
 * through the steps */
static int write_report(VM *vm, const Opts *o, const char *trail, const ReportRun *run, const ReportLargest *lg)
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

static int simulate(VM *vm, Opts *o)
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

/* the options that shape the state space, as a trail's header keeps them */
static void trail_options_of(const Opts *o, char *buf, size_t size)
{
	size_t n = 0;
	buf[0] = 0;
#define ADD(...) (n += (size_t)snprintf(buf + n, n < size ? size - n : 0, __VA_ARGS__))
	ADD("-sym=%s -por=%s", o->sym, o->por);
	if (o->accept) ADD(" %s", o->accept == 2 ? "-l" : "-a");
	if (o->fair) ADD(" -f");
	if (o->ltl) ADD(" -N %s", o->ltl);
	if (o->noclaim) ADD(" -noclaim");
	if (o->heap_bound) ADD(" -heap=%d", o->heap_bound);
	if (o->deadvars) ADD(" -deadvars");
	if (o->call_bound) ADD(" -calldepth=%d", o->call_bound);
	for (int i = 0; i < o->ncpp; i++) ADD(" %s", o->cpp[i]);
#undef ADD
	if (n >= size) buf[0] = 0;   /* too long to keep: replay as given */
}

/* an option that decides which moves exist or what a move does, so a
 * trail made without it (or with another value) names other moves: the
 * claim (-a, -l, -f, -N, -noclaim), bounds, dead-variable resets, the
 * preprocessor's definitions */
static int shapes_path(const char *t)
{
	static const char *flags[] = { "-a", "-l", "-f", "-noclaim", "-deadvars", "-N", "-ltl" };
	for (size_t i = 0; i < sizeof flags / sizeof *flags; i++)
		if (!strcmp(t, flags[i]))
			return 1;
	return !strncmp(t, "-heap=", 6) || !strncmp(t, "-calldepth=", 11) ||
	       !strncmp(t, "-D", 2) || !strncmp(t, "-U", 2) || !strncmp(t, "-I", 2);
}

/* the path-shaping options of a token list, -N NAME as one "-N NAME" */
static int shaping_set(char **tok, int n, const char **out)
{
	int k = 0;
	for (int i = 0; i < n; i++) {
		if (!shapes_path(tok[i]))
			continue;
		if ((!strcmp(tok[i], "-N") || !strcmp(tok[i], "-ltl")) && i + 1 < n) {
			char *pair = xalloc(strlen(tok[i + 1]) + 4);
			sprintf(pair, "-N %s", tok[++i]);
			out[k++] = pair;
		} else
			out[k++] = tok[i];
	}
	return k;
}

static int in_set(const char **set, int n, const char *t)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(set[i], t))
			return 1;
	return 0;
}

/* -t: the trail's options first, then the command line's, which win
 * where they cannot change the path (-sym, -por: a trail names processes
 * by creation, so it replays the same moves on any symmetry; output
 * options); an option that shapes the moves (shapes_path) given
 * otherwise than the trail was made is refused (issue 37: they were
 * silently replaced); a trail option missing from the command line is
 * said once */
static void replay_options(int argc, char **argv, Opts *o)
{
	char trail[4096], line[2048];
	if (o->trailfile) snprintf(trail, sizeof trail, "%s", o->trailfile);
	else snprintf(trail, sizeof trail, "%s.trail", o->file);
	if (trail_options(trail, line, sizeof line) < 0 || !line[0]) return;
	char **tt = xalloc(sizeof(char *) * sizeof line);
	int nt = 0;
	for (char *t = strtok(xstrdup(line), " "); t; t = strtok(NULL, " ")) tt[nt++] = t;
	const char **tset = xalloc(sizeof(char *) * ((size_t)nt + 1));
	const char **cset = xalloc(sizeof(char *) * ((size_t)argc + 1));
	int ntset = shaping_set(tt, nt, tset), ncset = shaping_set(argv + 1, argc - 1, cset);
	for (int i = 0; i < ncset; i++)
		if (!in_set(tset, ntset, cset[i])) {
			fprintf(stderr, "dspin: %s conflicts with the options the trail was made with (%s): it changes which moves exist; replay without it\n", cset[i], line);
			exit(2);
		}
	char **av = xalloc(sizeof(char *) * ((size_t)argc + sizeof line));
	int ac = 0, missing = 0;
	av[ac++] = argv[0];
	for (int j = 0; j < nt; j++) {
		int given = 0;
		for (int i = 1; i < argc; i++) given |= !strcmp(argv[i], tt[j]);
		missing |= !given;
		av[ac++] = tt[j];
	}
	for (int i = 1; i < argc; i++) av[ac++] = argv[i];
	if (missing) fprintf(stderr, "dspin: replaying with the trail's options: %s\n", line);
	parse_args(ac, av, o);
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

/* -compare: one configuration's result */
typedef struct Row {
	int plan_only;          /* fill algorithm, search nothing */
	char config[64], algorithm[64], first_error[256];
	unsigned long long stored;
	int errors, exit;
	double secs;
	size_t mem;
} Row;

/* A VM for the model with the options' bounds and -sym=heap setting. */
static void vm_setup(VM *vm, Model *m, Program *prog, const Opts *o)
{
	memset(vm, 0, sizeof *vm);
	vm->prog = prog; vm->m = m; vm->out = stdout;
	vm->heap_bound = o->heap_bound;
	vm->call_bound = o->call_bound;
}

/* One verification run with o's -sym/-por/-cache: sets up the VM and the
 * reductions, searches, and prints the summary or the JSON line (or, for
 * -compare, fills *row and prints nothing but the JSON line). */
static int verify(Model *m, Program *prog, const Opts *op, Row *row)
{
	Opts o = *op;
	if (row) o.quiet = 1;   /* -compare: the table says it all */
	VM vm;
	vm_setup(&vm, m, prog, &o);
	char trail[4096];
	snprintf(trail, sizeof trail, "%s.trail", o.file);

	SearchOpts so; memset(&so, 0, sizeof so);
	so.bfs = o.bfs; so.keep_going = o.keep_going; so.max_depth = o.depth;
	so.accept = o.accept;
	if (o.fair && !o.accept) { fprintf(stderr, "dspin: -f (weak fairness) goes with -a or -l\n"); return 2; }
	if (o.accept && o.bfs) { fprintf(stderr, "dspin: -a/-l need the depth-first search; -bfs ignored\n"); so.bfs = 0; }
	if (o.accept && !strcmp(o.cache, "none")) {
		fprintf(stderr, "dspin: -cache=none does not go with -a/-l: the nested search must store states to end (-cache=backedge stores fewest)\n");
		return 2;
	}
	so.cache_backedge = o.accept && !strcmp(o.cache, "backedge");
	so.mem_limit = (size_t)o.mem_mb << 20;
	so.store_mode = o.compress ? STORE_TREE : o.store_mode;
	so.wbits = o.wbits;
	so.quiet = o.quiet || o.json;
	so.progress = !o.quiet && !o.json;
	so.trail_path = row ? NULL : trail;   /* -compare writes no trails */
	char topts[2048];
	trail_options_of(&o, topts, sizeof topts);
	so.trail_opts = topts;
	int pormode = !strcmp(o.por, "none") ? POR_NONE : !strcmp(o.por, "si") ? POR_SI : POR_STATIC;
	int twophase = !strcmp(o.por, "twophase");
	int improviso = !strcmp(o.por, "improviso");
	so.cores = o.cores;
	so.dist = o.dist;
	if ((twophase || improviso) && (so.bfs || so.accept || so.cores > 1 || so.dist)) {
		if (!row) fprintf(stderr, "dspin: warning: %s is a depth-first safety strategy; %s uses the static reduction\n",
		                  twophase ? "Twophase" : "Improviso", so.dist ? "-dist" : so.cores > 1 ? "-cores" : so.bfs ? "-bfs" : "-a/-l");
		twophase = improviso = 0;
	}
	int se = so.accept ? (so.dist ? SEARCH_OWCTY : SEARCH_NDFS) : so.dist ? SEARCH_DIST : so.cores > 1 ? SEARCH_PAR : so.bfs ? SEARCH_BFS : twophase ? SEARCH_TWOPHASE : improviso ? SEARCH_IMPROVISO : SEARCH_DFS;
	int heap_canonical = strstr(o.sym, "heap") != NULL;
	/* an object's channel id that became data: no renumbering (issue 37) */
	const char *heap_refused = heap_canonical && m->has_heap ? heap_symmetry_refused(m) : NULL;
	if (heap_refused)
		heap_canonical = 0;
	/* symmetric independence holds modulo the heap permutation only */
	if (pormode == POR_SI && !(heap_canonical && m->has_heap))
		pormode = POR_STATIC;
	/* the reductions asked for that this search cannot run: said once,
	 * from the one table (search/support.c) */
	const char *why;
	ProcSym *ps = NULL;
	if (strstr(o.sym, "proc")) {
		ps = procsym_analyze_for(&vm, heap_canonical, so.accept != 0);
		if ((why = search_refuses(se, RED_PROC))) {
			if (!row) fprintf(stderr, "dspin: warning: process symmetry is not available with %s: %s; searching without it\n", search_name(se), why);
			ps = NULL;
		}
	}
	int proc_on = ps && ps->any;
	PorTable *pt = NULL;
	const char *por_refused = pormode != POR_NONE ? search_refuses(se, RED_POR) : NULL;
	/* what the property needs of the reduction (docs/liveness.md) */
	/* An ltl formula's claim is stutter-invariant, and the nested search
	 * (-a) may reduce under it: the reduction keeps a run stutter-
	 * equivalent to each, so an accepting cycle is kept.  A plain run
	 * asks instead whether the claim reaches its end, and a run
	 * stutter-equivalent to one that does need not take the automaton
	 * there (not shown for dspin's automata): there the claim observes
	 * every move, as a hand-written one does */
	int claim_si = o.accept == 2 || (o.ltl_claim && o.accept == 1);
	if (pormode != POR_NONE && !por_refused && o.accept) {
		if (o.fair)
			por_refused = "weak fairness is not preserved by the reduction";
		else if (!m->never || (o.accept == 1 && vm_proc_accept(&vm)))
			por_refused = "accept labels in the processes are not a claim whose visible moves dspin knows";
		else if (!claim_si)
			por_refused = "a hand-written never claim may not be stutter-invariant (an ltl formula is)";
		/* OWCTY keeps a level and a choice per system state of a
		 * stored node (docs/distributed.md, "Partial-order reduction
		 * under OWCTY") */
		else if (se == SEARCH_OWCTY && so.cache_backedge)
			por_refused = "-cache=backedge leaves nodes unstored, with no level or choice to keep";
		else if (se == SEARCH_OWCTY && proc_on)
			por_refused = "under process symmetry OWCTY expands each node with the identities of its own first arrival, not one set per system state as the nested search does, and one choice per system state is not shown sound with that";
	}
	if (pormode != POR_NONE && (why = por_refused)) {
		/* the default -por=si says nothing; an explicit one is warned */
		if (!row && op->por_given) fprintf(stderr, "dspin: warning: partial-order reduction is not available with %s: %s; searching without it\n", search_name(se), why);
		pormode = POR_NONE;
	}
	int nsafe = 0;
	if (pormode != POR_NONE) {
		pt = por_table(&vm, pormode, proc_on ? ps : NULL);
		nsafe = por_table_nsafe(pt);
	}
	/* no invalid end states with -E, and, as pan (which checks them only
	 * without a_cycles), under -a on the processes' accept labels */
	int accept_stutter = !m->never && o.accept == 1 && vm_proc_accept(&vm);
	int ends_off = accept_stutter || (!m->never && (o.no_ends || (o.accept == 1 && o.claim_accept)));
	/* the stack: semantics, then the reductions (vm/next.h) */
	StackSpec sp = { .heap_canonical = heap_canonical, .deadvars = o.deadvars, .ps = proc_on ? ps : NULL, .no_stutter = o.accept == 2, .no_ends = ends_off, .accept_stutter = accept_stutter,
		.claim_stutter_invariant = claim_si, .fair = o.fair, .por = nsafe > 0 ? pt : NULL, .por_ample = !twophase && !improviso };
	/* the unreached-code report's marks: every worker of this process
	 * shares them; under -dist each rank marks its own, and the search
	 * merges them into rank 0's */
	size_t nreached = !row && !o.no_unreached ? (size_t)prog->ntrans + 1 : 0;
	Reached *reached = nreached ? calloc(nreached, 1) : NULL;
	sp.reached = reached;
	so.reached = reached;
	so.nreached = nreached;
	so.stack = stack_build(&vm, &sp);
	if (nsafe > 0 && twophase) so.twophase = !strcmp(o.cache, "all") ? 1 : !strcmp(o.cache, "backedge") ? 2 : 3;
	so.improviso = nsafe > 0 && improviso;
	int por_ran_static = nsafe > 0 && !twophase && !improviso;
	/* the reduction that runs, for the summary and JSON */
	const char *por_ran = so.twophase == 1 ? "twophase cache=all" : so.twophase == 2 ? "twophase cache=backedge"
		: so.twophase == 3 ? "twophase cache=none" : so.improviso ? "improviso"
		: por_ran_static ? (pormode == POR_SI ? "si" : "static") : "none";
	if (so.cache_backedge)
		por_ran = por_ran_static ? (pormode == POR_SI ? "si cache=backedge" : "static cache=backedge") : "none cache=backedge";
	/* heap symmetry without objects, or process symmetry without
	 * interchangeable processes, is no reduction at all */
	int heap_ran = heap_canonical && m->has_heap;
	const char *sym_ran = heap_ran ? (proc_on ? "heap,proc" : "heap") : (proc_on ? "proc" : "none");
	if (row && row->plan_only) {
		snprintf(row->algorithm, sizeof row->algorithm, "sym=%s por=%s", sym_ran, por_ran);
		return 0;
	}
	Dump dump = { &vm, NULL, 0 };
	if (o.dumpfile) {
		dump.f = fopen(o.dumpfile, "w");
		if (!dump.f) { fprintf(stderr, "dspin: cannot write '%s'\n", o.dumpfile); free(reached); return 2; }
		so.on_store = dump_state; so.on_store_ctx = &dump;
	}
	ReportLargest largest;
	if (o.report)
		report_track(&largest, &vm, &so);
	SearchResult r;
	memset(&r, 0, sizeof r);
	int ran = so.dist && so.accept ? search_dist_owcty(&vm, &so, &r)
		: so.dist ? search_dist(&vm, &so, &r)
		: search_run(&vm, &so, &r);
	/* no search at all (its memory could not be had): never a result */
	if (ran < 0) {
		fprintf(stderr, "dspin: cannot search: %s\n", r.first_error[0] ? r.first_error : "out of memory");
		if (dump.f) fclose(dump.f);
		free(reached);
		if (row) {
			snprintf(row->algorithm, sizeof row->algorithm, "sym=%s por=%s", sym_ran, por_ran);
			row->exit = 3;
			snprintf(row->first_error, sizeof row->first_error, "-");
		}
		return 3;
	}
	if (dump.f) fclose(dump.f);
	if (o.dotfile && r.errors && r.trail_written)
		write_dot(&vm, &o, trail, so.quiet);
	if (o.report) {
		ReportRun run = { sym_ran, por_ran, search_name(se), heap_ran, proc_on, por_ran_static, so.twophase > 0, &r };
		write_report(&vm, &o, r.trail_written ? trail : NULL, &run, &largest);
		report_largest_free(&largest);
	}

	int code = r.errors ? 1 : r.incomplete ? 3 : 0;
	double rate = r.secs > 0 ? r.stored / r.secs : 0;
	if (row) {
		snprintf(row->algorithm, sizeof row->algorithm, "sym=%s por=%s",
			 sym_ran, por_ran);
		row->stored = r.stored; row->errors = r.errors; row->exit = code;
		row->secs = r.secs; row->mem = r.mem;
		snprintf(row->first_error, sizeof row->first_error, "%s", r.errors ? r.first_error : "-");
		if (!o.json) { free(reached); return code; }
	}
	if (o.json) {
		printf("{\"model\":"); json_text(stdout, o.file);
		printf(",\"sym\":\"%s\",\"por\":\"%s\",\"search\":\"%s\",\"cores\":%d", o.sym, o.por, o.bfs || o.cores > 1 || o.dist ? "bfs" : "dfs", o.cores);
		if (o.dist) {
			printf(",\"ranks\":%d,\"per_rank\":[", r.nranks);
			for (int i = 0; r.ranks && i < r.nranks; i++)
				printf("%s{\"rank\":%d,\"states\":%llu,\"messages\":%llu,\"states_sent\":%llu,\"states_not_resent\":%llu,\"peak_rss_mb\":%.1f,\"elapsed_s\":%.3f,\"cpu_s\":%.3f,\"wait_s\":%.3f}",
				       i ? "," : "", i, (unsigned long long)r.ranks[i].stored, (unsigned long long)r.ranks[i].messages,
				       (unsigned long long)r.ranks[i].sent_states, (unsigned long long)r.ranks[i].not_resent,
				       r.ranks[i].peak_mb, r.ranks[i].secs, r.ranks[i].cpu_secs, r.ranks[i].wait_secs);
			printf("]");
		}
		/* what ran, as opposed to what was asked: si falls back to the
		 * static reduction, and -cache only means something to twophase.
		 * Scripts that try every option (tests/gen/driver.sh) use it to
		 * run each distinct algorithm once. */
		printf(",\"cache\":\"%s\",\"algorithm\":\"sym=%s por=%s%s\"", o.cache, sym_ran, por_ran, o.deadvars ? " deadvars" : "");
		printf(",\"deadvars\":%s", o.deadvars ? "true" : "false");
		/* the never claim line's "+ (ltl NAME)" */
		printf(",\"claim\":");
		if (!m->never) printf("null");
		else if (o.accept == 2) printf("\"non-progress\"");
		else {
			char cl[600];
			snprintf(cl, sizeof cl, "%s%s%s", o.claim_name ? o.claim_kind : "never", o.claim_name ? " " : "", o.claim_name ? o.claim_name : "");
			json_text(stdout, cl);
		}
		if (ps) {
			printf(",\"symmetric_proctypes\":[");
			int first = 1;
			for (int i = 0; i < m->nptypes; i++) if (ps->eligible[i]) { printf("%s", first ? "" : ","); json_text(stdout, m->ptypes[i]->name); first = 0; }
			printf("]");
		}
		printf(",\"state_vector_bytes\":%d,\"depth_reached\":%ld,\"errors\":%d", r.max_vec, r.depth, r.errors);
		printf(",\"states_stored\":%llu,\"states_matched\":%llu,\"transitions\":%llu,\"atomic_steps\":%llu",
		       (unsigned long long)r.stored, (unsigned long long)r.matched,
		       (unsigned long long)r.transitions, (unsigned long long)r.atomic_steps);
		printf(",\"max_objects\":%d,\"heap_renumbered\":%llu,\"procs_permuted\":%llu,\"por_reduced_states\":%llu",
		       r.stats.max_objects, r.stats.heap_renumbered, r.stats.procs_permuted,
		       (unsigned long long)(so.twophase || so.improviso ? r.por_reduced : r.stats.por_reduced));
		printf(",\"memory_mb\":%.3f,\"elapsed_s\":%.3f,\"states_per_s\":%.0f", r.mem / 1048576.0, r.secs, rate);
		printf(",\"storage\":\"%s\"", o.compress ? "tree" : o.store_mode == STORE_HC ? "hc" : o.store_mode == STORE_BITSTATE ? "bitstate" : "exact");
		printf(",\"store_mb\":%.3f,\"bytes_per_state\":%.2f", r.store_bytes / 1048576.0,
		       r.stored ? (double)r.store_bytes / (double)r.stored : 0.0);
		if (o.store_mode == STORE_HC) printf(",\"expected_collisions\":%.6g", r.omission);
		if (o.store_mode == STORE_BITSTATE)
			printf(",\"bitstate_bits\":%d,\"hash_factor\":%.3f,\"omission_probability\":%.6g", o.wbits,
			       r.stored ? ldexp(1.0, o.wbits) / (double)r.stored : 0.0, r.omission);
		int stopped = r.errors && !o.keep_going;
		printf(",\"complete\":%s,\"incomplete_reason\":", r.incomplete || stopped ? "false" : "true");
		if (r.incomplete == 3) json_text(stdout, r.bound_msg);
		else printf("%s", r.incomplete == 1 ? "\"depth bound\"" : r.incomplete == 2 ? "\"memory bound\"" : stopped ? "\"stopped at the first error\"" : "null");
		printf(",\"first_error\":"); if (r.errors) json_text(stdout, r.first_error); else printf("null");
		printf(",\"error_kinds\":[");
		for (int i = 0; i < r.nkinds; i++) { if (i) printf(","); json_text(stdout, r.kinds[i]); }
		printf("]%s", r.kinds_full ? ",\"error_kinds_full\":true" : "");
		printf(",\"trail\":"); if (r.trail_written) json_text(stdout, trail); else printf("null");
		printf(",\"unreached\":");
		if (!reached || stopped || unreached_json(&vm, reached, stdout) < 0) printf("null");
		printf(",\"exit\":%d}\n", code);
		free(r.ranks);
		free(reached);
		return code;
	}
	printf("\n(dspin %s)\n", DSPIN_VERSION);
	/* the reduction that ran, not the one asked for: -por=twophase under
	 * -a or -bfs runs the static one (issue 40) */
	const char *por_head = so.twophase ? "twophase" : so.improviso ? "improviso"
		: por_ran_static ? (pormode == POR_SI ? "si" : "static") : "none";
	printf("%s statespace search for:  -sym=%s -por=%s%s\n", r.incomplete ? "Partial" : "Full",
	       heap_canonical ? (proc_on ? "heap,proc" : "heap") : (proc_on ? "proc" : "none"), por_head, o.bfs || o.cores > 1 ? " -bfs" : "");
	if (o.cores > 1) printf("\t%d cores: breadth-first by levels, one lock-free state table\n", o.cores);
	if (o.dist) printf("\t%d ranks (MPI): %s, states partitioned by hash\n", r.nranks,
	                   o.accept ? "OWCTY (breadth-first passes)" : "breadth-first by levels");
	if (heap_refused) printf("\theap symmetry: left out: %s\n", heap_refused);
	if (ps) procsym_report(&vm, ps, stdout);
	if (o.deadvars) printf("\tdead variable elimination: %s\n", deadvars_ranges(so.stack) ? "locals reset where dead" : "no proctype takes part");
	if (so.twophase) printf("\tpartial-order reduction: Twophase, -cache=%s, %d safe location%s\n", o.cache, nsafe, nsafe == 1 ? "" : "s");
	if (so.cache_backedge) printf("\t%s: -cache=backedge (a state is stored only when reached from a greater one)\n",
	                              so.dist ? "OWCTY" : "nested search");
	if (so.improviso) printf("\tpartial-order reduction: Improviso, %d safe location%s\n", nsafe, nsafe == 1 ? "" : "s");
	if (por_ran_static) printf("\tpartial-order reduction: %d safe location%s\n", nsafe, nsafe == 1 ? "" : "s");
	else if (por_refused) printf("\tpartial-order reduction: not with %s: %s\n", search_name(se), por_refused);
	else if (pormode != POR_NONE && !so.twophase && !so.improviso) printf("\tpartial-order reduction: no safe locations\n");
	/* which claim ran, as pan's "never claim + (NAME)" */
	if (!m->never) printf("\tnever claim\t\t- (none)\n");
	else if (o.accept == 2) printf("\tnever claim\t\t+ (non-progress)\n");
	else if (o.claim_name) printf("\tnever claim\t\t+ (%s %s)\n", o.claim_kind, o.claim_name);
	else printf("\tnever claim\t\t+ (never)\n");
	printf("\tassertion violations\t+\n");
	if (o.accept) printf("\t%s cycles\t+ (fairness %s)\n", o.accept == 2 ? "non-progress" : "acceptance", o.fair ? "enabled" : "disabled");
	printf("\tinvalid end states\t%s\n\trun-time errors\t\t+\n\n", m->never ? "- (disabled by never claim)"
	       : !ends_off ? "+" : o.no_ends ? "- (disabled by -E flag)" : "- (disabled by -a on accept labels, as pan)");
	printf("State-vector %d byte, depth reached %ld, errors: %d\n", r.max_vec, r.depth, r.errors);
	printf("%9llu states, stored\n", (unsigned long long)r.stored);
	printf("%9llu states, matched\n", (unsigned long long)r.matched);
	printf("%9llu transitions (= stored+matched%s)\n", (unsigned long long)r.transitions, so.cache_backedge ? "+explored again" : "");
	printf("%9llu atomic steps\n", (unsigned long long)r.atomic_steps);
	printf("%9.3f memory usage (Mbyte)\n", r.mem / 1048576.0);
	/* (OWCTY sends every successor: no "not sent again") */
	for (int i = 0; r.ranks && i < r.nranks; i++) {
		printf("\trank %d: %llu states, %llu messages (%llu states sent", i,
		       (unsigned long long)r.ranks[i].stored, (unsigned long long)r.ranks[i].messages,
		       (unsigned long long)r.ranks[i].sent_states);
		if (!o.accept)
			printf(", %llu not sent again", (unsigned long long)r.ranks[i].not_resent);
		printf("), peak resident %.1f Mbyte, %.3g s CPU, %.3g s waiting\n", r.ranks[i].peak_mb, r.ranks[i].cpu_secs, r.ranks[i].wait_secs);
	}
	if (m->has_heap) printf("%9d objects in the largest heap\n", r.stats.max_objects);
	if (heap_canonical && m->has_heap) printf("%9llu successors renumbered by heap symmetry\n", r.stats.heap_renumbered);
	if (proc_on) printf("%9llu successors reordered by process symmetry\n", r.stats.procs_permuted);
	if (por_ran_static) printf("%9llu states expanded with one process (partial-order reduction)\n", r.stats.por_reduced);
	if (so.twophase) printf("%9llu deterministic phase-1 steps (Twophase)\n", (unsigned long long)r.por_reduced);
	if (so.improviso) printf("%9llu phase-1 states expanded with one process (Improviso)\n", (unsigned long long)r.por_reduced);
	if (so.cache_backedge) printf("%9llu states explored again without being stored (-cache=backedge)\n", (unsigned long long)r.revisits);
	/* as pan: not when the search stopped at an error */
	if (reached && !o.quiet && !(r.errors && !o.keep_going)) {
		printf("\n");
		unreached_print(&vm, reached, stdout);
	}
	free(reached);
	printf("\nelapsed time %.3g seconds\n", r.secs);
	if (r.secs > 0) printf("states per second %.0f\n", rate);
	if (r.incomplete == 1) printf("dspin: search incomplete: depth bound -m %ld reached\n", o.depth);
	if (r.incomplete == 2 && o.mem_mb) printf("dspin: search incomplete: memory bound -M %ld MB reached\n", o.mem_mb);
	if (r.incomplete == 2 && !o.mem_mb) printf("dspin: search incomplete: out of memory\n");
	if (o.compress)
		printf("tree compression: store %.3f Mbyte, %.1f bytes per state (every state kept exactly)\n",
		       r.store_bytes / 1048576.0, r.stored ? (double)r.store_bytes / (double)r.stored : 0.0);
	if (o.store_mode == STORE_HC)
		printf("hash compaction: 64-bit fingerprints; expected fingerprint collisions %.3g (each may hide states)\n", r.omission);
	if (o.store_mode == STORE_BITSTATE)
		printf("bitstate: 2^%d bits, %d per state; hash factor %.1f (SPIN: best if > 100); a new state was taken as visited with probability %.3g at the end\n",
		       o.wbits, BITSTATE_K, r.stored ? ldexp(1.0, o.wbits) / (double)r.stored : 0.0, r.omission);
	if (r.bound_msg[0]) printf("dspin: search incomplete: %s (a resource limit, not an error: the moves that needed more were not explored%s)\n",
	                           r.bound_msg, r.errors || !r.trail_written ? "" : "; the trail leads to the first");
	if (r.errors && r.trail_written) printf("dspin: wrote %s\n", trail);
	free(r.ranks);
	return code;
}

/* -compare: every distinct reduction on one model, one row each. */
static int compare(Model *m, Program *prog, const Opts *op)
{
	static const char *all[] = {
		"none/none", "none/static", "none/twophase/all", "none/twophase/backedge", "none/twophase/none", "none/improviso",
		"heap/none", "heap/static", "heap/si", "heap/twophase/all", "heap/twophase/backedge", "heap/twophase/none", "heap/improviso",
		"proc/none", "proc/static", "proc/twophase/all", "proc/twophase/backedge", "proc/twophase/none", "proc/improviso",
		"heap,proc/none", "heap,proc/static", "heap,proc/si", "heap,proc/twophase/all", "heap,proc/twophase/backedge", "heap,proc/twophase/none",
		"heap,proc/improviso",
	};
	/* -a/-l: the nested search runs no Twophase or Improviso and needs a
	 * store (no -cache=none); its own choices are the reduction and
	 * whether to store only on backward edges */
	static const char *live[] = {
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
	int ref_exit = -1, disagree = 0, more = 0, inconclusive = 0;
	long long ref_stored = -1;
	if (!op->json)
		printf("%-26s %-34s %10s %7s %5s %9s  %s\n", "configuration", "algorithm (what ran)", "stored", "errors", "exit", "seconds", "first error");
	for (int i = 0; i < n; i++) {
		char cfg[128]; snprintf(cfg, sizeof cfg, "%s", list[i]);
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
		r->plan_only = 0;
		int code = verify(m, prog, &o, r);
		nrows++;
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
			printf("%-26s %-34s %10llu %7d %5d %9.3f  %s\n", r->config, r->algorithm, (unsigned long long)r->stored,
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

/* the front end's allocator found the collector's heap exhausted */
static void out_of_memory(size_t n)
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
static LtlClaim ltl_map;
static LtlDecl *ltl_map_decl;
static const char *ltl_map_file;   /* the claim's name in positions: "<ltl NAME>" */
static Pos ltl_remap(Pos p)
{
	if (!ltl_map_file || !p.file || strcmp(p.file, ltl_map_file)) return p;
	int off = ltl_claim_offset(&ltl_map, p.line, p.col);
	return off < 0 ? ltl_map_decl->pos : ltl_map_decl->cpos[off];
}

int main(int argc, char **argv)
{
	GC_INIT();
	xalloc_on_failure(out_of_memory);
	diag_say_once = 1;
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
	Model *m = parse_file(o.file, o.cpp, o.ncpp);
	if (diag_count) { fprintf(stderr, "dspin: %d error(s)\n", diag_count); return 2; }
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
	diag_remap = ltl_remap;
	for (int i = 0; i < m->nltls; i++) {
		LtlDecl *l = m->ltls[i];
		LtlClaim c = ltl_translate(l->text, terminate);
		if (!c.text) {
			Pos at = l->cpos[c.err_off];
			diag_error(at, "ltl %s: %s", l->name, c.err);
			continue;
		}
		if (l == chosen && runs) { claim = c.text; chosen_claim = c; }
		/* every proposition, parsed and checked with the model, for
		 * each formula (the model's own warnings said once): the claim
		 * may have lost some (`p || true`), and the others do not run */
		c = ltl_atoms(l->text);
		char nm[300]; snprintf(nm, sizeof nm, "<ltl %s>", l->name);
		ltl_map = c; ltl_map_decl = l; ltl_map_file = xstrdup(nm);
		diag_quiet_warnings = 1;
		int before = diag_count;
		Model *mk = parse_file_with(o.file, o.cpp, o.ncpp, c.text, ltl_map_file);
		if (diag_count == before) {
			mk->never = mk->nevers[mk->nnevers - 1];
			check_model(mk);
		}
		diag_quiet_warnings = 0;
		ltl_map_file = NULL;
	}
	if (diag_count) { fprintf(stderr, "dspin: %d error(s)\n", diag_count); return 2; }
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
		ltl_map = chosen_claim; ltl_map_decl = chosen; ltl_map_file = xstrdup(nm);
		m = parse_file_with(o.file, o.cpp, o.ncpp, claim, ltl_map_file);
		if (diag_count) { fprintf(stderr, "dspin: %d error(s)\n", diag_count); return 2; }
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
		Model *np = parse_string("<non-progress claim>",
			"never { do :: true :: np_ -> break od; accept_np: do :: np_ od }");
		m->never = np->never;
	}
	check_model(m);
	if (diag_count) { fprintf(stderr, "dspin: %d error(s)\n", diag_count); return 2; }
	Program *prog = compile_model(m);
	if (diag_count) { fprintf(stderr, "dspin: %d error(s)\n", diag_count); return 2; }
	if (o.ltl_claim && o.accept != 1 && !o.replay && !o.json)
		/* as pan's "never claim + accept labels requires -a flag to
		 * fully verify" */
		fprintf(stderr, "dspin: warning: ltl %s: a safety search finds the violations a finite prefix shows (the claim reaching its end); acceptance cycles need -a\n",
			o.claim_name);
	VM vm;
	vm_setup(&vm, m, prog, &o);
	if (vm_check(&vm)) { fprintf(stderr, "dspin: %d error(s)\n", diag_count); return 2; }

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
