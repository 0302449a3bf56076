/* report.h — the HTML report (docs/report.md): one self-contained page
 * with a counterexample's message-sequence chart, the model's source,
 * the variables and the heap drawn at every step, or, for a run without
 * errors, a summary with the largest heap.
 *
 * The page is the data (a JSON document written here) and a script and
 * style sheet kept in report/page.js and report/page.css, compiled into
 * the binary (report/embed.cmake): the heap is laid out and drawn by the
 * page, so making a report needs nothing but dspin. */
#ifndef DSPIN_REPORT_H
#define DSPIN_REPORT_H
#include "../search/search.h"

/* What the search was and what it found, for the page's summary. */
typedef struct ReportRun {
	const char *sym, *por;   /* the reductions that ran */
	const char *search;      /* search_name() */
	int heap_sym, proc_sym;  /* heap / process symmetry ran */
	int por_static, twophase;
	const SearchResult *r;
} ReportRun;

/* The stored state with the most live objects, kept while the search
 * runs: report_track installs an on_store hook in so (calling through to
 * the one already there). */
typedef struct ReportLargest {
	VM *vm;
	uint8_t *b;
	int len, objects;
	void (*next)(void *ctx, const uint8_t *b, int len);
	void *next_ctx;
} ReportLargest;
void report_track(ReportLargest *lg, VM *vm, SearchOpts *so);
void report_largest_free(ReportLargest *lg);

/* Write the page to path: the trail's steps replayed on plain (a stack
 * without symmetry, so objects keep their numbers), or, with trail NULL,
 * the summary alone.  run and lg may be NULL (a replay with -t).
 * Returns 0, or 2 with a message on stderr. */
int report_write(const char *path, VM *vm, const Layer *plain, const char *trail,
		 const ReportRun *run, const ReportLargest *lg);

/* report/json.c: JSON text for the page (it sits inside a <script>, so
 * '<' is escaped as well) */
void json_text(FILE *f, const char *s);
/* report/snapshot.c: one state as the page's JSON object: globals,
 * processes with their locals and call frames, channels, heap objects */
void report_snapshot(VM *vm, const uint8_t *b, int len, FILE *f);
#endif
