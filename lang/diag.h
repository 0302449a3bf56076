/* diag.h — the front end's diagnostics: `FILE:LINE:COL: error: ...` and
 * warnings on stderr, counted.
 *
 * The sink is one for the process, as stderr is: the application sets its
 * knobs (diag_remap, diag_quiet_warnings, diag_say_once) and reads
 * diag_count (cli/main.c, the tests).  Everything it remembers between
 * messages is here, in the open, and diag_reset starts it afresh, so the
 * front end can run again in the same process. */
#ifndef DSPIN_DIAG_H
#define DSPIN_DIAG_H
#include "pos.h"

void diag_error(Pos p, const char *fmt, ...);
void diag_warn(Pos p, const char *fmt, ...);
extern int diag_count;
/* diag_remap, when set, maps every position before it is printed (the
 * claim made from an ltl formula reports its errors at the formula);
 * diag_quiet_warnings: warnings are not printed (a second parse of the
 * model, whose warnings were said) */
extern Pos (*diag_remap)(void *ctx, Pos p);
extern void *diag_remap_ctx;   /* diag_remap's first argument */
extern int diag_quiet_warnings;
extern int diag_say_once;   /* each distinct error message once (diag.c) */

/* what the sink remembers: the warnings said (the first 50 are printed)
 * and, under diag_say_once, the first 64 distinct errors */
#define DIAG_SAID_MAX 64
typedef struct DiagLog { int warnings; char *said[DIAG_SAID_MAX]; int nsaid; } DiagLog;
extern DiagLog diag_log;
/* no error or warning said yet (the knobs are left as they are) */
void diag_reset(void);

#endif
