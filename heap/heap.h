/* heap.h — garbage collection and the canonical heap permutation.
 *
 * After every transition the mark phase walks the heap from the roots in a
 * fixed order (globals in declaration order, then each process in pid order
 * with its locals in declaration order, then channel contents), fields in
 * declaration order, depth-first as in Iosif's Fig. 4 ("Generation of
 * Sorting Permutations for Heap Objects").  Unreached objects are swept.
 * With canonical = 1 (-sym=heap) the visiting order is the permutation:
 * objects are renumbered 1..k in that order and every reference rewritten,
 * so heap-symmetric states become byte-identical (Lemma 1).  With
 * canonical = 0 locations stay where they were allocated.
 */
#ifndef DSPIN_HEAP_H
#define DSPIN_HEAP_H
#include "../vm/next.h"

/* Collect garbage in place (s must be indexed); returns objects alive.
 * proc_order: visit processes in this order (NULL = pid order); it is the
 * inverse process permutation of Fig. 5's line (*).  st (may be NULL)
 * counts the largest heap and the renumbered states. */
int heap_collect(VM *vm, State *s, int canonical, const int *proc_order, NsStats *st);

/* Who owns each object of s (indexed): owner[o] is pid + 1 when object o
 * is reachable from process pid's locals and call frames only, OWN_SHARED
 * when from globals, channel contents or two processes, 0 when from
 * nothing (owner has nslot + 1 bytes).  Heap-local independence
 * (reduce/por.c) reads it. */
#define OWN_SHARED 0xFF
int heap_owners(VM *vm, State *s, uint8_t *owner);

/* The layer (heap/layer_heap.c): collects the garbage after every move
 * that may change references, and with canonical = 1 (-sym=heap) renumbers
 * the objects canonically.  canonical = 0 when process symmetry numbers
 * them later, in its own visiting order. */
Layer *layer_heap(VM *vm, int canonical);

/* Why heap symmetry cannot run on m, or NULL: a channel held in an object
 * has an id made of the object's slot, and somewhere (lang/check/check.c,
 * Model.chan_data) such an id becomes a number, or a number a channel's
 * id, which renumbering does not rewrite (issue 37).  The text names the
 * place (line:col). */
const char *heap_symmetry_refused(const Model *m);
#endif
