/* largest.c — the stored state with the most live objects, for the
 * summary page of a run without errors.  The search hands every stored
 * state to its on_store hook; this one counts the objects and keeps a copy
 * of the first state with the most, then calls the hook it replaced
 * (-dump-states). */
#include "report.h"
#include <stdlib.h>
#include <string.h>

static void track(void *ctx, const uint8_t *b, int len)
{
	ReportLargest *lg = ctx;
	if (lg->next)
		lg->next(lg->next_ctx, b, len);
	State s;
	s.b = (uint8_t *)b;
	sv_index(lg->vm->m, &s);
	int objects = 0;
	for (int o = 0; o < s.nslot; o++)
		objects += b[s.hoff[o]] != FREE_SLOT;
	if (objects <= lg->objects)
		return;
	uint8_t *copy = realloc(lg->b, (size_t)len);
	if (!copy)
		return;
	memcpy(copy, b, (size_t)len);
	lg->b = copy;
	lg->len = len;
	lg->objects = objects;
}

void report_track(ReportLargest *lg, VM *vm, SearchOpts *so)
{
	memset(lg, 0, sizeof *lg);
	lg->vm = vm;
	lg->next = so->on_store;
	lg->next_ctx = so->on_store_ctx;
	so->on_store = track;
	so->on_store_ctx = lg;
}

void report_largest_free(ReportLargest *lg)
{
	free(lg->b);
	lg->b = NULL;
}
