/* arith.h — Promela's arithmetic on 32-bit values, the one definition
 * every part of dspin folds or evaluates with: the interpreter
 * (vm/exec.c), the flat guard code (vm/guard.c), the front end's constant
 * folding (lang/check.c) and the analyses that evaluate an expression for
 * every pid (reduce/procsym_pid.c).  +, -, * and << wrap as pan's C int
 * does on this machine (computed unsigned: no undefined behaviour);
 * INT32_MIN / -1 is INT32_MIN, x % -1 is 0.  A second copy folded
 * `_pid + 2147483647 > 0` in 64 bits, found true for every pid where the
 * VM's wraps (issue 37). */
#ifndef DSPIN_ARITH_H
#define DSPIN_ARITH_H
#include <stdint.h>
#include "lexer.h"

/* a op b for a binary operator token; 0 (and *r = 0) for a division or
 * modulo by zero or a token that is no binary operator; && and || of two
 * values already computed */
static inline int arith_binop(int tok, int32_t a, int32_t b, int32_t *r)
{
	*r = 0;
	switch (tok) {
	case T_PLUS: *r = (int32_t)((uint32_t)a + (uint32_t)b); return 1;
	case T_MINUS: *r = (int32_t)((uint32_t)a - (uint32_t)b); return 1;
	case T_STAR: *r = (int32_t)((uint32_t)a * (uint32_t)b); return 1;
	case T_SLASH:
		if (!b) return 0;
		*r = a == INT32_MIN && b == -1 ? a : a / b;
		return 1;
	case T_PERCENT:
		if (!b) return 0;
		*r = b == -1 ? 0 : a % b;
		return 1;
	case T_SHL: *r = (int32_t)((uint32_t)a << (b & 31)); return 1;
	case T_SHR: *r = a >> (b & 31); return 1;
	case T_AMP: *r = a & b; return 1;
	case T_PIPE: *r = a | b; return 1;
	case T_CARET: *r = a ^ b; return 1;
	case T_EQ: *r = a == b; return 1;
	case T_NE: *r = a != b; return 1;
	case T_LT: *r = a < b; return 1;
	case T_GT: *r = a > b; return 1;
	case T_LE: *r = a <= b; return 1;
	case T_GE: *r = a >= b; return 1;
	case T_ANDAND: *r = a != 0 && b != 0; return 1;
	case T_OROR: *r = a != 0 || b != 0; return 1;
	default: return 0;
	}
}

/* op a for a unary operator token (-, !, ~); 0 for another token */
static inline int arith_unop(int tok, int32_t a, int32_t *r)
{
	switch (tok) {
	case T_MINUS: *r = (int32_t)(0u - (uint32_t)a); return 1;
	case T_NOT: *r = !a; return 1;
	case T_TILDE: *r = ~a; return 1;
	default: *r = 0; return 0;
	}
}

#endif
