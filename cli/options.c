/* options.c — the command line: usage, parsing and the checks of option
 * combinations that need no model (the plan, search/plan.c, makes the
 * rest), and the options a trail's header keeps and -t honours. */
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../search/par/par.h"
#include "../report/summary.h"

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
"  -dfs-window=N    (for tests) the depth-first search's compact stack with an N-byte\n"
"                   window in any search without a proviso; 0: never compact\n"
"  -compare[=SYM/POR[/CACHE]:...]  run every (or each listed) reduction, one row each\n"
"  -a / -l          acceptance / non-progress cycles   -f  weak fairness\n"
"  -N NAME, -ltl NAME  which never claim or ltl formula to check, in every search\n"
"                   (as pan -N; default: the first in the file)\n"
"  -noclaim         ignore never claims and ltl formulas (as pan -DNOCLAIM)\n"
"  -ltl-nosimplify  (for tests) translate ltl formulas without rewriting them first\n"
"  -safety          assertions, invalid end states, run-time errors (default); the\n"
"                   claim or ltl formula in lockstep, its end an error (as pan)\n"
"  -bfs             breadth-first search (shortest counterexample)\n"
"  -symbolic        symbolic search: sets of states as BDDs (BuDDy), breadth-first,\n"
"                   unreduced (-por=improviso: Improviso's reduction), for models\n"
"                   without classes, functions, claims or priorities; exact counts\n"
"                   beyond 2^64; the trail replays with -t\n"
"  -order=chain     (-symbolic) each process's images, to its own fixpoint, on the set the\n"
"                   images before it grew (LTSmin's chaining); -order=bfs the default\n"
"  -sift            (-symbolic) reorder the BDD variables by sifting as the set grows,\n"
"                   instead of the attach order (docs/symbolic.md)\n"
"  -m DEPTH         depth bound      -M MB   memory bound (default 3/4 of RAM; 0: none)\n"
"  -e               keep going after errors, count them all, a numbered trail for each\n"
"                   (pan -e; -c0: the same without the numbered trails; -c1 the default;\n"
"                   -cN stops at the N-th error, as pan)\n"
"  -A               no assertion violations (as pan -A: assertions still evaluated)\n"
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
"  -native=on|off   compile the model's flat guards and assignments to machine code\n"
"                   with cc (default on, cached; DSPIN_NATIVE=off: off by default;\n"
"                   DSPIN_CC: another compiler); a compiler that fails is a warning\n"
"  -json            machine-readable result on stdout, nothing on stderr\n"
"  -v / -q          more / less output (-v: the plan before a search, every step of\n"
"                   -simulate)   -p  (as spin -p) print every step: -v\n"
"  -n               no unreached-code report (as pan -n)\n"
"  --help, -h       this text          --version   dspin's version\n");
}

/* a command-line mistake: the usage on stderr, exit 2 */
static void usage(void)
{
	print_usage(stderr);
	exit(2);
}

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

int valid_sym(const char *v)
{
	return !strcmp(v, "none") || !strcmp(v, "heap") || !strcmp(v, "proc") || !strcmp(v, "heap,proc") || !strcmp(v, "proc,heap");
}
int valid_por(const char *v)
{
	return !strcmp(v, "none") || !strcmp(v, "static") || !strcmp(v, "si") || !strcmp(v, "twophase") || !strcmp(v, "improviso");
}
int valid_cache(const char *v)
{
	return !strcmp(v, "all") || !strcmp(v, "backedge") || !strcmp(v, "none");
}

void parse_args(int argc, char **argv, Opts *o)
{
	int mem_given = 0, cache_given = 0, sim_given = 0;
	memset(o, 0, sizeof *o);
	o->sym = "heap"; o->por = "si"; o->cache = "all";
	/* DSPIN_NATIVE=off: the default the other way (the test suite's bulk
	 * runs, where every model is new and compiling would dominate) */
	const char *ne = getenv("DSPIN_NATIVE");
	o->native = !(ne && !strcmp(ne, "off"));
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
		if (!strncmp(a, "-cache=", 7)) { o->cache = a + 7; cache_given = 1; continue; }
		if (!strncmp(a, "-calldepth=", 11)) { o->call_bound = (int)num_arg("-calldepth", a + 11); if (o->call_bound < 1 || o->call_bound > 255) { fprintf(stderr, "dspin: -calldepth must be 1..255\n"); exit(2); } continue; }
		if (!strncmp(a, "-heap=", 6)) { o->heap_bound = (int)num_arg("-heap", a + 6); if (o->heap_bound < 1 || o->heap_bound > MAXOBJ) { fprintf(stderr, "dspin: -heap must be 1..%d\n", MAXOBJ); exit(2); } continue; }
		if (!strcmp(a, "-deadvars")) { o->deadvars = 1; continue; }
		if (!strcmp(a, "-ltl-nosimplify")) { o->ltl_nosimplify = 1; continue; }
		if (!strncmp(a, "-dfs-window=", 12)) { long w = num_arg("-dfs-window", a + 12); o->dfs_window = w > 0 ? w : -1; continue; }
		if (!strcmp(a, "-simulate")) { o->simulate = 1; continue; }
		if (!strcmp(a, "-seed")) { o->seed = num_arg(a, i + 1 < argc ? argv[++i] : NULL); sim_given = 1; continue; }
		if (!strcmp(a, "-steps")) { o->steps = num_arg(a, i + 1 < argc ? argv[++i] : NULL); sim_given = 1; continue; }
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
		if (!strncmp(a, "-c", 2) && a[2] >= '0' && a[2] <= '9') {
			/* pan -cN: stop at the N-th error, counting them */
			o->max_errors = (int)num_arg("-c", a + 2);
			o->keep_going = 1;
			continue;
		}
		if (!strcmp(a, "-i")) { fprintf(stderr, "dspin: %s (pan's iterative search for a shorter trail) is not supported: -bfs finds a shortest counterexample\n", a); exit(2); }
		if (!strcmp(a, "-A")) { o->no_asserts = 1; continue; }
		if (!strcmp(a, "-x")) { fprintf(stderr, "dspin: -x (pan: do not overwrite a trail) is not supported: dspin writes model.trail, -replay FILE reads another\n"); exit(2); }
		if (!strcmp(a, "-q")) { o->quiet = 1; continue; }
		if (!strcmp(a, "-n")) { o->no_unreached = 1; continue; }
		if (!strcmp(a, "-bfs")) { o->bfs = 1; continue; }
		if (!strcmp(a, "-symbolic")) { o->symbolic = 1; continue; }
		if (!strcmp(a, "-sift")) { o->sym_sift = 1; continue; }
		if (!strncmp(a, "-order=", 7)) {
			if (strcmp(a + 7, "bfs") && strcmp(a + 7, "chain")) { fprintf(stderr, "dspin: bad -order value '%s' (bfs, chain)\n", a + 7); exit(2); }
			o->sym_chain = !strcmp(a + 7, "chain");
			continue;
		}
		if (!strcmp(a, "-dist")) { o->dist = 1; continue; }
		if (!strcmp(a, "-native=on")) { o->native = 1; continue; }
		if (!strcmp(a, "-native=off")) { o->native = 0; continue; }
		if (!strcmp(a, "-e")) { o->keep_going = 1; o->numbered = 1; continue; }
		if (!strcmp(a, "-E")) { o->no_ends = 1; continue; }
		if (!strcmp(a, "-safety")) continue;
		if (!strcmp(a, "-m")) { o->depth = num_arg(a, i + 1 < argc ? argv[++i] : NULL); continue; }
		if (!strncmp(a, "-m", 2) && a[2]) { o->depth = num_arg("-m", a + 2); continue; }
		if (!strcmp(a, "-M")) { o->mem_mb = num_arg(a, i + 1 < argc ? argv[++i] : NULL); mem_given = 1; continue; }
		if (!strncmp(a, "-M", 2) && a[2]) { o->mem_mb = num_arg("-M", a + 2); mem_given = 1; continue; }
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
	if (o->max_errors > 1 && (o->cores > 1 || o->dist)) {
		fprintf(stderr, "dspin: -c%d (stop at error number %d) goes with the depth-first, nested and breadth-first searches, not %s: use -e\n",
		        o->max_errors, o->max_errors, o->dist ? "-dist" : "-cores");
		exit(2);
	}
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
	if (o->symbolic && !o->replay && !o->simulate) {
		/* what the symbolic search does not do (docs/symbolic.md) */
		const char *no = o->bfs ? "-bfs (it is breadth-first already)" : o->cores > 1 ? "-cores" : o->dist ? "-dist"
			: o->accept ? (o->accept == 2 ? "-l" : "-a") : o->fair ? "-f" : o->compare ? "-compare"
			: o->store_mode ? "-hc/-bitstate" : o->compress ? "-compress=tree" : o->dumpfile ? "-dump-states"
			: o->depth && !strcmp(o->por, "improviso") ? "-m with -por=improviso (its images are not depths)"
			: o->depth && o->sym_chain ? "-m with -order=chain (its images are not depths)"
			: o->sym_chain && !strcmp(o->por, "improviso") ? "-order=chain with -por=improviso (Improviso has its own order of images)" : NULL;
		if (no) {
			fprintf(stderr, "dspin: -symbolic is a safety search over sets of states, on one core: %s is not available with it\n", no);
			exit(2);
		}
	}
	if (o->report && o->simulate) { fprintf(stderr, "dspin: -report goes with a search or -t, not -simulate\n"); exit(2); }
	/* options that change nothing in the mode chosen: said, not ignored
	 * silently (issue 40) */
	if (o->sym_sift && !o->symbolic && !o->json)
		fprintf(stderr, "dspin: warning: -sift reorders the symbolic search's variables; without -symbolic it has no effect\n");
	if (o->sym_chain && !o->symbolic && !o->json)
		fprintf(stderr, "dspin: warning: -order=chain orders the symbolic search's images; without -symbolic it has no effect\n");
	if (sim_given && !o->simulate && !o->json)
		fprintf(stderr, "dspin: warning: -seed and -steps set -simulate's run; without -simulate they have no effect\n");
	if (cache_given && !o->compare && !o->replay && !o->json && strcmp(o->por, "twophase") && !o->accept)
		fprintf(stderr, "dspin: warning: -cache=%s selects Twophase's caching (-por=twophase) or, with -a/-l, the nested search's; here it has no effect\n", o->cache);
	/* a memory bound by default, as pan's MEMLIM: 3/4 of the machine's
	 * memory, so that a runaway search stops with a message instead of
	 * swapping or being killed (not under -dist, whose ranks share a
	 * machine or not: -M bounds each) */
	if (!mem_given && !o->dist) {
		long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
		if (pages > 0 && psize > 0) {
			o->mem_mb = (long)((double)pages * (double)psize * 0.75 / 1048576.0);
			o->mem_default = 1;
		}
	}
}

/* the options that shape the state space, as a trail's header keeps them */
void trail_options_of(const Opts *o, char *buf, size_t size)
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
	static const char *const flags[] = { "-a", "-l", "-f", "-noclaim", "-deadvars", "-N", "-ltl" };
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
void replay_options(int argc, char **argv, Opts *o)
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

