/* native.h — the model's guards and assignments compiled to machine code
 * (vm/native.c, issue 41): C written from vm/guard.c's flat code,
 * compiled by the system's C compiler into a cached shared object and
 * loaded with dlopen.  The interpreter runs whatever is not compiled. */
#ifndef DSPIN_NATIVE_H
#define DSPIN_NATIVE_H
#include <stdint.h>
#include <stdio.h>

struct VM;
struct Program;

/* a compiled guard's or assignment's entry: G the globals, L the
 * process's locals (G when it has none) */
typedef int (*NativeFn)(uint8_t *glob, uint8_t *loc, int32_t pid);
/* a location's guards at once (a choice among many flat guards): q[i] is
 * the answer of the location's i-th transition's guard (-1 for an
 * `else`), as guard_quick gives it */
typedef void (*NativeLocFn)(uint8_t *glob, uint8_t *loc, int32_t pid, int8_t *q);

/* What native_load did, for the summary (report/summary.c) */
typedef struct NativeInfo {
	int tried;           /* native_load ran */
	int candidates;      /* Guards (flat guards and assignments) of the program */
	int compiled;        /* of them, running as machine code */
	int failed;          /* a warning was printed: the interpreter runs them */
	double compile_secs; /* the C compiler's time (0 when cached) */
	NativeLocFn *loc;    /* by Loc.gid, NULL where there is none (or no native code) */
	int nloc;            /* locations with a NativeLocFn */
	char how[4096];       /* "compiled", "cached", or why not */
} NativeInfo;

/* compile (or find in the cache) and install vm's program's native code;
 * cc: the compiler (NULL: $DSPIN_CC, else cc).  Never fails the run: a
 * problem is one warning on stderr and the interpreter. */
void native_load(struct VM *vm, const char *cc);
#endif
