/* arith.h — Promela's arithmetic on 32-bit values, the one definition
 * every part of dspin folds or evaluates with: the interpreter
 * (vm/exec.c), the flat guard code (vm/guard.c), the front end's constant
 * folding (lang/check/resolve.c) and the analyses that evaluate an expression for
 * every pid (reduce/procsym_pid.c).  +, -, * and << wrap as pan's C int
 * does on this machine (computed unsigned: no undefined behaviour);
 * INT32_MIN / -1 is INT32_MIN, x % -1 is 0.  A second copy folded
 * `_pid + 2147483647 > 0` in 64 bits, found true for every pid where the
 * VM's wraps (issue 37). */
#ifndef DSPIN_ARITH_H
#define DSPIN_ARITH_H
#include <stdint.h>
#include "ast.h"

/* a op b for a binary operator; 0 (and *r = 0) for a division or
 * modulo by zero or an operator that is not binary; && and || of two
 * values already computed */
static inline int arith_binop(Op op, int32_t a, int32_t b, int32_t *r)
{
	*r = 0;
	switch (op) {
	case OP_ADD: *r = (int32_t)((uint32_t)a + (uint32_t)b); return 1;
	case OP_SUB: *r = (int32_t)((uint32_t)a - (uint32_t)b); return 1;
	case OP_MUL: *r = (int32_t)((uint32_t)a * (uint32_t)b); return 1;
	case OP_DIV:
		if (!b) return 0;
		*r = a == INT32_MIN && b == -1 ? a : a / b;
		return 1;
	case OP_MOD:
		if (!b) return 0;
		*r = b == -1 ? 0 : a % b;
		return 1;
	case OP_SHL: *r = (int32_t)((uint32_t)a << (b & 31)); return 1;
	case OP_SHR: *r = a >> (b & 31); return 1;
	case OP_BAND: *r = a & b; return 1;
	case OP_BOR: *r = a | b; return 1;
	case OP_BXOR: *r = a ^ b; return 1;
	case OP_EQ: *r = a == b; return 1;
	case OP_NE: *r = a != b; return 1;
	case OP_LT: *r = a < b; return 1;
	case OP_GT: *r = a > b; return 1;
	case OP_LE: *r = a <= b; return 1;
	case OP_GE: *r = a >= b; return 1;
	case OP_AND: *r = a != 0 && b != 0; return 1;
	case OP_OR: *r = a != 0 || b != 0; return 1;
	default: return 0;
	}
}

/* op a for a unary operator (-, !, ~); 0 for another operator */
static inline int arith_unop(Op op, int32_t a, int32_t *r)
{
	switch (op) {
	case OP_NEG: *r = (int32_t)(0u - (uint32_t)a); return 1;
	case OP_NOT: *r = !a; return 1;
	case OP_BNOT: *r = ~a; return 1;
	default: *r = 0; return 0;
	}
}

#endif
