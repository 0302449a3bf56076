/* next.h — the next-state interface: what every search asks of a model,
 * and what every reduction takes and gives.
 *
 * Modelled on LTSmin's PINS (pins.h: a state, transitions grouped by
 * process, layers that wrap an interface and give one, pins2pins-*), in
 * dspin's own terms.  A *layer* answers:
 *   initial     the initial state;
 *   next_all    every successor of a state;
 *   next_proc   the successors by one process's moves only (SPIN's
 *               process preselection: a reduction asks for one group
 *               without executing the others);
 *   safe_group  whether one process's moves in a state are independent of
 *               every other process's and invisible (the static dependency
 *               information: lang/access.h, reduce/por.h);
 *   safe_scope  what safe_group's answer for a process at a location
 *               depends on: never safe, always, or the rest of the state
 *               (the symbolic Improviso learns safe_group once per
 *               location where it does not depend on the state);
 *   valid_end, accepting   properties of a state.
 * An op left NULL is answered by the layer below.  The bottom layer is the
 * VM (vm/next_vm.c); above it, in this order when present: the garbage
 * collector and heap symmetry (heap/layer_heap.c), process symmetry
 * (reduce/layer_procsym.c), the never-claim product (vm/layer_claim.c),
 * the weak-fairness counter (vm/layer_fair.c), partial-order reduction
 * (reduce/layer_por.c).  docs/architecture.md draws the stack.
 *
 * A state is its key (the bytes the search stores; every layer keeps the
 * VM's layout of vm.h at the front and may append bytes of its own) plus
 * aux bytes that travel with the state along a path but are not part of
 * its identity (process symmetry's original identities, Iosif Fig. 5).
 *
 * Layers are immutable once built and shared by every search worker; each
 * worker has a Ctx with the layers' scratch memory and its statistics, so
 * nothing here is global and two models can be searched side by side.
 */
#ifndef DSPIN_NEXT_H
#define DSPIN_NEXT_H
#include "vm.h"
#include <stdatomic.h>

typedef struct Succ {
	Move mv;                /* in the parent's process positions */
	Move tmv;               /* in creation pids, as a trail records it */
	int atomic_pid;         /* process that keeps control after the move, -1 none */
	int err;                /* ERR_* raised by the move */
	unsigned char heap_dirty;   /* the step may have changed references */
	int len;                /* key bytes at arena + off */
	int alen;               /* aux bytes at arena + aoff */
	size_t off, aoff;
	char errmsg[256];
	uint8_t *b, *aux;       /* set by sb_finish; stale after the next sb_alloc */
} Succ;

typedef struct SuccBuf {
	Succ *v; int n, cap;
	uint8_t *arena; size_t used, acap;
	int from_atomic;        /* the moves continue the atomic sequence of the
	                         * state's atomic process (the state is then not
	                         * stored, as in SPIN) */
	int oom;                /* an allocation failed: the successors are incomplete */
} SuccBuf;

void succbuf_clear(SuccBuf *sb);
void succbuf_free(SuccBuf *sb);
Succ *sb_push(SuccBuf *sb);                 /* a zeroed record, NULL when out of memory */
Succ *sb_push_raw(SuccBuf *sb);             /* the same, not cleared: every field up
                                             * to errmsg is the caller's to set */
uint8_t *sb_alloc(SuccBuf *sb, int len);    /* arena bytes, NULL when out of memory */
Succ *sb_copy(SuccBuf *sb, const Succ *from, const uint8_t *key, int len, const uint8_t *aux, int alen);
void sb_finish(SuccBuf *sb);                /* set every record's b and aux */
/* d cleared to a move of no process (pid and transitions -1, no atomic
 * process): the initial state, a claim's or a stutter's own step */
void succ_no_move(Succ *d);

/* a state handed to a layer */
typedef struct SState {
	const uint8_t *b; int len;
	const uint8_t *aux; int alen;
	int atomic_pid;         /* process holding atomic control, -1 none */
} SState;

typedef struct Layer Layer;
typedef struct Ctx Ctx;

struct Layer {
	const char *name;
	Layer *below;
	void *conf;             /* the layer's own set-up, read-only */
	int slot;               /* its scratch: Ctx.work[slot] */
	void *(*work_new)(const Layer *l, Ctx *c);
	void (*work_free)(const Layer *l, void *w);
	int (*initial)(const Layer *l, Ctx *c, SuccBuf *out);
	int (*next_all)(const Layer *l, Ctx *c, const SState *s, SuccBuf *out);
	int (*next_proc)(const Layer *l, Ctx *c, const SState *s, int pid, SuccBuf *out);
	int (*safe_group)(const Layer *l, Ctx *c, const SState *s, int pid);
	int (*safe_scope)(const Layer *l, Ctx *c, const Code *code, int pc);
	int (*valid_end)(const Layer *l, Ctx *c, const SState *s);
	int (*accepting)(const Layer *l, Ctx *c, const SState *s);
};

#define NS_MAXLAYERS 8

typedef struct NsStats {
	int max_objects;                    /* most live objects in one state */
	unsigned long long heap_renumbered; /* successors whose objects were renumbered */
	unsigned long long procs_permuted;  /* successors whose processes were reordered */
	unsigned long long por_reduced;     /* states expanded with one process's moves */
} NsStats;

struct Ctx {
	VM *vm;
	const Layer *top;
	void *work[NS_MAXLAYERS];
	NsStats stats;
	/* The proviso hook, the one thing a reduction asks of the search:
	 * could this successor close a cycle of the reduced graph (on the DFS
	 * stack; already visited, in BFS)?  NULL: always "yes". */
	int (*proviso)(void *arg, const uint8_t *b, int len);
	void *proviso_arg;
	int proviso_used;       /* set by a layer that calls it: the search keeps
	                         * what the hook needs (the DFS its stack set) */
	/* A reduction's choice for the last state expanded (NS_FULL, or the
	 * process whose moves stood for all), and the choice to make instead
	 * of deciding (NS_DECIDE: decide).  The nested DFS replays the first
	 * search's choices so that both see one reduced graph. */
	int choice, force;
};
enum { NS_DECIDE = -2, NS_FULL = -1 };

/* A worker context for the stack whose top layer is top; NULL when out of
 * memory. */
Ctx *ns_ctx_new(const Layer *top, VM *vm);
void ns_ctx_free(Ctx *c);
/* put l on top of below (slot numbers follow the height) */
Layer *ns_push(Layer *l, Layer *below);
/* a new layer: a copy of the template with its own set-up (GC-allocated,
 * like the model) */
Layer *ns_layer(const Layer *tmpl, void *conf);
/* make room for need bytes in a growable buffer; 0 when out of memory */
int ns_reserve(uint8_t **buf, size_t *cap, size_t need);

/* the ops of the stack's top layer */
int ns_initial(Ctx *c, SuccBuf *out);
int ns_next_all(Ctx *c, const SState *s, SuccBuf *out);
int ns_safe_group(Ctx *c, const SState *s, int pid);
/* What ns_safe_group says of a process standing at location pc of code
 * (not inside a call): NS_SAFE_NEVER in every state, NS_SAFE_ALWAYS in
 * every state where the process exists, NS_SAFE_STATE it depends on the
 * state (on the other processes' locations and variables, the channels'
 * lengths, the number of processes, and on what the process's own moves
 * there read, messages included: never on other messages).  The
 * layers' answers combine: one NEVER makes NEVER, a layer with a
 * safe_group but no safe_scope counts as STATE. */
enum { NS_SAFE_NEVER, NS_SAFE_ALWAYS, NS_SAFE_STATE };
int ns_safe_scope(Ctx *c, const Code *code, int pc);
int ns_valid_end(Ctx *c, const SState *s);
int ns_accepting(Ctx *c, const SState *s);
/* the same ops, answered by the first layer below l that has them */
int ns_below_next_all(const Layer *l, Ctx *c, const SState *s, SuccBuf *out);
int ns_below_next_proc(const Layer *l, Ctx *c, const SState *s, int pid, SuccBuf *out);
int ns_below_initial(const Layer *l, Ctx *c, SuccBuf *out);
int ns_below_safe_group(const Layer *l, Ctx *c, const SState *s, int pid);
int ns_below_valid_end(const Layer *l, Ctx *c, const SState *s);
int ns_below_accepting(const Layer *l, Ctx *c, const SState *s);

/* the bottom layer: the VM's semantics (vm/next_vm.c) */
/* Which transitions the search executed, for the unreached-code report
 * (report/unreached.c): reached[Trans.id] becomes 1 when the bottom
 * layer generates a successor through it, so a marked statement is one
 * some reachable state can execute.  One array for all of a search's
 * workers (atomic bytes: written once each, read often). */
typedef _Atomic unsigned char Reached;
/* the bottom layer; reached may be NULL (nothing recorded) */
Layer *layer_vm(VM *vm, Reached *reached);
/* a layer under which no state is an invalid end state: -E, and -a on
 * accept labels in the processes without a claim (pan's !a_cycles); with
 * stutter (that -a), a state where nothing can move and some process is
 * at an accept label repeats for ever, an acceptance cycle (pan's "accept
 * stutter") */
Layer *layer_noends(int stutter);
/* some process or function has an accept label (pan -a counts them with
 * a never claim too) */
int vm_proc_accept(const VM *vm);
/* the never-claim product (vm/layer_claim.c); no_stutter for -l;
 * stutter_invariant: the claim comes from an ltl formula or -l, so moves
 * it cannot see may be reduced away */
Layer *layer_claim(VM *vm, int no_stutter, int stutter_invariant);
/* the weak-fairness counter, SPIN's N+1 copies (vm/layer_fair.c);
 * interchangeable: NULL, or (process symmetry below permutes positions)
 * the per-proctype table of interchangeable proctypes, and the counter
 * follows the permutation through the aux bytes */
Layer *layer_fair(VM *vm, const unsigned char *interchangeable);
#endif
