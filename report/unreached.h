/* unreached.h — the unreached-code report (SPIN's "unreached in
 * proctype"), from the transitions a search marked (vm/next.h, Reached). */
#ifndef DSPIN_UNREACHED_H
#define DSPIN_UNREACHED_H
#include "../vm/next.h"
#include <stdio.h>

/* pan's text: per proctype (and function) "unreached in proctype P", one
 * line per location no process was at, "(K of N states)"; -1 out of memory */
int unreached_print(const VM *vm, const Reached *r, FILE *f);
/* the same locations as a JSON array of {proctype|function, file, line,
 * state, statement} */
int unreached_json(const VM *vm, const Reached *r, FILE *f);
#endif
