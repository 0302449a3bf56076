/* guard_ops.h — the flat code of vm/guard.c, shared with vm/native.c,
 * which translates it to C (nothing else looks inside a Guard). */
#ifndef DSPIN_GUARD_OPS_H
#define DSPIN_GUARD_OPS_H
#include <stdint.h>

/* G_TEST and the G_T* superinstructions end a conjunct of a top-level
 * && chain: false ends the guard at once (the short circuit), true goes
 * on with an empty stack */
enum { G_CONST, G_GLOBAL, G_LOCAL, G_UN, G_BIN, G_TEST, G_TVAR, G_TNVAR, G_TCMP, G_STORE,
	G_PID, G_IDX, G_ISTORE, G_TCMPP };

typedef struct GOp {
	uint8_t op;          /* G_* */
	uint8_t kind;        /* a variable's TypeKind */
	uint8_t bits;
	uint8_t local;       /* G_T*: a process-local variable (else global) */
	int tok;             /* G_UN, G_BIN, G_TCMP: the operator (ast.h Op);
	                      * G_IDX, G_ISTORE: the element's size */
	int32_t val;         /* G_CONST, G_TCMP: the constant; G_IDX, G_ISTORE:
	                      * the array's length */
	int32_t off;         /* G_GLOBAL, G_LOCAL, G_T*, G_IDX: the variable's byte offset */
} GOp;

#define GMAXOPS 64
#define GMAXSTACK 16

struct Guard {
	int n;
	int has_local;       /* reads the process's locals: needs a valid pid */
	int quick;           /* superinstructions only: guard_quick runs it (2: with
	                      * G_TCMPP, in a loop of its own) */
	int can_fail;        /* has an index that may be out of bounds */
	/* vm/native.c: the same code compiled to machine code, NULL: run the
	 * ops; the guard's answer (1, 0, -1), or the assignment's (1: done,
	 * 0: nothing written), as guard_enabled and guard_act give them */
	int (*native)(uint8_t *glob, uint8_t *loc, int32_t pid);
	GOp ops[];
};

#endif
