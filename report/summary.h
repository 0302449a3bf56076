/* summary.h — the run's results as pan-style text and as one JSON line
 * (docs/output.md): what the plan ran (search/plan.h) and what the search
 * found.  The command prints one or the other after every verification. */
#ifndef DSPIN_SUMMARY_H
#define DSPIN_SUMMARY_H
#include "../search/plan.h"
#include <stdio.h>

#define DSPIN_VERSION "0.2"

typedef struct Summary {
	VM *vm;
	const Plan *p;
	const PlanOpts *o;
	const SearchResult *r;
	const char *trail;        /* the trail's path (printed when r->trail_written) */
} Summary;

/* 1 errors, 3 incomplete, 0 otherwise: the command's exit status */
int summary_exit_code(const SearchResult *r);
void summary_json(FILE *f, const Summary *s);
void summary_text(FILE *f, const Summary *s);
#endif
