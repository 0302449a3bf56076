/* stack.c — building a layer stack (vm/next.h) from the reductions asked
 * for: the one place that knows the order of the layers. */
#include "reduce.h"
#include "por.h"
#include "../heap/heap.h"

Layer *stack_build(VM *vm, const StackSpec *sp)
{
	int proc_on = sp->ps && sp->ps->any;
	Layer *top = layer_vm(vm, sp->reached);
	if (sp->no_ends || sp->accept_stutter)
		top = ns_push(layer_noends(sp->accept_stutter), top);
	/* below the collector: a reference it zeroes is garbage collected
	 * in the same successor */
	Layer *dead = sp->deadvars ? layer_deadvars(vm, vm->m->has_heap && !sp->heap_canonical) : NULL;
	if (dead)
		top = ns_push(dead, top);
	/* with process symmetry the heap is numbered by procsym_canon, in
	 * original process order; the heap layer only collects */
	if (vm->m->has_heap)
		top = ns_push(layer_heap(vm, sp->heap_canonical && !proc_on), top);
	if (proc_on)
		top = ns_push(layer_procsym(vm, sp->ps), top);
	if (vm->m->never)
		top = ns_push(layer_claim(vm, sp->no_stutter, sp->claim_stutter_invariant), top);
	if (sp->fair)
		top = ns_push(layer_fair(vm, proc_on ? sp->ps->eligible : NULL), top);
	if (sp->por)
		top = ns_push(layer_por(vm, sp->por, sp->por_ample), top);
	return top;
}
