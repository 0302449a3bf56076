/* diag.c — the diagnostics sink (diag.h): errors and warnings on stderr,
 * each with its place, counted in diag_count. */
#include "diag.h"
#include "alloc.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int diag_count;
DiagLog diag_log;
Pos (*diag_remap)(void *ctx, Pos p);
void *diag_remap_ctx;
int diag_quiet_warnings;

void diag_reset(void)
{
	diag_count = 0;
	memset(&diag_log, 0, sizeof diag_log);
}

/* p.line 0: an error about the whole file ("FILE: error: ...").  With
 * diag_say_once, the same error at the same place is said (and counted)
 * once: a proposition of an ltl formula is pasted into several guards of
 * its claim, and cli/main.c parses and checks the model again with each
 * formula.  (Off by default: the unit tests expect an error each time.) */
int diag_say_once;
void diag_error(Pos p, const char *fmt, ...)
{
	char msg[1024], where[600];
	va_list ap;
	DiagLog *l = &diag_log;
	if (diag_remap) p = diag_remap(diag_remap_ctx, p);
	if (diag_count >= 50) { diag_count++; return; }
	if (p.line) snprintf(where, sizeof where, "%s:%d:%d: error: ", p.file ? p.file : "?", p.line, p.col);
	else snprintf(where, sizeof where, "%s: error: ", p.file ? p.file : "?");
	int n = snprintf(msg, sizeof msg, "%s", where);
	va_start(ap, fmt); vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap); va_end(ap);
	for (int i = 0; diag_say_once && i < l->nsaid; i++)
		if (!strcmp(l->said[i], msg)) return;
	if (diag_say_once && l->nsaid < DIAG_SAID_MAX) l->said[l->nsaid++] = xstrdup(msg);
	fprintf(stderr, "%s\n", msg);
	diag_count++;
}

void diag_warn(Pos p, const char *fmt, ...)
{
	va_list ap;
	if (diag_quiet_warnings) return;
	if (diag_remap) p = diag_remap(diag_remap_ctx, p);
	if (diag_log.warnings++ >= 50) return;
	fprintf(stderr, "%s:%d:%d: warning: ", p.file ? p.file : "?", p.line, p.col);
	va_start(ap, fmt); vfprintf(stderr, fmt, ap); va_end(ap);
	fputc('\n', stderr);
}
