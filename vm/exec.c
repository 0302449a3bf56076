/* exec.c — expression evaluation and statement execution, SPIN semantics.
 * Arithmetic is done in 32-bit int as in SPIN's generated C; stores truncate
 * to the variable's type; run-time errors (division by zero, bad index,
 * uninitialised channel) set Exec.err and abort the step. */
#include "vm.h"
#include "../lang/arith.h"
#include <string.h>
#include <stdarg.h>
#include <stdio.h>

/* the message, then where: the statement being executed, with its
 * file:line:col and text (SPEC 3: a run-time error names its place) */
static void set_error(Exec *x, int kind, const char *fmt, va_list ap)
{
	if (x->err) return;
	x->err = kind;
	int n = vsnprintf(x->errmsg, sizeof x->errmsg, fmt, ap);
	const Stmt *st = x->errstmt;
	if (st && st->pos.file && n >= 0 && (size_t)n < sizeof x->errmsg)
		snprintf(x->errmsg + n, sizeof x->errmsg - (size_t)n, " at %s:%d:%d [%.60s]", st->pos.file, st->pos.line,
			 st->pos.col, st->text ? st->text : "?");
}

/* an error raised while v's initialiser was evaluated (no statement was
 * running) names the initialiser (issue 40: `int y = 5 / x` said only
 * "division by zero" at the proctype's line) */
void vm_error_in_init(Exec *x, const Var *v)
{
	size_t n = strlen(x->errmsg);
	if (!x->err || x->errstmt || !v->init || n >= sizeof x->errmsg - 1)
		return;
	snprintf(x->errmsg + n, sizeof x->errmsg - n, " in the initialiser of '%s' at %s:%d:%d", v->name,
		 v->init->pos.file ? v->init->pos.file : "?", v->init->pos.line, v->init->pos.col);
	x->err_in_init = 1;
}

void vm_runtime_error(Exec *x, const char *fmt, ...)
{
	va_list ap; va_start(ap, fmt);
	set_error(x, ERR_RUNTIME, fmt, ap);
	va_end(ap);
}

void vm_bound_error(Exec *x, const char *fmt, ...)
{
	va_list ap; va_start(ap, fmt);
	set_error(x, ERR_BOUND, fmt, ap);
	va_end(ap);
}

/* lang/layout.h's definition: the front end's record images store the same way */
int32_t vm_load(const uint8_t *a, TypeKind k, int bits) { return layout_load(a, k, bits); }
void vm_store(uint8_t *a, TypeKind k, int bits, int32_t v) { layout_store(a, k, bits, v); }

static int truncates(TypeKind k, int bits, int32_t v)
{
	switch (k) {
	case TY_BIT: case TY_BOOL: return v != (v & 1);
	case TY_SHORT: return v != (int16_t)v;
	case TY_CHAN: return v != (uint16_t)v;
	case TY_INT: return 0;
	case TY_UNSIGNED: return bits < 32 && ((uint32_t)v >> bits) != 0;
	default: return v != (uint8_t)v;
	}
}

/* Address of the designated variable element, or NULL after an error. */
/* element idx of array variable or field v at base (base itself when idx
 * is NULL); NULL and an error when the index is out of bounds */
static uint8_t *element(Exec *x, uint8_t *base, const Var *v, const Expr *idx, const char *dot)
{
	if (!idx)
		return base;
	int32_t i = vm_eval(x, idx);
	if (x->err)
		return NULL;
	if (i < 0 || i >= v->arrlen) {
		vm_runtime_error(x, "array index out of bounds: %s%s[%d] (size %d)", dot, v->name, i, v->arrlen);
		return NULL;
	}
	return base + i * v->elemsize;
}

static uint8_t *addr(Exec *x, const Expr *e, int pid)
{
	State *s = x->s;
	if (e->k == E_VAR) {
		Var *v = e->var;
		uint8_t *base;
		if (v->scope == SC_GLOBAL) base = s->b + GOFF + v->offset;
		else if (v->in_func) {
			/* a function's parameter or local: in the innermost frame */
			if (pid < 0 || pid >= s->nproc || !s->ftop[pid]) { vm_runtime_error(x, "'%s' used outside its function", v->name); return NULL; }
			base = s->b + s->ftop[pid] + FHDR + v->offset;
		} else {
			if (pid < 0 || pid >= s->nproc) { vm_runtime_error(x, "no process %d for local '%s'", pid, v->name); return NULL; }
			base = s->b + s->poff[pid] + PHDR + v->offset;
		}
		return element(x, base, v, e->a, "");
	}
	if (e->k == E_FIELD) {
		uint8_t *b = addr(x, e->b, pid);
		if (!b) return NULL;
		if (e->b->var->kind == TY_REF) {
			b = vm_obj_as(x, b[0], e->b->var->rec);      /* follow the reference */
			if (!b) return NULL;
		}
		Var *f = e->var;
		b += f->offset;
		return element(x, b, f, e->a, ".");
	}
	vm_runtime_error(x, "not a variable");
	return NULL;
}

/* process pid's _priority byte (lang/check/check.c's add_priority), or NULL
 * when there is no such process (pan: get_priority gives 0, set_priority
 * does nothing) */
uint8_t *vm_prio_addr(State *s, const Model *m, int pid)
{
	if (pid < 0 || pid >= s->nproc) return NULL;
	Proctype *pt = m->ptypes[sv_ptype(s, pid)];
	if (!pt->prio_var) return NULL;
	return s->b + s->poff[pid] + PHDR + pt->prio_var->offset;
}

static void assign(Exec *x, const Expr *lhs, int32_t v)
{
	if (lhs->k == E_UNDERSCORE) return;
	if (lhs->k == E_GETPRIO) {
		/* set_priority(pid, v), as pan's */
		int32_t pid = vm_eval(x, lhs->a);
		if (x->err) return;
		uint8_t *a = vm_prio_addr(x->s, x->vm->m, pid);
		if (!a) return;
		if (v < 1 || v > 255) { vm_runtime_error(x, "priority is out of range: set_priority(%d, %d)", pid, v); return; }
		*a = (uint8_t)v;
		return;
	}
	uint8_t *a = addr(x, lhs, x->pid);
	if (!a) return;
	if (x->vm->simulate && truncates(lhs->var->kind, lhs->var->bits, v) && x->vm->nwarn_trunc++ < 20)
		fprintf(stderr, "dspin: warning: value %d truncated in assignment to '%s' (line %d)\n", v, lhs->var->name, lhs->pos.line);
	vm_store(a, lhs->var->kind, lhs->var->bits, v);
}

/* A channel id names a channel: 1..255 the channels created by
 * declarations (in creation order), >= 256 a channel that is a field of a
 * heap object (see CHAN_OBJ).  The handle returned is the byte offset of
 * the channel's block [spec][creator][len][slots] in the state. */
int vm_chan_index(Exec *x, int32_t cid)
{
	State *s = x->s;
	if (cid >= CHAN_OBJ) {
		int obj = (cid - CHAN_OBJ) / CHAN_SLOTS + 1, slot = (cid - CHAN_OBJ) % CHAN_SLOTS;
		if (obj > s->nslot || s->b[s->hoff[obj - 1]] == FREE_SLOT) { vm_runtime_error(x, "channel of a collected object"); return -1; }
		Record *r = x->vm->m->records[s->b[s->hoff[obj - 1]]];
		if (slot >= r->nchanoffs) { vm_runtime_error(x, "bad channel id %d", cid); return -1; }
		return s->hoff[obj - 1] + 1 + r->chanoffs[slot];
	}
	if (cid < 1 || cid > s->nchan) {
		vm_runtime_error(x, cid == 0 ? "channel is not initialized" : "bad channel id %d", cid);
		return -1;
	}
	return s->coff[cid - 1];
}

static ChanSpec *cspec(Exec *x, int ci) { return x->vm->m->chanspecs[x->s->b[ci]]; }
static int clen(Exec *x, int ci) { return x->s->b[ci + 2]; }
static uint8_t *cslot(Exec *x, int ci, int slot) { ChanSpec *c = cspec(x, ci); return x->s->b + ci + CHDR + slot * c->msgsize; }
static int32_t cfield(Exec *x, int ci, int slot, int f) { ChanSpec *c = cspec(x, ci); return vm_load(cslot(x, ci, slot) + c->foff[f], c->ftypes[f], 32); }

static int chan_of(Exec *x, const Expr *e)
{
	int32_t cid = vm_eval(x, e);
	if (x->err) return -1;
	return vm_chan_index(x, cid);
}

/* the call transition a frame starts with (its bytes 1-2, written by
 * do_call) */
static int frame_call(const uint8_t *fr)
{
	return fr[1] | (fr[2] << 8);
}

/* Is pid running a call made from inside an atomic sequence?  Such a
 * call runs as an inline with the same body would in SPIN: every step
 * of the callee (and of the calls it makes in turn) keeps control, until
 * the return to a caller whose sequence ends there; if a step blocks,
 * atomicity is lost and regained by the process's next step, as inside
 * any atomic sequence.  A frame's call transition says where the call
 * was made (Trans.atomic_id: the statement lies inside an atomic block),
 * so this is a property of the frames themselves: nothing is added to
 * the state, and every search and reduction, which read the key, sees
 * the same state for the same frames.  Outermost frame first; a call
 * from a frame that inherits it inherits it too. */
int vm_call_atomic(const VM *vm, const State *s, int pid)
{
	int depth = sv_depth(s, pid);
	if (!depth)
		return 0;
	int off = s->poff[pid] + PHDR + vm->m->ptypes[sv_ptype(s, pid)]->localsize;
	for (int d = 0; d < depth; d++) {
		const uint8_t *fr = s->b + off;
		if (vm->prog->trans[frame_call(fr)]->atomic_id)
			return 1;
		off += FHDR + vm->m->funcs[fr[0]]->localsize;
	}
	return 0;
}

/* Where process pid is in its proctype's code: its pc, or inside a call
 * the location of the outermost call (the first frame's call transition),
 * which is what P[i]@L names; the pc is then a location of the function's
 * code, whose numbers mean nothing in P's (found by review: P[0]@L held
 * while P ran a function whose pc equalled L's number) */
static int proc_loc(VM *vm, const State *s, int pid)
{
	if (!sv_depth(s, pid))
		return sv_pc(s, pid);
	const uint8_t *fr = s->b + s->poff[pid] + PHDR + sv_proc(vm, s, pid)->localsize;
	return vm->prog->trans[frame_call(fr)]->from;
}

static int remote_pid(Exec *x, const Expr *e, int label)
{
	/* P[i] names the i-th instance... SPIN: the index is the pid itself */
	int pid;
	if (e->a) pid = vm_eval(x, e->a);
	else {
		pid = -1;
		for (int i = 0; i < x->s->nproc; i++) if (sv_ptype(x->s, i) == e->ptype->index) { pid = i; break; }
	}
	if (x->err) return -1;
	/* pan's rule (Pptr): a process that is not running reads as a block
	 * of zeros, so its variables are 0 and P[i]@L is false.  A claim may
	 * name a process before init has created it. */
	if (pid < 0 || pid >= x->s->nproc)
		return -1;
	if (sv_ptype(x->s, pid) != e->ptype->index) {
		/* P[i]@L on a process of another proctype: pan compares that
		 * process's pc (a field every process has, at the same place)
		 * with L's state number in P, which names no location of the
		 * other proctype: false, as a process that is not running
		 * (SPIN's LTL/mobile1.pml names BS[a_id] while a_id is still 0,
		 * the pid of System) */
		if (label) return -1;
		/* P[i]:x: pan reads the other proctype's memory as if it were P's */
		vm_runtime_error(x, "remote reference to %s[%d]: process %d is a %s", e->ptype->name, pid, pid,
				 x->vm->m->ptypes[sv_ptype(x->s, pid)]->name);
		return -1;
	}
	return pid;
}

/* does message in slot match the constant/eval arguments of a receive? */
static int msg_matches(Exec *x, int ci, int slot, Expr **args, int nargs)
{
	ChanSpec *c = cspec(x, ci);
	for (int f = 0; f < nargs && f < c->nfields; f++) {
		const Expr *a = args[f];
		if (a->k == E_CONST || a->k == E_EVAL) {
			int32_t want = a->k == E_CONST ? a->val : vm_eval(x, a->a);
			if (cfield(x, ci, slot, f) != want) return 0;
		}
	}
	return 1;
}

/* The run-time half of the type rules for messages (lang/check/types.c): a
 * channel operand that is a `chan` parameter or an id stored in a
 * variable has no declared message type the checker could see, so a
 * send or receive checks here that a reference goes only into a field
 * declared of its class and a number only into a number field.  Without
 * it a number received into a reference would forge one, and a
 * reference received into a byte would make its object's number data.
 * v is the value (sent, or about to be stored); a is the expression sent
 * or the variable received into.  Returns 0 after a run-time error. */
static int msg_field_typed(Exec *x, const ChanSpec *c, int f, const Expr *a, int32_t v, int sending)
{
	if (f >= c->nfields || (!sending && a->k != E_VAR && a->k != E_FIELD))
		return 1;
	int fref = c->ftypes[f] == TY_REF;
	const Record *want = sending ? (fref && c->fcls ? c->fcls[f] : NULL) : a->var->rec;
	int aref = sending ? a->type == TY_REF : a->var->kind == TY_REF;
	if (fref != aref) {
		vm_runtime_error(x, "message field %d is %s, the %s is %s", f + 1, fref ? "a reference" : "a number",
				 sending ? "value sent" : "variable received into", aref ? "a reference" : "a number");
		return 0;
	}
	State *st = x->s;
	if (!fref || !want || v <= 0 || v > st->nslot || st->b[st->hoff[v - 1]] == FREE_SLOT)
		return 1;
	const Record *is = x->vm->m->records[st->b[st->hoff[v - 1]]];
	if (is == want)
		return 1;
	vm_runtime_error(x, "message field %d: a reference to a %s object where class %s is expected", f + 1, is->name, want->name);
	return 0;
}

static int find_msg(Exec *x, int ci, Expr **args, int nargs, int random)
{
	int n = clen(x, ci);
	if (!random) return n > 0 && msg_matches(x, ci, 0, args, nargs) ? 0 : -1;
	for (int i = 0; i < n; i++) if (msg_matches(x, ci, i, args, nargs)) return i;
	return -1;
}

static int proc_enabled(Exec *x, int pid);

/* run P(args): the arguments' array lives here rather than in vm_eval's
 * frame, which every level of an expression's recursion pays for */
static __attribute__((noinline)) int32_t eval_run(Exec *x, const Expr *e)
{
	int32_t args[MAXPARAMS];
	int n = e->nargs < MAXPARAMS ? e->nargs : MAXPARAMS;   /* lang/check/check.c: nargs <= MAXPARAMS */
	for (int i = 0; i < n; i++) args[i] = vm_eval(x, e->args[i]);
	/* run P() priority N; without it 1, as pan's run (the proctype's
	 * `priority N` is for its active instances only) */
	int32_t pr = e->b ? vm_eval(x, e->b) : 1;
	if (x->err) return 0;
	int pid = vm_spawn(x, e->ptype, args, n);
	if (!x->err) {
		uint8_t *a = vm_prio_addr(x->s, x->vm->m, pid);
		if (a) *a = (uint8_t)pr;
	}
	return pid;
}

/* a variable of the process or a global, the common case of vm_eval's
 * E_VAR, without addr's general walk: the same address, bounds check and
 * message (element) */
static inline int32_t eval_plain_var(Exec *x, const Expr *e)
{
	const Var *v = e->var;
	State *s = x->s;
	const uint8_t *a = v->scope == SC_GLOBAL ? s->b + GOFF + v->offset : s->b + s->poff[x->pid] + PHDR + v->offset;
	if (e->a) {
		int32_t i = e->a->k == E_CONST ? e->a->val : vm_eval(x, e->a);
		if (x->err)
			return 0;
		if (i < 0 || i >= v->arrlen) {
			vm_runtime_error(x, "array index out of bounds: %s[%d] (size %d)", v->name, i, v->arrlen);
			return 0;
		}
		a += i * v->elemsize;
	}
	return vm_load(a, v->kind, v->bits);
}

int32_t vm_eval(Exec *x, const Expr *e)
{
	switch (e->k) {
	case E_CONST: return e->val;
	case E_VAR: case E_FIELD: {
		if (e->k == E_VAR && !e->var->in_func && (e->var->scope == SC_GLOBAL || (x->pid >= 0 && x->pid < x->s->nproc)))
			return eval_plain_var(x, e);
		if (e->k == E_FIELD && e->var->kind == TY_CHAN && e->var->chan) {
			/* a channel that is a field of an object: its id */
			int32_t obj = vm_eval(x, e->b);
			if (x->err) return 0;
			if (!vm_obj_as(x, obj, e->b->type == TY_REF && e->b->var ? e->b->var->rec : NULL)) return 0;
			int idx = 0;
			if (e->a) { idx = vm_eval(x, e->a); if (idx < 0 || idx >= e->var->arrlen) { vm_runtime_error(x, "array index out of bounds: .%s[%d]", e->var->name, idx); return 0; } }
			return CHAN_OBJ + (obj - 1) * CHAN_SLOTS + e->var->chanslot + idx;
		}
		uint8_t *a = addr(x, e, x->pid);
		if (!a) return 0;
		return vm_load(a, e->var->kind, e->var->bits);
	}
	case E_UN: {
		int32_t a = vm_eval(x, e->a);
		int32_t r;
		arith_unop(e->op, a, &r);
		return r;
	}
	case E_BIN: {
		int32_t a = vm_eval(x, e->a);
		if (e->op == OP_AND) return a ? vm_eval(x, e->b) != 0 : 0;
		if (e->op == OP_OR) return a ? 1 : vm_eval(x, e->b) != 0;
		int32_t b = vm_eval(x, e->b), r;
		if (!arith_binop(e->op, a, b, &r) && !b && (e->op == OP_DIV || e->op == OP_MOD))
			vm_runtime_error(x, e->op == OP_DIV ? "division by zero" : "modulo by zero");
		return r;
	}
	case E_COND: return vm_eval(x, e->a) ? vm_eval(x, e->b) : vm_eval(x, e->c);
	case E_LEN: case E_EMPTY: case E_NEMPTY: case E_FULL: case E_NFULL: {
		int ci = chan_of(x, e->a);
		if (ci < 0) return 0;
		int n = clen(x, ci), cap = cspec(x, ci)->cap;
		switch (e->k) {
		case E_LEN: return n;
		case E_EMPTY: return n == 0;
		case E_NEMPTY: return n != 0;
		/* a rendezvous channel is never full (pan's q_full) */
		case E_FULL: return cap > 0 && n >= cap;
		default: return cap == 0 || n < cap;
		}
	}
	case E_POLL: {
		int ci = chan_of(x, e->a);
		if (ci < 0) return 0;
		if (cspec(x, ci)->cap == 0) { vm_runtime_error(x, "poll of a rendezvous channel (SPIN: error to poll rendezvous channel)"); return 0; }
		return find_msg(x, ci, e->args, e->nargs, e->poll_random) >= 0;
	}
	case E_TIMEOUT: return x->timeout;
	/* pan counts the never claim (an ltl formula's, -l's) as a process */
	case E_NRPR: return x->s->nproc + (x->vm->m->never != NULL);
	case E_PID: return x->pid;
	case E_LASTPID: return x->s->b[3];
	case E_NP: {
		/* np_: no process is at a progress label */
		for (int pid = 0; pid < x->s->nproc; pid++)
			if (sv_code(x->vm, x->s, pid)->locs[sv_pc(x->s, pid)].progress) return 0;
		return 1;
	}
	case E_EVAL: return vm_eval(x, e->a);
	case E_RUN: return eval_run(x, e);
	case E_REMOTE_LABEL: {
		int pid = remote_pid(x, e, 1);
		if (pid < 0) return 0;
		return proc_loc(x->vm, x->s, pid) == e->label_loc;
	}
	case E_REMOTE_VAR: {
		int pid = remote_pid(x, e, 0);
		if (pid < 0) return 0;
		uint8_t *a = addr(x, e->b, pid);
		if (!a) return 0;
		return vm_load(a, e->b->var->kind, e->b->var->bits);
	}
	case E_PCVALUE: {
		int32_t pid = vm_eval(x, e->a);
		if (pid < 0 || pid >= x->s->nproc) return 0;
		return sv_pc(x->s, pid);
	}
	case E_ENABLED: {
		int32_t pid = vm_eval(x, e->a);
		if (x->err || pid < 0 || pid >= x->s->nproc) return 0;
		return proc_enabled(x, pid);
	}
	case E_GETPRIO: {
		int32_t pid = vm_eval(x, e->a);
		uint8_t *a = x->err ? NULL : vm_prio_addr(x->s, x->vm->m, pid);
		return a ? *a : 0;
	}
	case E_UNDERSCORE: return 0;
	case E_NULL: return 0;
	case E_NEW: return vm_heap_alloc(x, e->val);
	default:
		vm_runtime_error(x, "unsupported expression");
		return 0;
	}
}

/* ---- channels and processes ---- */

int vm_new_chan(Exec *x, ChanSpec *c, int creator)
{
	State *s = x->s;
	if (s->nchan >= MAXCHAN) { vm_runtime_error(x, "too many channels (max %d)", MAXCHAN); return 0; }
	int size = CHDR + c->cap * c->msgsize;
	if (s->len + size > MAXSTATE) { vm_bound_error(x, "state vector too large (more than %d bytes)", MAXSTATE); return 0; }
	int off = s->coff[s->nchan];          /* the heap follows the channels */
	memmove(s->b + off + size, s->b + off, s->len - off);
	for (int i = 0; i <= s->nslot; i++) s->hoff[i] += size;
	memset(s->b + off, 0, size);
	s->b[off] = (uint8_t)c->id;
	s->b[off + 1] = (uint8_t)creator;
	s->b[1] = (uint8_t)(s->nchan + 1);
	s->coff[s->nchan] = off;
	s->nchan++;
	s->len += size;
	s->coff[s->nchan] = off + size;
	return s->nchan;   /* channel ids are 1-based */
}

int vm_spawn(Exec *x, Proctype *pt, const int32_t *args, int nargs)
{
	State *s = x->s;
	if (s->nproc >= MAXPROC) { vm_runtime_error(x, "too many processes (max %d)", MAXPROC); return 0; }
	int size = PHDR + pt->localsize;   /* call depth 0: no frames */
	if (s->len + size > MAXSTATE) { vm_bound_error(x, "state vector too large (more than %d bytes)", MAXSTATE); return 0; }
	int at = s->poff[s->nproc];
	memmove(s->b + at + size, s->b + at, s->len - at);
	memset(s->b + at, 0, size);
	s->b[at] = (uint8_t)pt->index;
	s->len += size;
	int pid = s->nproc;
	s->b[0] = (uint8_t)(pid + 1);
	s->nproc++;
	s->poff[s->nproc] = at + size;
	for (int i = 0; i <= s->nchan; i++) s->coff[i] += size;
	for (int i = 0; i <= s->nslot; i++) s->hoff[i] += size;
	sv_set_pc(s, pid, pt->code->entry);
	int savepid = x->pid;
	for (int i = 0; i < pt->nparams && i < nargs; i++) {
		Var *v = pt->params[i];
		vm_store(s->b + s->poff[pid] + PHDR + v->offset, v->kind, v->bits, args[i]);
	}
	x->pid = pid;
	/* record locals get their fields' initializers when the process
	 * starts, and only then, as in pan: a record declared inside a loop
	 * keeps what it was given in the last round */
	vm_init_records(pt->locals, pt->nlocals, s->b + s->poff[pid] + PHDR);
	for (int i = 0; i < pt->nlocals; i++) {
		Var *v = pt->locals[i];
		if (v->is_param) continue;
		int n = v->arrlen ? v->arrlen : 1;
		for (int k = 0; k < n; k++) {
			if (v->chan) {
				int id = vm_new_chan(x, v->chan, pid);
				vm_store(s->b + s->poff[pid] + PHDR + v->offset + k * v->elemsize, TY_CHAN, 0, id);
			} else if (v->init) {
				int32_t val = vm_eval(x, v->init);
				vm_error_in_init(x, v);
				vm_store(s->b + s->poff[pid] + PHDR + v->offset + k * v->elemsize, v->kind, v->bits, val);
			}
		}
	}
	x->pid = savepid;
	return pid;
}

/* SPIN's delproc: only the last process may die; channels created after
 * it (by it) go with it. */
int vm_die(Exec *x, int pid)
{
	State *s = x->s;
	if (pid != s->nproc - 1) return 0;
	while (s->nchan > 0 && s->b[s->coff[s->nchan - 1] + 1] == pid) {
		int co = s->coff[s->nchan - 1], csz = s->coff[s->nchan] - co;
		memmove(s->b + co, s->b + co + csz, s->len - co - csz);
		s->len -= csz;
		memset(s->b + s->len, 0, csz);
		s->nchan--;
		for (int i = 0; i <= s->nslot; i++) s->hoff[i] -= csz;
	}
	s->b[1] = (uint8_t)s->nchan;
	int at = s->poff[pid], size = s->poff[pid + 1] - at;
	memmove(s->b + at, s->b + at + size, s->len - at - size);
	s->len -= size;
	s->nproc--;
	s->b[0] = (uint8_t)s->nproc;
	for (int i = 0; i <= s->nchan; i++) s->coff[i] -= size;
	for (int i = 0; i <= s->nslot; i++) s->hoff[i] -= size;
	memset(s->b + s->len, 0, size);
	return 1;
}

/* ---- statements ---- */

int vm_send_values(Exec *x, const Stmt *s, int32_t *msg)
{
	int n = s->nargs < MAXFIELDS ? s->nargs : MAXFIELDS;   /* lang/check/typecheck.c: nargs <= MAXFIELDS */
	for (int i = 0; i < n; i++) msg[i] = vm_eval(x, s->args[i]);
	return n;
}

/* would receive t accept the rendezvous message msg? */
int vm_rv_match(Exec *x, const Trans *t, int ci, const int32_t *msg, int n)
{
	const Stmt *s = t->st;
	if (!s || s->k != S_RECV || s->copy) return 0;
	int c = chan_of(x, s->lhs);
	if (c != ci) return 0;
	for (int f = 0; f < s->nargs && f < n; f++) {
		const Expr *a = s->args[f];
		if (a->k == E_CONST && a->val != msg[f]) return 0;
		if (a->k == E_EVAL && vm_eval(x, a->a) != msg[f]) return 0;
	}
	return 1;
}

static int stmt_enabled(Exec *x, const Stmt *s)
{
	switch (s->k) {
	case S_EXPR:
		/* run is executable; one process too many is an error (SPIN's
		 * "too many processes") */
		if (s->rhs->k == E_RUN) return 1;
		return vm_eval(x, s->rhs) != 0;
	case S_SEND: {
		int ci = chan_of(x, s->lhs);
		if (ci < 0) return 1;   /* executing reports the error */
		ChanSpec *c = cspec(x, ci);
		if (c->cap == 0) return 0;   /* rendezvous: handled by the successor generator */
		return clen(x, ci) < c->cap;
	}
	case S_RECV: {
		int ci = chan_of(x, s->lhs);
		if (ci < 0) return 1;
		/* q?<...> on a rendezvous channel: executing it is the error
		 * (pan: "polling rv chan") */
		if (cspec(x, ci)->cap == 0) return s->copy;
		return find_msg(x, ci, s->args, s->nargs, s->random) >= 0;
	}
	case S_ELSE: return 1;
	default: return 1;
	}
}

static void run_dstep(Exec *x, const Code *k);

/* Is t a send on a rendezvous channel?  SPIN refuses one inside a d_step
 * when it tries it ("rv-attempt in d_step"), whether or not a receiver is
 * ready: the d_step can then move, and run_dstep reports the error.  (A
 * bad channel is left for the send itself to report.) */
static int rv_send(Exec *x, const Trans *t)
{
	const Stmt *s = t->st;
	if (t->dstep || !s || s->k != S_SEND || x->err)
		return 0;
	int ci = chan_of(x, s->lhs);
	if (x->err) {
		x->err = 0;
		return 0;
	}
	return ci >= 0 && cspec(x, ci)->cap == 0;
}

int vm_enabled(Exec *x, const Trans *t)
{
	x->errstmt = t->st;
	if (t->dstep) {
		const Loc *l = &t->dstep->locs[t->dstep->entry];
		int any = 0;
		for (int i = 0; i < l->nt; i++)
			if (!l->t[i]->is_else && (rv_send(x, l->t[i]) || vm_enabled(x, l->t[i]))) { any = 1; break; }
		if (!any) for (int i = 0; i < l->nt; i++) if (l->t[i]->is_else) { any = 1; break; }
		return any;
	}
	if (!t->st) return 1;
	if (t->guard) {
		int g = guard_enabled(x, t->guard);
		if (g >= 0) return g;
	}
	int r = stmt_enabled(x, t->st);
	if (x->err) { r = 1; }
	return r;
}

/* In a verification run nothing is printed, but the arguments are still
 * evaluated, every one in order, as pan's generated code does: a bad
 * index in them is a run-time error and a `run` in them creates its
 * process (found by review: printf_arg_index.pml, printf_arg_run.pml) */
static void do_printf(Exec *x, const Stmt *s)
{
	if (!x->vm->simulate) {
		for (int i = 0; i < s->nargs && !x->err; i++)
			(void)vm_eval(x, s->args[i]);
		return;
	}
	FILE *f = x->vm->out;
	const char *p = s->fmt;
	int ai = 0;
	while (*p) {
		if (*p == '\\' && p[1]) {
			p++;
			switch (*p) { case 'n': fputc('\n', f); break; case 't': fputc('\t', f); break; default: fputc(*p, f); }
			p++;
			continue;
		}
		if (*p == '%' && p[1]) {
			p++;
			char spec[16]; int k = 0;
			spec[k++] = '%';
			while (*p && strchr("-+ #0123456789.", *p) && k < 12) spec[k++] = *p++;
			char conv = *p ? *p++ : 0;
			if (conv == '%') { fputc('%', f); continue; }
			const Expr *arg = ai < s->nargs ? s->args[ai++] : NULL;
			int32_t v = arg ? vm_eval(x, arg) : 0;
			if (conv == 'e') {
				const char *nm = mtype_name(x->vm->m, expr_mtype_group(arg), v);
				if (nm) fputs(nm, f); else fprintf(f, "%d", v);
				continue;
			}
			if (conv == 'c' || conv == 'd' || conv == 'i' || conv == 'u' || conv == 'x' || conv == 'X' || conv == 'o') {
				spec[k++] = conv; spec[k] = 0;
				fprintf(f, spec, v);
			} else fputc(conv, f);
			continue;
		}
		fputc(*p++, f);
	}
}

static void exec_stmt(Exec *x, const Stmt *s, int sel)
{
	State *st = x->s;
	x->errstmt = s;
	switch (s->k) {
	case S_EXPR: (void)vm_eval(x, s->rhs); break;
	case S_ASSIGN: assign(x, s->lhs, vm_eval(x, s->rhs)); break;
	case S_INCR: assign(x, s->lhs, (int32_t)((uint32_t)vm_eval(x, s->lhs) + 1)); break;
	case S_DECR: assign(x, s->lhs, (int32_t)((uint32_t)vm_eval(x, s->lhs) - 1)); break;
	case S_SELECT: assign(x, s->lhs, sel); break;
	case S_PRINTF: do_printf(x, s); break;
	case S_PRINTM: {
		int32_t v = vm_eval(x, s->rhs);   /* evaluated in verification too, as printf's */
		if (x->vm->simulate && !x->err) {
			const char *nm = mtype_name(x->vm->m, expr_mtype_group(s->rhs), v);
			if (nm) fputs(nm, x->vm->out); else fprintf(x->vm->out, "%d", v);
		}
		break;
	}
	case S_ASSERT:
		if (!vm_eval(x, s->rhs) && !x->err && !x->vm->no_asserts) {
			x->err = ERR_ASSERT;
			snprintf(x->errmsg, sizeof x->errmsg, "assertion violated %s", s->text ? s->text : "");
		}
		break;
	case S_SEND: {
		int ci = chan_of(x, s->lhs);
		if (ci < 0) return;
		ChanSpec *c = cspec(x, ci);
		int32_t msg[MAXFIELDS];
		int n = vm_send_values(x, s, msg);
		for (int f = 0; f < n; f++)
			if (!msg_field_typed(x, c, f, s->args[f], msg[f], 1)) return;
		if (n != c->nfields && x->vm->simulate && x->vm->nwarn_trunc++ < 20)
			fprintf(stderr, "dspin: warning: line %d: send has %d field(s), channel has %d\n", s->pos.line, n, c->nfields);
		if (c->cap == 0) {
			/* rendezvous: the receiver half is applied by the generator */
			memcpy(x->rvmsg, msg, sizeof(int32_t) * n); x->rvn = n;
			return;
		}
		int len = clen(x, ci);
		int slot = len;
		if (s->sorted) {
			for (slot = 0; slot < len; slot++) {
				int cmp = 0;
				for (int f = 0; f < c->nfields && !cmp; f++) {
					int32_t v = cfield(x, ci, slot, f), w = f < n ? msg[f] : 0;
					if (w < v) cmp = -1; else if (w > v) cmp = 1;
				}
				if (cmp < 0) break;
			}
			memmove(cslot(x, ci, slot + 1), cslot(x, ci, slot), (size_t)(len - slot) * c->msgsize);
		}
		uint8_t *m = cslot(x, ci, slot);
		for (int f = 0; f < c->nfields; f++) vm_store(m + c->foff[f], c->ftypes[f], 32, f < n ? msg[f] : 0);
		st->b[ci + 2] = (uint8_t)(len + 1);
		break;
	}
	case S_RECV: {
		int ci = chan_of(x, s->lhs);
		if (ci < 0) return;
		ChanSpec *c = cspec(x, ci);
		if (c->cap == 0 && s->copy) { vm_runtime_error(x, "q?<...> on a rendezvous channel (SPIN: polling rv chan)"); return; }
		if (c->cap == 0) {
			/* receiving half of a rendezvous: values come from the sender */
			for (int f = 0; f < s->nargs && f < x->rvn; f++)
				if (!msg_field_typed(x, c, f, s->args[f], x->rvmsg[f], 0)) return;
			for (int f = 0; f < s->nargs && f < x->rvn; f++) {
				const Expr *a = s->args[f];
				if (a->k == E_VAR || a->k == E_FIELD) assign(x, a, x->rvmsg[f]);
			}
			return;
		}
		int slot = find_msg(x, ci, s->args, s->nargs, s->random);
		if (slot < 0) { vm_runtime_error(x, "receive on a channel with no matching message"); return; }
		int32_t vals[MAXFIELDS];   /* lang/check/typecheck.c: nfields <= MAXFIELDS */
		for (int f = 0; f < c->nfields; f++) vals[f] = cfield(x, ci, slot, f);
		for (int f = 0; f < s->nargs && f < c->nfields; f++)
			if (!msg_field_typed(x, c, f, s->args[f], vals[f], 0)) return;
		if (!s->copy) {
			int len = clen(x, ci);
			memmove(cslot(x, ci, slot), cslot(x, ci, slot + 1), (size_t)(len - slot - 1) * c->msgsize);
			memset(cslot(x, ci, len - 1), 0, c->msgsize);
			st->b[ci + 2] = (uint8_t)(len - 1);
		}
		for (int f = 0; f < s->nargs && f < c->nfields; f++) {
			const Expr *a = s->args[f];
			if (a->k == E_VAR || a->k == E_FIELD) assign(x, a, vals[f]);
		}
		break;
	}
	default: break;
	}
}

/* t's flat code (vm/guard.c) made its step: a compiled assignment ran
 * (it cannot fail; simulation keeps the tree, which warns when a value is
 * truncated), or a compiled guard, which has no effect, held (one that
 * may fail, an index or a divisor, is asked again, and the tree raises
 * the error if it does).  0: the tree must run the statement */
static int flat_step(Exec *x, const Trans *t)
{
	if (t->act && !x->vm->simulate && guard_act(x, t->act))
		return 1;
	return t->guard && (!guard_can_fail(t->guard) || guard_enabled(x, t->guard) >= 0);
}

/* d_step: run the body deterministically from pc to its exit, one
 * indivisible step */
static void run_dstep_from(Exec *x, const Code *k, int pc)
{
	int steps = 0;
	while (pc != k->exitloc && !x->err) {
		const Loc *l = &k->locs[pc];
		/* the first transition that can move, in SPIN's order; `else`
		 * can when none before it can; a rendezvous send is an error
		 * when tried (pan: "rv-attempt in d_step") */
		const Trans *pick = NULL;
		for (int i = 0; i < l->nt && !pick; i++)
			if (l->t[i]->is_else || rv_send(x, l->t[i]) || vm_enabled(x, l->t[i])) pick = l->t[i];
		if (!pick) { vm_runtime_error(x, "d_step sequence blocked at line %d", l->pos.line); return; }
		if (rv_send(x, pick)) {
			x->errstmt = pick->st;
			vm_runtime_error(x, "rendezvous send inside a d_step (SPIN: rv-attempt in d_step)");
			return;
		}
		if (pick->dstep) run_dstep(x, pick->dstep);
		else if (pick->st && pick->st->k == S_SELECT) exec_stmt(x, pick->st, pick->select_lo);
		/* the flat code's short cuts, as vm_execute's (a d_step of
		 * swaps spent a third of its time in the tree: bench/RESULTS.md,
		 * 2026-12-03) */
		else if (pick->st && !flat_step(x, pick)) exec_stmt(x, pick->st, 0);
		pc = pick->to;
		if (++steps > 10000000) { vm_runtime_error(x, "d_step sequence does not terminate"); return; }
	}
}

static void run_dstep(Exec *x, const Code *k)
{
	run_dstep_from(x, k, k->entry);
}

/* Which of d_step t's first statements takes the rendezvous message msg
 * on channel ci, or NULL: pan's d_step is deterministic, it takes the
 * first option that can run (the offered message makes a matching
 * receive runnable; a rendezvous send counts, it is the error), so the
 * rendezvous happens only if that option is a matching receive (found by
 * review: `d_step { if :: y == 0 -> ... :: r?v -> ... fi }` never takes
 * one in pan, and of two matching receives only the first). */
const Trans *vm_dstep_rv_first(Exec *x, const Trans *t, int ci, const int32_t *msg, int n)
{
	const Loc *l = &t->dstep->locs[t->dstep->entry];
	for (int i = 0; i < l->nt; i++) {
		const Trans *o = l->t[i];
		if (o->is_else)
			continue;
		x->err = 0;
		if (vm_rv_match(x, o, ci, msg, n) && !x->err)
			return o;
		x->err = 0;
		if (rv_send(x, o) || vm_enabled(x, o))
			return NULL;
	}
	return NULL;
}

/* The receiving half of a rendezvous whose receive, first is the first
 * statement of d_step t: the receive takes the sender's values (x->rvmsg),
 * and the rest of the d_step runs in the same step, as in pan, where the
 * receiver's d_step is its move after the handshake. */
void vm_execute_rv_dstep(Exec *x, const Trans *t, const Trans *first)
{
	x->errstmt = first->st;
	exec_stmt(x, first->st, 0);
	run_dstep_from(x, t->dstep, first->to);
	if (x->pid >= 0 && x->pid < x->s->nproc) sv_set_pc(x->s, x->pid, t->to);
}

/* A call pushes a frame at the end of the process's block: the function,
 * the call transition (where to return and what to assign), its locals. */
static void do_call(Exec *x, const Trans *t)
{
	const Expr *c = t->st->rhs;
	Proctype *f = c->ptype;
	State *s = x->s;
	int pid = x->pid;
	int32_t args[MAXPARAMS]; int n = 0;   /* lang/check/check.c: nparams <= MAXPARAMS */
	if (f->cls) {
		args[n++] = vm_eval(x, c->a);
		if (!x->err && !args[0]) vm_runtime_error(x, "null dereference: method %s.%s called on null", f->cls->name, f->name);
	}
	for (int i = 0; i < c->nargs && n < MAXPARAMS; i++) args[n++] = vm_eval(x, c->args[i]);
	if (x->err) return;
	int depth = sv_depth(s, pid);
	int bound = x->vm->call_bound ? x->vm->call_bound : 32;
	if (depth >= bound || depth >= 255) { vm_bound_error(x, "call depth bound %d reached calling %s", bound, f->name); return; }
	int size = FHDR + f->localsize;
	if (s->len + size > MAXSTATE) { vm_bound_error(x, "state vector too large (more than %d bytes)", MAXSTATE); return; }
	int at = s->poff[pid + 1];
	memmove(s->b + at + size, s->b + at, s->len - at);
	memset(s->b + at, 0, size);
	s->b[at] = (uint8_t)f->index;
	s->b[at + 1] = (uint8_t)t->id; s->b[at + 2] = (uint8_t)(t->id >> 8);   /* frame_call */
	s->len += size;
	s->b[s->poff[pid] + 3] = (uint8_t)(depth + 1);
	sv_index(x->vm->m, s);
	for (int i = 0; i < f->nparams && i < n; i++) {
		Var *v = f->params[i];
		vm_store(s->b + s->ftop[pid] + FHDR + v->offset, v->kind, v->bits, args[i]);
	}
	/* a call's record locals start with their fields' initializers at
	 * every call, as the process's own do when it starts */
	vm_init_records(f->locals, f->nlocals, s->b + s->ftop[pid] + FHDR);
	for (int i = 0; i < f->nlocals; i++) {
		Var *v = f->locals[i];
		if (v->is_param || !v->init) continue;
		int32_t val = vm_eval(x, v->init);
		int cnt = v->arrlen ? v->arrlen : 1;
		for (int k = 0; k < cnt; k++) vm_store(s->b + s->ftop[pid] + FHDR + v->offset + k * v->elemsize, v->kind, v->bits, val);
	}
	sv_set_pc(s, pid, f->code->entry);
}

static void do_return(Exec *x, const Trans *t)
{
	State *s = x->s;
	int pid = x->pid;
	int has = t->st->rhs != NULL;
	int32_t v = has ? vm_eval(x, t->st->rhs) : 0;
	if (x->err) return;
	int at = s->ftop[pid];
	if (!at) { vm_runtime_error(x, "return outside a call"); return; }
	int ctid = frame_call(s->b + at);
	int size = s->poff[pid + 1] - at;
	memmove(s->b + at, s->b + at + size, s->len - at - size);
	s->len -= size;
	memset(s->b + s->len, 0, size);
	s->b[s->poff[pid] + 3]--;
	sv_index(x->vm->m, s);
	const Trans *ct = x->vm->prog->trans[ctid];
	if (ct->st->lhs && has) assign(x, ct->st->lhs, v);
	x->ret_atomic = ct->atomic;
	sv_set_pc(s, pid, ct->to);
}

void vm_execute(Exec *x, const Trans *t)
{
	x->errstmt = t->st;
	if (t->st && t->st->k == S_CALL && !t->dstep) { do_call(x, t); return; }
	if (t->st && t->st->k == S_RETURN && !t->dstep) { do_return(x, t); return; }
	if (t->dstep) run_dstep(x, t->dstep);
	else if (t->st && !flat_step(x, t)) exec_stmt(x, t->st, x->sel);
	if (x->pid >= 0 && x->pid < x->s->nproc) sv_set_pc(x->s, x->pid, t->to);
}

/* enabled(pid): can that process take a step now (ignoring rendezvous
 * partners and atomic priority, as SPIN's enabled() does)? */
static int proc_enabled(Exec *x, int pid)
{
	State *s = x->s;
	Proctype *pt = sv_proc(x->vm, s, pid);
	Code *k = sv_code(x->vm, s, pid);
	int pc = sv_pc(s, pid);
	if (pc == k->endloc && !sv_depth(s, pid)) return pid == s->nproc - 1;
	Exec y = *x;
	y.pid = pid; y.err = 0;
	if (pt->provided) {
		int pv = vm_eval(&y, pt->provided);
		if (y.err) return 1;   /* its move is the error (vm/next_vm.c) */
		if (!pv) return 0;
	}
	const Loc *l = &k->locs[pc];
	int has_else = 0;
	for (int i = 0; i < l->nt; i++) {
		if (l->t[i]->is_else) { has_else = 1; continue; }
		y.err = 0;
		if (vm_enabled(&y, l->t[i])) return 1;
	}
	return has_else;
}

/* Can process pid move in state b?  (weak fairness: a blocked process
 * does not hold up the fairness counter) */
/* SPIN 6.5's priorities (pan's highest_priority): pid may move only if
 * no other process of higher priority is enabled */
int vm_outranked(Exec *x, int pid)
{
	const uint8_t *mine = vm_prio_addr(x->s, x->vm->m, pid);
	if (!mine) return 0;
	for (int q = 0; q < x->s->nproc; q++) {
		if (q == pid) continue;
		const uint8_t *other = vm_prio_addr(x->s, x->vm->m, q);
		if (other && *other > *mine && proc_enabled(x, q)) return 1;
	}
	return 0;
}

/* Can pid's rendezvous send t meet a receiver now?  The search of
 * vm/next_vm.c's rendezvous(), without the moves: another process
 * (its provided clause true) at a receive, or a d_step whose first
 * option to run is one, that takes the message. */
static int rv_partner_ready(Exec *x, int pid, const Trans *t)
{
	const Stmt *st = t->st;
	if (t->dstep || !st || st->k != S_SEND) return 0;
	Exec y = *x;
	y.pid = pid; y.err = 0;
	int ci = chan_of(&y, st->lhs);
	if (y.err || ci < 0 || cspec(&y, ci)->cap != 0) return 0;
	int32_t msg[MAXFIELDS];
	int nm = vm_send_values(&y, st, msg);
	if (y.err) return 0;
	for (int q = 0; q < x->s->nproc; q++) {
		if (q == pid) continue;
		Exec qx = *x;
		qx.pid = q; qx.err = 0;
		Proctype *qt = sv_proc(x->vm, x->s, q);
		if (qt->provided && (!vm_eval(&qx, qt->provided) || qx.err)) continue;
		const Loc *ql = &sv_code(x->vm, x->s, q)->locs[sv_pc(x->s, q)];
		for (int i = 0; i < ql->nt; i++) {
			const Trans *r = ql->t[i];
			qx.err = 0;
			if (r->dstep ? vm_dstep_rv_first(&qx, r, ci, msg, nm) != NULL
			             : vm_rv_match(&qx, r, ci, msg, nm) && !qx.err)
				return 1;
		}
	}
	return 0;
}

/* Can process pid move in state b, as weak fairness counts it (pan's
 * Fairness)?  enabled()'s answer, and also when a rendezvous send of
 * pid's finds a receiver ready: pan's sender then has an executable
 * move, so a cycle in which it waits at the send with its partner ready
 * and never moves is not fair (helper-42's review: rv1.pml).  A
 * rendezvous receive alone is not enabled, as in pan, where it runs only
 * as the second half of a sender's handshake
 * (tests/models/live/fair_rv_*.pml). */
int vm_proc_enabled(VM *vm, const uint8_t *b, int pid)
{
	State st; st.b = (uint8_t *)b;
	sv_index(vm->m, &st);
	if (pid < 0 || pid >= st.nproc) return 0;
	Exec x; memset(&x, 0, sizeof x);
	x.vm = vm; x.s = &st; x.pid = pid;
	/* outranked by an enabled process of higher priority, it cannot
	 * move (pan's highest_priority, vm/next_vm.c): a cycle in which it
	 * never does is fair (helper-43: H priority 2 looping beside L) */
	if (vm->m->uses_priority && vm_outranked(&x, pid)) return 0;
	if (proc_enabled(&x, pid)) return 1;
	Code *k = sv_code(vm, &st, pid);
	int pc = sv_pc(&st, pid);
	if (pc == k->endloc && !sv_depth(&st, pid)) return 0;
	Proctype *pt = sv_proc(vm, &st, pid);
	if (pt->provided) {
		x.err = 0;
		if (!vm_eval(&x, pt->provided) || x.err) return 0;
	}
	const Loc *l = &k->locs[pc];
	for (int i = 0; i < l->nt; i++)
		if (rv_partner_ready(&x, pid, l->t[i])) return 1;
	return 0;
}
