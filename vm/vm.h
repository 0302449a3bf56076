/* vm.h — state vector layout and the interpreter.
 *
 * A state is a byte vector:
 *   [u8 nproc][u8 nchan][u8 nslot][u8 _last][globals ...]   (_last stays 0 unless used)
 *   nproc times: [u8 proctype][u16 pc][u8 call depth][locals ...][frames ...]
 *                a frame: [u8 function][u16 id of the call transition][locals ...]
 *                (pc is the pc in the innermost frame's code)
 *   nchan times: [u8 chanspec][u8 creator pid][u8 len][slots: cap * msgsize]
 *   nslot times: heap slot: [u8 class][fields ...], or [0xFF] for a free slot
 * Heap locations are 1-based slot numbers; a reference holds one (0 = null).
 * Processes are kept in pid order (they die in reverse creation order, so
 * pids stay dense); channels in creation order, as SPIN numbers them.
 * Unused bytes are always zero so that equal states are equal vectors.
 */
#ifndef DSPIN_VM_H
#define DSPIN_VM_H
#include "../lang/code.h"
#include "../lang/layout.h"   /* the limits and headers of the layout above */
#include "native.h"
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct State {
	uint8_t *b;
	int len;
	int nproc, nchan;
	int poff[MAXPROC + 1];
	int ftop[MAXPROC];      /* offset of the innermost frame's header, 0 if none */
	int coff[MAXCHAN + 1];
	int nslot;
	int hoff[MAXOBJ + 1];
} State;

/* A move: what a transition step did, enough to replay it. */
typedef struct Move {
	int16_t pid;            /* -1: none (initial state) */
	int16_t rv_pid;         /* rendezvous receiver, -1 if none */
	int32_t tid;            /* Trans id; -1 for process death */
	int32_t rv_tid;
	int32_t sel;            /* select: the value chosen */
	int32_t claim;          /* never claim's transition id + 1 (0: no claim step) */
	/* after the move the unreduced run removes gone_n finished processes,
	 * pids gone_top, gone_top-1, ...: the deaths a process symmetry
	 * representative made at once (reduce/layer_procsym.c), written out
	 * by search/trail.c in SPIN's order */
	int16_t gone_top, gone_n;
} Move;

/* ERR_BOUND: a resource limit (-heap, -calldepth, the state vector's size)
 * stopped the move; the search is then incomplete, not wrong (SPEC 3) */
enum { ERR_NONE, ERR_ASSERT, ERR_RUNTIME, ERR_DEADLOCK, ERR_BOUND };

struct VM;
typedef struct VM {
	Program *prog;
	Model *m;
	int simulate;           /* print printf output */
	FILE *out;
	int nwarn_trunc;
	int heap_bound;         /* live objects allowed (-heap=N) */
	int no_asserts;         /* -A: a false assertion is no error (pan -A); still evaluated */
	int call_bound;         /* deepest call stack allowed (-calldepth=N) */
	NativeInfo native;      /* -native: the compiled guards (vm/native.c) */
} VM;

/* a process's header fields (inline: the generator asks them for every
 * process of every state) */
static inline int sv_pc(const State *s, int pid)
{
	const uint8_t *p = s->b + s->poff[pid] + 1;
	return p[0] | (p[1] << 8);
}
static inline int sv_ptype(const State *s, int pid) { return s->b[s->poff[pid]]; }
static inline void sv_set_pc(State *s, int pid, int pc)
{
	uint8_t *p = s->b + s->poff[pid] + 1;
	p[0] = (uint8_t)pc; p[1] = (uint8_t)(pc >> 8);
}
static inline Proctype *sv_proc(VM *vm, const State *s, int pid) { return vm->m->ptypes[sv_ptype(s, pid)]; }
static inline int sv_depth(const State *s, int pid) { return s->b[s->poff[pid] + 3]; }
/* the code the pc belongs to */
static inline Code *sv_code(VM *vm, const State *s, int pid)
{
	if (!sv_depth(s, pid)) return sv_proc(vm, s, pid)->code;
	return vm->m->funcs[s->b[s->ftop[pid]]]->code;
}

typedef struct Exec {
	VM *vm;
	State *s;
	int pid;
	int timeout;
	int err;                /* ERR_* raised while executing */
	const Stmt *errstmt;
	int sel;                /* select value being executed */
	int in_rv;              /* executing the receive half of a rendezvous */
	int ret_atomic;         /* a return lands inside the caller's atomic sequence */
	int rvn;                /* values in rvmsg */
	int err_in_init;        /* the error arose in a variable's initialiser */
	/* the large fields last: exec_init leaves them alone */
	char errmsg[256];       /* valid when err is set */
	int32_t rvmsg[MAXFIELDS];   /* a rendezvous message, from the sender */
} Exec;

/* An Exec for process pid on s, nothing raised.  The generator makes one
 * for every guard it tries, so the message buffers (1.3 KB) are not
 * cleared: errmsg is written with err, rvmsg with rvn. */
static inline void exec_init(Exec *x, VM *vm, State *s, int pid)
{
	memset(x, 0, offsetof(Exec, errmsg));
	x->vm = vm;
	x->s = s;
	x->pid = pid;
	x->errmsg[0] = 0;
}

/* state.c: what only the compiled program and its initial state show:
 * locations beyond the pc's range, an initial state that cannot be built
 * (too many channels, too large, an initializer's run-time error).
 * Reported to d (diag.h); returns the number of errors.  cli/ calls it
 * once before any search. */
int vm_check(Diag *d, VM *vm);
/* ERR_RUNTIME with its message in msg when building the initial state
 * raises a run-time error of the model (an initialiser divides by zero,
 * indexes out of bounds ...), else 0.  The command reports it as a
 * verification error at depth 0 (a trail of no moves); the VM layer's
 * initial state then carries it (Succ.err), so that -t reproduces it. */
int vm_initial_error(VM *vm, char *msg, size_t len);

/* state.c */
void sv_index(const Model *m, State *s);                 /* recompute offsets from the bytes */
/* the state (b, len) has cur's offsets (cur indexed, b not yet copied
 * over it): sv_index can be skipped */
int sv_same_layout(const State *cur, const uint8_t *b, int len);
void sv_copy(State *dst, const State *src);
void vm_initial(VM *vm, State *s, uint8_t *buf);   /* buf: MAXSTATE bytes */
/* the same, and the error building it raised (ERR_*, message in msg) */
int vm_initial_raise(VM *vm, State *s, uint8_t *buf, char *msg, size_t len);

/* the record-typed variables among vs[0..n) in the block at `block` (a
 * process's locals, a call frame's) get their records' images */
void vm_init_records(Var *const *vs, int n, uint8_t *block);
int vm_heap_alloc(Exec *x, int class_id);   /* next-free allocation; 0 on error */
/* exec.c: a new channel of spec c in x's state, made by process creator
 * (255: a global); its id (1-based), or 0 with the error raised (too
 * many channels, state vector too large) */
int vm_new_chan(Exec *x, ChanSpec *c, int creator);
void vm_error_in_init(Exec *x, const struct Var *v);   /* name v's initialiser in the error just raised */
uint8_t *vm_obj(Exec *x, int32_t ref);       /* object bytes (after the class byte) or NULL + error */
uint8_t *vm_obj_as(Exec *x, int32_t ref, const struct Record *cls);   /* the same, checked to be of class cls */

/* exec.c */
int32_t vm_load(const uint8_t *a, TypeKind k, int bits);   /* a variable's value, by type */
void vm_store(uint8_t *a, TypeKind k, int bits, int32_t v);  /* truncates to the type */
int32_t vm_eval(Exec *x, const Expr *e);
int vm_proc_enabled(VM *vm, const uint8_t *b, int pid);
/* pid runs a call made inside an atomic sequence: its steps keep control
 * (exec.c) */
int vm_call_atomic(const VM *vm, const State *s, int pid);
uint8_t *vm_prio_addr(State *s, const Model *m, int pid);   /* pid's _priority, NULL if none */
int vm_outranked(Exec *x, int pid);          /* an enabled process of higher priority exists */
int vm_enabled(Exec *x, const Trans *t);
void vm_execute(Exec *x, const Trans *t);    /* sets pc to t->to */
/* a rendezvous into d_step t whose first statement, first, is the
 * receive: x->rvmsg holds the message; sets pc to t->to */
void vm_execute_rv_dstep(Exec *x, const Trans *t, const Trans *first);
/* the first statement of d_step t that takes a rendezvous message msg on
 * channel index cidx, as pan's deterministic d_step picks it, or NULL */
const Trans *vm_dstep_rv_first(Exec *x, const Trans *t, int cidx, const int32_t *msg, int n);
int vm_spawn(Exec *x, Proctype *pt, const int32_t *args, int nargs);
int vm_die(Exec *x, int pid);
int vm_chan_index(Exec *x, int32_t cid);     /* -1 and error if bad */
void vm_runtime_error(Exec *x, const char *fmt, ...);
void vm_bound_error(Exec *x, const char *fmt, ...);   /* ERR_BOUND */
int vm_rv_match(Exec *x, const Trans *recv, int cidx, const int32_t *msg, int n);
int vm_send_values(Exec *x, const Stmt *s, int32_t *msg);

/* guard.c: guards that are pure expressions over plain variables, and
 * assignments of such expressions to plain variables, as flat postfix
 * code (Trans.guard, Trans.act), compiled once before the search */
void vm_compile_guards(Program *p);
/* is the guard true in x's state?  -1: it cannot run here (no process,
 * an index out of bounds), ask vm_eval */
int guard_enabled(const Exec *x, const Guard *g);
/* may guard_enabled give up on an index out of bounds (where the tree
 * raises an error)?  Such a guard is not a no-op to execute */
int guard_can_fail(const Guard *g);
/* the same for a conjunction of v, !v, v OP c, on the state alone; -1:
 * not such a guard (or no process), ask guard_enabled */
int guard_quick(const State *s, int pid, const Guard *g);
/* run an assignment compiled into Trans.act on x's state (not the pc);
 * 0: it cannot run here (no process, an index out of bounds; nothing
 * was written), run the tree */
int guard_act(Exec *x, const Guard *g);

/* next_vm.c (the next-state interface itself is vm/next.h) */
int vm_valid_end(VM *vm, const uint8_t *b, int len);
int vm_do_move(VM *vm, State *s, const Move *mv, char *errmsg, size_t errlen);

/* print.c */
void vm_print_state(VM *vm, const uint8_t *b, int len, FILE *f);
void vm_print_move(VM *vm, const Move *mv, int step, FILE *f);
const char *vm_trans_text(const Trans *t);
void vm_write_dot(VM *vm, const uint8_t *b, int len, FILE *f);
#endif
