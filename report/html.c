/* html.c — the report's page: a JSON document with the steps of a trail
 * (each with its full state, report_snapshot), the model's source files
 * and the run's summary, wrapped in the page's style sheet and script
 * (report/page.css, report/page.js, compiled in by report/embed.cmake).
 * docs/report.md describes the page and why it draws the heap itself. */
#include "report.h"
#include <stdlib.h>
#include <string.h>

extern const char report_page_css[], report_page_js[];

#define MAXFILES 32

typedef struct Page {
	VM *vm;
	FILE *f;
	const char *files[MAXFILES];
	int nfiles;
} Page;

/* the index of a source file in the page's file list, -1 if unknown */
static int file_index(Page *pg, const char *name)
{
	if (!name)
		return -1;
	for (int i = 0; i < pg->nfiles; i++)
		if (!strcmp(pg->files[i], name))
			return i;
	if (pg->nfiles == MAXFILES)
		return -1;
	pg->files[pg->nfiles] = name;
	return pg->nfiles++;
}

/* "file":i,"line":n,"text":"..." of transition tid (-1: process death) */
static void put_trans(Page *pg, int tid)
{
	const Trans *t = tid >= 0 ? pg->vm->prog->trans[tid] : NULL;
	const Stmt *st = t ? t->st : NULL;
	fprintf(pg->f, "\"file\":%d,\"line\":%d,\"text\":", file_index(pg, st ? st->pos.file : NULL), st ? st->pos.line : 0);
	json_text(pg->f, vm_trans_text(t));
}

static void put_step(void *arg, const TrailStep *ts)
{
	Page *pg = arg;
	FILE *f = pg->f;
	const Move *mv = ts->mv;
	fprintf(f, "%s\n{\"n\":%d", ts->step ? "," : "", ts->step);
	if (mv && mv->pid >= 0) {
		const Trans *t = mv->tid >= 0 ? pg->vm->prog->trans[mv->tid] : NULL;
		fprintf(f, ",\"pid\":%d,\"proc\":", mv->pid);
		json_text(f, t ? t->owner->name : "");
		fputc(',', f);
		put_trans(pg, mv->tid);
		if (t && t->st && t->st->k == S_SELECT)
			fprintf(f, ",\"sel\":%d", mv->sel);
		if (mv->tid < 0)
			fprintf(f, ",\"term\":1");
	}
	if (mv && mv->rv_pid >= 0 && mv->rv_tid >= 0) {
		fprintf(f, ",\"rv\":{\"pid\":%d,", mv->rv_pid);
		put_trans(pg, mv->rv_tid);
		fputc('}', f);
	}
	if (mv && mv->claim) {
		fprintf(f, ",\"claim\":{");
		put_trans(pg, mv->claim - 1);
		fputc('}', f);
	}
	if (ts->err) {
		fprintf(f, ",\"err\":");
		json_text(f, ts->err);
	}
	if (ts->cycle)
		fprintf(f, ",\"cycle\":1");
	fprintf(f, ",\"s\":");
	report_snapshot(pg->vm, ts->b, ts->len, f);
	fputc('}', f);
}

/* a source file's text, or null when it cannot be read (a claim made
 * from an ltl formula has no file) */
static void put_file_text(FILE *f, const char *name)
{
	FILE *in = fopen(name, "r");
	char *text = NULL;
	size_t n = 0;
	if (in && fseek(in, 0, SEEK_END) == 0) {
		long size = ftell(in);
		if (size >= 0 && size < (1 << 20) && (text = malloc((size_t)size + 1))) {
			rewind(in);
			n = fread(text, 1, (size_t)size, in);
			text[n] = 0;
		}
	}
	if (in)
		fclose(in);
	if (text)
		json_text(f, text);
	else
		fprintf(f, "null");
	free(text);
}

static void put_count(FILE *f, const char *key, unsigned long long n)
{
	fprintf(f, ",\"%s\":%llu", key, n);
}

/* one line of "what each reduction folded": [reduction, what it did] */
static void put_fold(FILE *f, int *first, const char *what, unsigned long long n, const char *unit)
{
	fprintf(f, "%s[\"%s\",\"%llu %s\"]", *first ? "" : ",", what, n, unit);
	*first = 0;
}

static void put_run(FILE *f, const ReportRun *run)
{
	const SearchResult *r = run->r;
	fprintf(f, ",\n\"run\":{\"search\":");
	json_text(f, run->search);
	fprintf(f, ",\"sym\":\"%s\",\"por\":\"%s\",\"vector\":%d,\"depth\":%ld,\"errors\":%d",
		run->sym, run->por, r->max_vec, r->depth, r->errors);
	put_count(f, "stored", r->stored);
	put_count(f, "matched", r->matched);
	put_count(f, "transitions", r->transitions);
	put_count(f, "atomic", r->atomic_steps);
	fprintf(f, ",\"max_objects\":%d,\"secs\":%.3f,\"mem_mb\":%.3f,\"incomplete\":%d,\"folded\":[",
		r->stats.max_objects, r->secs, r->mem / 1048576.0, r->incomplete);
	int first = 1;
	if (run->heap_sym)
		put_fold(f, &first, "heap symmetry", r->stats.heap_renumbered, "successors renumbered to their canonical heap");
	if (run->proc_sym)
		put_fold(f, &first, "process symmetry", r->stats.procs_permuted, "successors reordered to their canonical process order");
	if (run->por_static)
		put_fold(f, &first, "partial-order reduction", r->stats.por_reduced, "states expanded with one process's moves");
	if (run->twophase)
		put_fold(f, &first, "Twophase", r->por_reduced, "deterministic phase-1 steps");
	fprintf(f, "]}");
}

/* the data: steps, source files, the run, the largest heap */
static int put_data(Page *pg, const Layer *plain, const char *trail, const ReportRun *run, const ReportLargest *lg)
{
	FILE *f = pg->f;
	char err[600] = "";
	int steps = 0;
	fprintf(f, "{\"model\":");
	json_text(f, pg->vm->m->file);
	file_index(pg, pg->vm->m->file);
	fprintf(f, ",\"steps\":[");
	if (trail)
		steps = trail_walk(pg->vm, plain, trail, put_step, pg, err, sizeof err);
	fprintf(f, "],\n\"error\":");
	if (trail && err[0])
		json_text(f, err);
	else
		fprintf(f, "null");
	fprintf(f, ",\"trail\":");
	if (trail)
		json_text(f, trail);
	else
		fprintf(f, "null");
	fprintf(f, ",\n\"files\":[");
	for (int i = 0; i < pg->nfiles; i++) {
		fprintf(f, "%s{\"name\":", i ? ",\n" : "");
		json_text(f, pg->files[i]);
		fprintf(f, ",\"text\":");
		put_file_text(f, pg->files[i]);
		fputc('}', f);
	}
	fputc(']', f);
	if (run)
		put_run(f, run);
	if (lg && lg->b) {
		fprintf(f, ",\n\"largest\":");
		report_snapshot(pg->vm, lg->b, lg->len, f);
	}
	fprintf(f, "}");
	return steps;
}

int report_write(const char *path, VM *vm, const Layer *plain, const char *trail,
		 const ReportRun *run, const ReportLargest *lg)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "dspin: cannot write '%s'\n", path);
		return 2;
	}
	Page pg = { .vm = vm, .f = f };
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>dspin: ");
	for (const char *s = vm->m->file; *s; s++) {
		if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '&')
			fputs("&amp;", f);
		else
			fputc(*s, f);
	}
	fprintf(f, "</title>\n<style>\n%s</style></head>\n<body>\n", report_page_css);
	fprintf(f, "<noscript>This report is drawn by its script: open it with JavaScript on.</noscript>\n");
	fprintf(f, "<script type=\"application/json\" id=\"dspin-data\">\n");
	int steps = put_data(&pg, plain, trail, run, lg);
	fprintf(f, "\n</script>\n<script>\n%s</script>\n</body></html>\n", report_page_js);
	int bad = ferror(f);
	bad |= fclose(f) != 0;
	if (bad || steps < 0) {
		fprintf(stderr, "dspin: %s: the report could not be written%s\n", path, steps < 0 ? " (the trail does not replay)" : "");
		remove(path);
		return 2;
	}
	return 0;
}
