/* diag.h — the front end's diagnostics: `FILE:LINE:COL: error: ...` and
 * warnings on stderr, counted.
 *
 * The sink is a Diag the application owns and hands to the front end
 * (parse_file, parse_string, check_model, compile_model, vm_check); each
 * pass keeps it in its context (P, Check, the compiler's) and reports
 * there.  The application sets its knobs (remap, quiet_warnings,
 * say_once) and reads its count.  Everything the sink remembers between
 * messages is in the Diag, so two sinks (two front ends) in one process
 * do not share anything. */
#ifndef DSPIN_DIAG_H
#define DSPIN_DIAG_H
#include "pos.h"

/* what the sink remembers: the warnings said (the first 50 are printed)
 * and, under say_once, the first 64 distinct errors */
#define DIAG_SAID_MAX 64
typedef struct DiagLog { int warnings; char *said[DIAG_SAID_MAX]; int nsaid; } DiagLog;

typedef struct Diag {
	int count;                 /* the errors reported (the first 50 printed) */
	DiagLog log;
	/* remap, when set, maps every position before it is printed (the
	 * claim made from an ltl formula reports its errors at the formula);
	 * remap_ctx is its first argument */
	Pos (*remap)(void *ctx, Pos p);
	void *remap_ctx;
	int quiet_warnings;        /* warnings are not printed (a second parse of the model, whose warnings were said) */
	int say_once;              /* each distinct error message once (diag.c) */
} Diag;

/* a sink with nothing said and every knob off: `Diag d = DIAG_INIT;` */
#define DIAG_INIT { 0, { 0, { 0 }, 0 }, 0, 0, 0, 0 }

void diag_error(Diag *d, Pos p, const char *fmt, ...);
void diag_warn(Diag *d, Pos p, const char *fmt, ...);
/* no error or warning said yet (the knobs are left as they are) */
void diag_reset(Diag *d);

#endif
