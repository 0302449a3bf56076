/* diag.c — the diagnostics sink (diag.h): errors and warnings on stderr,
 * each with its place, counted in the Diag. */
#include "diag.h"
#include "alloc.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void diag_reset(Diag *d)
{
	d->count = 0;
	memset(&d->log, 0, sizeof d->log);
}

/* p.line 0: an error about the whole file ("FILE: error: ...").  With
 * say_once, the same error at the same place is said (and counted)
 * once: a proposition of an ltl formula is pasted into several guards of
 * its claim, and cli/main.c parses and checks the model again with each
 * formula.  (Off by default: the unit tests expect an error each time.) */
void diag_error(Diag *d, Pos p, const char *fmt, ...)
{
	char msg[1024], where[600];
	va_list ap;
	DiagLog *l = &d->log;
	if (d->remap) p = d->remap(d->remap_ctx, p);
	if (d->count >= 50) { d->count++; return; }
	if (p.line) snprintf(where, sizeof where, "%s:%d:%d: error: ", p.file ? p.file : "?", p.line, p.col);
	else snprintf(where, sizeof where, "%s: error: ", p.file ? p.file : "?");
	int n = snprintf(msg, sizeof msg, "%s", where);
	va_start(ap, fmt); vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap); va_end(ap);
	for (int i = 0; d->say_once && i < l->nsaid; i++)
		if (!strcmp(l->said[i], msg)) return;
	if (d->say_once && l->nsaid < DIAG_SAID_MAX) l->said[l->nsaid++] = xstrdup(msg);
	fprintf(stderr, "%s\n", msg);
	d->count++;
}

void diag_warn(Diag *d, Pos p, const char *fmt, ...)
{
	va_list ap;
	if (d->quiet_warnings) return;
	if (d->remap) p = d->remap(d->remap_ctx, p);
	if (d->log.warnings++ >= 50) return;
	fprintf(stderr, "%s:%d:%d: warning: ", p.file ? p.file : "?", p.line, p.col);
	va_start(ap, fmt); vfprintf(stderr, fmt, ap); va_end(ap);
	fputc('\n', stderr);
}
