/* types.h — reference types: the kind of value an expression has, and
 * whether it may flow into a variable, parameter, message field or return
 * value, or be compared with another.
 *
 * A value is a number (every scalar kind: Promela converts between them,
 * and a channel's id may be stored in an integer, as in SPIN) or a
 * reference to an object of one class; `null` is a reference of every
 * class.  No conversion between the two: a reference's number is where its
 * object happens to live (heap symmetry renumbers it, -por=si reorders
 * allocations), and an object taken for another class's is read and
 * written past its end.  typecheck.c calls these at every place a value flows
 * (docs/language.md, "Reference types"). */
#ifndef DSPIN_TYPES_H
#define DSPIN_TYPES_H
#include "../ast.h"

typedef struct VType {
	unsigned char ref;        /* a reference (else a number) */
	unsigned char null;       /* the constant null: a reference of every class */
	unsigned char chan;       /* a number that is a channel's id (a chan variable, field or message field) */
	const Record *cls;        /* its class; NULL: null, or not known (an error said so) */
} VType;

VType vtype_of(const Model *m, const Expr *e);   /* of a resolved expression */
VType vtype_var(const Var *v);                   /* of what a variable holds */
VType vtype_field(const ChanSpec *c, int i);     /* of a message's field i */

/* Reports `pos: error: CTX: found SRC, expected DST` and returns 0 when a
 * value of type src may not flow into a place of type dst. */
int type_flows(Diag *d, Pos pos, VType src, VType dst, const char *ctx);
/* Reports an error and returns 0 when a and b cannot stand on the two
 * sides of == / != or of ( -> : ): a reference and a number, or
 * references to two different classes. */
int type_comparable(Diag *d, Pos pos, VType a, VType b, const char *what);

#endif
