/* reduce.h — process symmetry (pc-sorted), combined with heap symmetry by
 * tracking the process permutation along the search path (Iosif, Fig. 5
 * "Depth First Search Combining Heap and Process Symmetry", Lemma 2). */
#ifndef DSPIN_REDUCE_H
#define DSPIN_REDUCE_H
#include "../vm/next.h"

/* A class that reads _pid in the flag[_pid] idiom (reduce/procsym_pid.c):
 * element i of the global array v belongs to pid i + k of the class's
 * instances, and moves with them */
typedef struct PidArray { const Var *v; int ptype; int k; } PidArray;
/* a variable that holds pids of the class plus off (or constants that
 * are none): a global (owner NULL) or a local of owner's processes; its
 * values are mapped through the permutation */
typedef struct PidVal { const Var *v; int ptype; const Proctype *owner; int off; } PidVal;

typedef struct ProcSym {
	unsigned char *eligible;     /* per proctype: instances may be permuted */
	const char **reason;         /* per proctype: why not (NULL if eligible) */
	int any;                     /* some proctype is eligible */
	int terminating;             /* an eligible proctype can terminate: its
	                              * finished instances are dropped at once */
	int heap;                    /* combine with the canonical heap */
	/* classes that read _pid (docs/symmetry.md, "Instances that read
	 * _pid"): per proctype its pids lo..hi (pid_lo > pid_hi: none) */
	int *pid_lo, *pid_hi;
	PidArray *parr;
	int nparr;
	PidVal *pval;
	int npval;
} ProcSym;

/* procsym_pid.c: may the instances of pt, pids lo..hi, be permuted
 * together with the arrays they index by _pid?  NULL and the arrays and
 * pid-holding variables added to ps, or why not */
const char *procsym_pid_class(ProcSym *ps, const Model *m, const Proctype *pt, int lo, int hi);

/* Decide which proctypes are interchangeable (SPEC section 4).  Allocated
 * like the compiled model (GC), so it lives as long as the model. */
ProcSym *procsym_analyze(VM *vm, int heap);
/* the same for a search of cycles (-a, -l): a terminating proctype is
 * left out even without a never claim (docs/liveness.md) */
ProcSym *procsym_analyze_for(VM *vm, int heap, int cycles);
void procsym_report(VM *vm, const ProcSym *ps, FILE *f);

/* Canonicalize a successor in place.  acc_in[j] is the original identity
 * (creation pid) of the process at position j of the parent, for nacc_in
 * processes; acc_out receives the child's.  The heap is numbered visiting
 * processes in original-identity order (Fig. 5's modified line (*)), then
 * instances of each eligible proctype are sorted by pc, then by their
 * bytes.  *apid (a position, or -1) is mapped to the new position.
 * Returns the state's length, which shrinks when the collection drops
 * free slots; the bytes past it are zeroed. */
int procsym_canon(const ProcSym *ps, VM *vm, uint8_t *b, int len,
		   const uint8_t *acc_in, int nacc_in, uint8_t *acc_out, int *apid, NsStats *st);

/* e is a test true exactly when the reader is the only process
 * (`_nr_pr == 1`, `<= 1`, `< 2`): partial-order reduction asks (por.c) */
int procsym_alone_test(const Expr *e);

/* Remove the finished process at position p of the state (b, len):
 * returns the new length. */
int procsym_drop(VM *vm, uint8_t *b, int len, int p);

/* The layer (reduce/layer_procsym.c): canonicalizes every successor with
 * procsym_canon and carries the original identities as the state's aux
 * bytes (Iosif, Fig. 5, "Depth First Search Combining Heap and Process
 * Symmetry").  Below it the heap layer must only collect (canonical = 0). */
Layer *layer_procsym(VM *vm, const ProcSym *ps);

/* A layer stack, bottom to top: the VM, dead variable elimination
 * (deadvars), the garbage collector and heap
 * symmetry (when the model has a heap), process symmetry (ps with
 * eligible proctypes), the never claim (when the model has one), weak
 * fairness, partial-order reduction (por: a table, NULL for none; ample = 0
 * only classifies, for Twophase).  reduce/stack.c. */
/* Dead variable elimination (reduce/deadvars.c): zeroes the locals dead
 * at each process's pc in every state; keep_refs: not those that hold
 * references, channel ids or records (a heap without canonical numbering);
 * NULL when no proctype can take part.  deadvars_ranges: how many byte ranges the table of the stack's
 * deadvars layer (top or below) holds; 0 without one. */
Layer *layer_deadvars(VM *vm, int keep_refs);
int deadvars_ranges(const Layer *l);

struct PorTable;
typedef struct StackSpec {
	int heap_canonical;
	int deadvars;            /* -deadvars: the layer right above the VM */
	const ProcSym *ps;
	int no_stutter;          /* -l */
	int claim_stutter_invariant;   /* the claim is an ltl formula's or -l's */
	int fair;                /* -f */
	const struct PorTable *por;
	int por_ample;
	Reached *reached;        /* the unreached-code report's marks, or NULL */
	int no_ends;             /* no invalid end states (-E; -a on process accept labels) */
	int accept_stutter;      /* -a on process accept labels, no claim: pan's accept stutter */
} StackSpec;
Layer *stack_build(VM *vm, const StackSpec *sp);
#endif
