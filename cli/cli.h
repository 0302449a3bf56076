/* cli.h — the dspin command's parts: options (cli/options.c), the runs
 * they ask for (cli/run.c: verification through the plan, -compare,
 * -simulate, the report and dot output), and main (cli/main.c: loading the
 * model and its claims). */
#ifndef DSPIN_CLI_H
#define DSPIN_CLI_H
#include "../lang/ast.h"
#include "../lang/code.h"
#include "../vm/vm.h"
#include "../search/search.h"
#include "../report/report.h"

typedef struct Opts {
	const char *file;
	const char *cpp[64]; int ncpp;
	const char *sym, *por, *cache;
	int simulate, replay, json, verbose, quiet, bfs, keep_going;
	int numbered;           /* -e: a numbered trail per error (pan -e; -c0 writes none) */
	int symbolic;           /* -symbolic: the BDD search (search/sym/) */
	int sym_chain;          /* -order=chain: the symbolic search chains its images */
	int sym_sift;           /* -sift: the symbolic search reorders by sifting */
	int no_unreached;       /* -n: no unreached-code report (as pan -n) */
	int no_ends;            /* -E: no invalid end states (as pan -E) */
	int no_asserts;         /* -A: no assertion violations (as pan -A) */
	int ltl_nosimplify;     /* -ltl-nosimplify (tests): the formula's automaton unsimplified */
	int max_errors;         /* -cN, N > 1: stop at the N-th error (as pan -cN) */
	int deadvars;           /* -deadvars: reset dead locals (reduce/deadvars.c) */
	long dfs_window;        /* -dfs-window=N (tests): 0 not given, -1 never compact, N bytes */
	int accept;             /* 1: -a acceptance cycles, 2: -l non-progress cycles */
	const char *ltl;        /* -N NAME or -ltl NAME: a never claim's or ltl formula's name */
	int noclaim;            /* -noclaim */
	int claim_accept;       /* -noclaim dropped a claim or formula with accept labels */
	int fair;               /* -f */
	long seed, steps, depth;
	long mem_mb;
	int mem_default;        /* mem_mb is the default bound (no -M): 3/4 of the machine's memory */
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
	int native;             /* -native=on|off: compile the guards to machine code (vm/native.c) */
	int dist;               /* -dist: the distributed search over MPI (search/dist/dist.c) */
	int ltl_claim;          /* the never claim was made from an ltl formula */
	const char *claim_kind; /* "ltl" or "never": what the summary's never claim line names */
	const char *claim_name; /* its name (NULL: an unnamed never claim) */
	const char *compare_list;
} Opts;


/* -compare: one configuration's result */
typedef struct Row {
	int plan_only;          /* fill algorithm, search nothing */
	char config[64], algorithm[64], first_error[256];
	unsigned long long stored;
	int errors, exit;
	double secs;
	size_t mem;
} Row;


void parse_args(int argc, char **argv, Opts *o);
/* -t: the trail's options for those that shape the path; the others given are kept */
void replay_options(int argc, char **argv, Opts *o);
void trail_options_of(const Opts *o, char *buf, size_t size);
/* is v a value of -sym=, -por=, -cache= */
int valid_sym(const char *v);
int valid_por(const char *v);
int valid_cache(const char *v);
/* a VM for the model with the options' bounds */
void vm_setup(VM *vm, Model *m, Program *prog, const Opts *o);
Layer *plain_stack(VM *vm, const Opts *o);
int write_report(VM *vm, const Opts *o, const char *trail, const ReportRun *run, const ReportLargest *lg);
int simulate(VM *vm, Opts *o);
int verify(Model *m, Program *prog, const Opts *op, Row *row);
int compare(Model *m, Program *prog, const Opts *op);
#endif
