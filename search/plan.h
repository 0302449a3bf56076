/* plan.h — from options to what runs: one plan, one dispatcher.
 *
 * The command (cli/) parses arguments into PlanOpts; plan_make turns them,
 * with the model, into a Plan: the search kind, the layer stack (built from
 * a StackSpec), the names of what will actually run, and the reason for
 * every refusal or substitution (a reduction this search or property cannot
 * run, Twophase under -bfs ...).  plan_run runs it with search_run's
 * dispatcher (search/run.c).  The summaries (report/summary.c) and -compare
 * read the names from the plan, never from the options. */
#ifndef DSPIN_PLAN_H
#define DSPIN_PLAN_H
#include "search.h"
#include "../reduce/reduce.h"
#include "../reduce/por.h"

/* what the verification run was asked for (a subset of the command's
 * options; the names are the command's) */
typedef struct PlanOpts {
	const char *file;               /* the model, as given */
	const char *sym, *por, *cache;  /* -sym=, -por=, -cache= (validated by the command) */
	int por_given;                  /* -por= was on the command line: a refused one is warned */
	int bfs, cores, dist;           /* -bfs, -cores=N (1: one core), -dist */
	int symbolic;                   /* -symbolic (the command refused what it cannot go with) */
	int sym_chain;                  /* -order=chain */
	int sym_sift;                   /* -sift */
	int accept;                     /* 1 -a, 2 -l */
	int fair;                       /* -f */
	int keep_going;                 /* -e, -c0, -cN */
	int numbered;                   /* -e: a numbered trail per error */
	int max_errors;                 /* -cN: stop at the N-th error (with keep_going) */
	long depth;                     /* -m */
	long mem_mb;                    /* -M, or the default bound */
	int mem_default;                /* no -M: mem_mb is the default */
	int store_mode, compress, wbits;/* -hc/-bitstate, -compress=tree, -w */
	int deadvars, no_ends, no_unreached;
	int no_asserts;                 /* -A */
	long dfs_window;                /* -dfs-window=N: 0 not given, -1 never compact, N > 0 bytes */
	int claim_accept;               /* -noclaim dropped a claim with accept labels */
	int ltl_claim;                  /* the never claim was made from an ltl formula */
	const char *claim_kind;         /* "ltl" or "never": what the summary's claim line names */
	const char *claim_name;         /* its name (NULL: an unnamed never claim) */
	int quiet, json;
	int compare_row;                /* one row of -compare: no trail, no warnings, no report marks */
	const char *trail_path;         /* where the first error's trail goes (NULL: none) */
	const char *trail_opts;         /* the options for the trail's header */
} PlanOpts;

#define PLAN_MAXNOTES 4
typedef struct Plan {
	SearchOpts so;                  /* for the search: so.kind is the back end, so.stack
	                                 * the built stack */
	/* the reductions as they run */
	int heap_canonical;             /* heap symmetry asked for and not refused */
	int heap_ran;                   /* ... and the model has objects: renumbering happens */
	const char *heap_refused;       /* why heap symmetry was left out (NULL: it was not) */
	ProcSym *ps;                    /* process symmetry's analysis (NULL: not asked for) */
	int proc_on;                    /* some proctype is interchangeable */
	int pormode;                    /* POR_NONE, POR_STATIC, POR_SI: the ample-set rule */
	PorTable *pt;
	int nsafe;                      /* safe locations of pt */
	const char *por_refused;        /* why POR does not run with this search/property */
	int por_ran_static;             /* the static (or si) ample-set reduction runs */
	int ends_off;                   /* no invalid end states (-E, or as pan under -a) */
	const char *sym_refused;        /* why -symbolic was left out for this model (NULL: it was not) */
	int claim_si;                   /* the claim is stutter-invariant (an ltl formula, -l) */
	/* names: the summary header, JSON "algorithm", -compare rows */
	const char *sym_ran;            /* none, heap, proc, heap,proc */
	const char *por_ran;            /* e.g. "static", "twophase cache=backedge" */
	const char *por_head;           /* the header's -por=: what ran */
	/* what the user is told before the search: substitutions and refusals
	 * that do not stop the run (always[i]: also in a -compare row) */
	const char *notes[PLAN_MAXNOTES];
	int always[PLAN_MAXNOTES];
	int nnotes;
	char notebuf[PLAN_MAXNOTES][256];
	/* the unreached-code report's marks (NULL: no report) */
	Reached *reached;
	size_t nreached;
} Plan;

/* Make the plan for model vm->m.  Returns 0, or -1 with *err set to why
 * the combination is refused outright (the command exits 2).  The stack
 * is built unless plan_only (-compare's plan listing). */
int plan_make(VM *vm, const PlanOpts *o, int plan_only, Plan *p, const char **err);
/* Run it: the search kind's back end.  Returns as search_run does. */
int plan_run(VM *vm, Plan *p, SearchResult *r);
void plan_free(Plan *p);
/* -v: the plan in words (the search, the store, the layers top first, the
 * notes), a few lines on f */
void plan_describe(const Plan *p, const PlanOpts *o, FILE *f);
const char *search_name(SearchKind se);
#endif
