/* next_vm.c — the bottom layer of the next-state interface: successor
 * generation with SPIN's scheduling rules.
 *  - a process inside an atomic sequence keeps control while it can move;
 *    when it blocks, atomicity is lost and every process may move; a call
 *    made inside an atomic sequence is inside it to its return (keeps);
 *  - `timeout` is true only when no other move exists in the whole system;
 *  - `else` is taken only when no transition listed before it at its
 *    location can move (pan's rule; transitions after it are still tried);
 *  - unless-escapes take precedence over the guarded statements, and the
 *    first one that can move over the others (in pan's order);
 *  - a rendezvous send and its matching receive form one compound move;
 *  - a process at its closing brace may die if it is the last one created;
 *  - with priorities (SPIN 6.5), a process moves only if no enabled
 *    process has a higher `_priority`.
 * Processes are tried from the highest pid down, as SPIN's pan does.
 * The garbage collector is not run here: a move that may change references
 * is marked heap_dirty, and the heap layer (heap/layer_heap.c) collects.
 */
#include "next.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

/* a worker's scratch: the state being expanded and a successor */
typedef struct VmWork {
	State cur, tmp;
	int tmp_same;           /* tmp's offsets are cur's (fresh) */
	uint8_t curbuf[MAXSTATE], tmpbuf[MAXSTATE];
} VmWork;

typedef struct Gen {
	VM *vm;
	VmWork *w;
	SuccBuf *out;
	int timeout;
	Reached *reached;       /* the layer's conf: NULL, or where to mark */
} Gen;

static void mark(Reached *r, int tid)
{
	if (tid >= 0 && !atomic_load_explicit(&r[tid], memory_order_relaxed))
		atomic_store_explicit(&r[tid], 1, memory_order_relaxed);
}

static void *vm_work_new(const Layer *l, Ctx *c)
{
	(void)l; (void)c;
	VmWork *w = malloc(sizeof *w);
	if (!w)
		return NULL;
	w->cur.b = w->curbuf;
	w->cur.len = -1;   /* no layout yet (load) */
	w->tmp.b = w->tmpbuf;
	w->tmp_same = 0;
	return w;
}

static void vm_work_free(const Layer *l, void *w)
{
	(void)l;
	free(w);
}

static int heap_effect(const VM *vm, const Move *mv)
{
	if (mv->tid < 0)
		return 1;   /* a death frees the process's references */
	if (vm->prog->trans[mv->tid]->heap_effect)
		return 1;
	return mv->rv_tid >= 0 && vm->prog->trans[mv->rv_tid]->heap_effect;
}

static void emit(Gen *g, Exec *x, const Move *mv, int atomic_pid)
{
	if (g->vm->m->uses_last)
		x->s->b[3] = (uint8_t)(mv->rv_pid >= 0 ? mv->rv_pid : mv->pid);
	if (g->reached) {
		mark(g->reached, mv->tid);
		mark(g->reached, mv->rv_tid);
	}
	uint8_t *d = sb_alloc(g->out, x->s->len);
	if (!d)
		return;                                 /* sb_alloc set oom */
	/* every field set here (clearing the record first was a tenth of
	 * emit's instructions); no record pushed without its fields, since
	 * the layers above read them before anyone looks at oom */
	Succ *s = sb_push_raw(g->out);
	if (!s)
		return;
	s->mv = *mv;
	s->tmv = *mv;
	s->atomic_pid = atomic_pid;
	s->err = x->err;
	s->heap_dirty = (unsigned char)(!x->err && heap_effect(g->vm, mv));
	s->errmsg[0] = 0;
	if (x->err)
		snprintf(s->errmsg, sizeof s->errmsg, "%s", x->errmsg);
	s->len = x->s->len;
	s->alen = 0;
	s->off = (size_t)(d - g->out->arena);
	s->aoff = 0;
	s->b = s->aux = NULL;
	memcpy(d, x->s->b, (size_t)x->s->len);
}

/* Does pid keep control after its move t (x: the state after it)?  When
 * t leads into its atomic sequence (for a return: the call's target lies
 * in the caller's, Exec.ret_atomic), or when pid then runs a call made
 * inside one (vm_call_atomic: after a call, the frame it pushed; after a
 * return, the frames left).  Only the successor's frames decide the
 * second part, so a step that blocks gives control up and the next one
 * from there takes it back, as in an atomic sequence. */
static int keeps(const Gen *g, const Exec *x, const Trans *t, int pid)
{
	int on = (t->st && t->st->k == S_RETURN && !t->dstep) ? x->ret_atomic : t->atomic;
	return on || (pid < x->s->nproc && vm_call_atomic(g->vm, x->s, pid));
}

static void exec_on(Gen *g, Exec *x, State *s, int pid)
{
	exec_init(x, g->vm, s, pid);
	x->timeout = g->timeout;
}

/* an Exec on a fresh copy of the state being expanded.  The offsets
 * (four arrays, a fifth of a small model's step) are copied only when
 * they may differ: cur was indexed anew, or the step before changed
 * tmp's layout, which every such change shows in the length (a process,
 * channel, call frame or object added or removed) or in the counts. */
static void fresh(Gen *g, Exec *x, int pid)
{
	State *t = &g->w->tmp;
	const State *c = &g->w->cur;
	if (g->w->tmp_same && t->len == c->len && t->nproc == c->nproc && t->nchan == c->nchan && t->nslot == c->nslot)
		memcpy(t->b, c->b, (size_t)c->len);
	else {
		sv_copy(t, c);
		g->w->tmp_same = 1;
	}
	exec_on(g, x, t, pid);
}

/* rendezvous: pair send t of pid with every matching receive */
static int rendezvous(Gen *g, int pid, const Trans *t, int chan_idx)
{
	const State *cur = &g->w->cur;
	int n = 0;
	Exec x;
	fresh(g, &x, pid);
	int32_t msg[MAXFIELDS];
	int nm = vm_send_values(&x, t->st, msg);
	if (x.err)
		return 0;
	for (int q = cur->nproc - 1; q >= 0; q--) {
		if (q == pid)
			continue;
		Proctype *qt = sv_proc(g->vm, cur, q);
		const Loc *ql = &sv_code(g->vm, cur, q)->locs[sv_pc(cur, q)];
		Exec qx;
		exec_on(g, &qx, &g->w->cur, q);
		if (qt->provided && !vm_eval(&qx, qt->provided))
			continue;
		for (int i = 0; i < ql->nt; i++) {
			const Trans *r = ql->t[i];
			/* a d_step whose first option to run is a matching
			 * receive takes the message and runs to its end in the
			 * same move (pan) */
			const Trans *f = r;
			qx.err = 0;
			if (r->dstep)
				f = vm_dstep_rv_first(&qx, r, chan_idx, msg, nm);
			else if (!vm_rv_match(&qx, r, chan_idx, msg, nm) || qx.err)
				f = NULL;
			if (!f)
				continue;
			fresh(g, &x, pid);
			vm_execute(&x, t);          /* sender: evaluates, moves pc */
			x.pid = q;
			memcpy(x.rvmsg, msg, sizeof(int32_t) * (size_t)nm);
			x.rvn = nm;
			if (r->dstep)
				vm_execute_rv_dstep(&x, r, f);
			else
				vm_execute(&x, r);  /* receiver takes the values */
			Move mv = { (int16_t)pid, (int16_t)q, t->id, r->id, 0, 0, 0, 0 };
			emit(g, &x, &mv, keeps(g, &x, r, q) ? q : -1);
			n++;
		}
	}
	return n;
}

static int try_select(Gen *g, int pid, const Trans *t)
{
	int n = 0;
	/* a 64-bit counter: the range may end at INT32_MAX */
	for (int64_t v = t->select_lo; v <= t->select_hi; v++) {
		Exec x;
		fresh(g, &x, pid);
		x.sel = (int32_t)v;
		vm_execute(&x, t);
		Move mv = { (int16_t)pid, -1, t->id, -1, (int32_t)v, 0, 0, 0 };
		emit(g, &x, &mv, keeps(g, &x, t, pid) ? pid : -1);
		n++;
	}
	return n;
}

/* t is enabled: its successors */
static int take_trans(Gen *g, int pid, const Trans *t)
{
	if (t->st && t->st->k == S_SELECT && !t->dstep)
		return try_select(g, pid, t);
	Exec x;
	fresh(g, &x, pid);
	vm_execute(&x, t);
	Move mv = { (int16_t)pid, -1, t->id, -1, 0, 0, 0, 0 };
	emit(g, &x, &mv, keeps(g, &x, t, pid) ? pid : -1);
	return 1;
}

static int try_trans(Gen *g, int pid, const Trans *t)
{
	Exec x;
	if (t->guard) {
		/* vm_enabled's first question, asked before the Exec is set up
		 * (most guards are false): the compiled guard reads only the
		 * state and the pid */
		x.s = &g->w->cur;
		x.pid = pid;
		int e = guard_enabled(&x, t->guard);
		if (!e)
			return 0;
		if (e > 0)
			goto enabled;   /* fresh sets x up */
	}
	exec_on(g, &x, &g->w->cur, pid);
	if (t->st && t->st->k == S_SEND && !t->dstep) {
		/* a send on a rendezvous channel pairs with a receive */
		int32_t cid = vm_eval(&x, t->st->lhs);
		int ch = x.err ? -1 : vm_chan_index(&x, cid);
		if (!x.err && ch >= 0) {
			int cap = g->vm->m->chanspecs[g->w->cur.b[ch]]->cap;
			if (cap == 0)
				return rendezvous(g, pid, t, ch);
			/* buffered: enabled unless full (vm_enabled's test, without
			 * evaluating the channel again) */
			if (g->w->cur.b[ch + 2] >= cap)
				return 0;
			goto enabled;
		}
		x.err = 0;   /* vm_enabled finds the error again, with its place */
	} else if (t->act)
		goto enabled;   /* an assignment is always executable */
	if (!vm_enabled(&x, t))
		return 0;
enabled:
	return take_trans(g, pid, t);
}

/* the unless-escapes of l, in the order pan lists them (lang/compile.c,
 * add_escapes): pan tries them in turn, and once one has moved, no
 * transition with another tag (esc_id), escape or normal, is tried.  An
 * `else` among them moves only if none before it did. */
static int gen_escapes(Gen *g, int pid, const Loc *l)
{
	int n = 0, moved = 0;
	for (int i = 0; i < l->nt; i++) {
		const Trans *t = l->t[i];
		if (!t->escape)
			continue;
		if (moved && t->esc_id != moved)
			break;
		if (t->is_else && n)
			continue;
		int k = try_trans(g, pid, t);
		if (k) {
			n += k;
			moved = t->esc_id;
		}
	}
	return n;
}

static int gen_proc(Gen *g, int pid)
{
	const State *cur = &g->w->cur;
	Proctype *pt = sv_proc(g->vm, cur, pid);
	int pc = sv_pc(cur, pid);
	Code *k = sv_code(g->vm, cur, pid);
	const Loc *l = &k->locs[pc];
	if (g->vm->m->uses_priority) {
		/* pan's highest_priority: checked before every move, death too */
		Exec x;
		exec_on(g, &x, &g->w->cur, pid);
		if (vm_outranked(&x, pid))
			return 0;
	}
	if (pc == k->endloc && !sv_depth(cur, pid)) {
		if (pid != cur->nproc - 1)
			return 0;
		Exec x;
		fresh(g, &x, pid);
		vm_die(&x, pid);
		Move mv = { (int16_t)pid, -1, -1, -1, 0, 0, 0, 0 };
		emit(g, &x, &mv, -1);
		return 1;
	}
	if (pt->provided) {
		Exec x;
		exec_on(g, &x, &g->w->cur, pid);
		int pv = vm_eval(&x, pt->provided);
		if (x.err && l->nt > 0) {
			/* a run-time error in the clause (a bad index, a poll of a
			 * rendezvous channel) is the process's move, as in pan,
			 * named by its first transition; the state stays */
			fresh(g, &x, pid);
			(void)vm_eval(&x, pt->provided);
			Move mv = { (int16_t)pid, -1, l->t[0]->id, -1, 0, 0, 0, 0 };
			emit(g, &x, &mv, -1);
			return 1;
		}
		if (!pv)
			return 0;
	}
	if (l->has_escape) {
		int n = gen_escapes(g, pid, l);
		if (n)
			return n;
	}
	/* pan tries the transitions in order and takes `else` only if none
	 * before it moved; an `else` that an option's opening if/do brought
	 * along stands before the options that follow (lang/compile.c) */
	int n = 0;
	NativeLocFn lf = g->vm->native.loc ? g->vm->native.loc[l->gid] : NULL;
	if (lf) {
		/* every guard here compiled into one function (vm/native.c): a
		 * false one's Trans is not read */
		int8_t q[64];
		lf(cur->b + GOFF, cur->b + cur->poff[pid] + PHDR, pid, q);
		for (int i = 0; i < l->nt; i++) {
			if (!q[i])
				continue;
			const Trans *t = l->t[i];
			if (t->is_else && n)
				continue;
			n += q[i] > 0 ? take_trans(g, pid, t) : try_trans(g, pid, t);
		}
		return n;
	}
	for (int i = 0; i < l->nt; i++) {
		const Trans *t = l->t[i];
		if (t->escape)
			continue;
		if (t->is_else && n)
			continue;
		int q = t->guard ? guard_quick(cur, pid, t->guard) : -1;
		if (q == 0)
			continue;
		n += q > 0 ? take_trans(g, pid, t) : try_trans(g, pid, t);
	}
	return n;
}

static void load(Gen *g, const SState *s)
{
	State *cur = &g->w->cur;
	int same = sv_same_layout(cur, s->b, s->len);
	memcpy(g->w->curbuf, s->b, (size_t)s->len);
	if (!same) {
		sv_index(g->vm->m, cur);
		g->w->tmp_same = 0;
	}
}

static int vm_next_all(const Layer *l, Ctx *c, const SState *s, SuccBuf *out)
{
	Gen g = { c->vm, c->work[l->slot], out, 0, l->conf };
	load(&g, s);
	succbuf_clear(out);
	int n = 0;
	int apid = s->atomic_pid;
	if (apid >= 0 && apid < g.w->cur.nproc) {
		n = gen_proc(&g, apid);
		if (n)
			out->from_atomic = 1;
	}
	if (!n)
		for (int pid = g.w->cur.nproc - 1; pid >= 0; pid--)
			n += gen_proc(&g, pid);
	if (!n) {
		g.timeout = 1;
		for (int pid = g.w->cur.nproc - 1; pid >= 0; pid--)
			n += gen_proc(&g, pid);
	}
	sb_finish(out);
	return out->n;
}

static int vm_next_proc(const Layer *l, Ctx *c, const SState *s, int pid, SuccBuf *out)
{
	Gen g = { c->vm, c->work[l->slot], out, 0, l->conf };
	load(&g, s);
	succbuf_clear(out);
	if (pid >= 0 && pid < g.w->cur.nproc)
		gen_proc(&g, pid);
	sb_finish(out);
	return out->n;
}

static int vm_initial_op(const Layer *l, Ctx *c, SuccBuf *out)
{
	VmWork *w = c->work[l->slot];
	succbuf_clear(out);
	State s;
	char msg[256];          /* as Succ.errmsg */
	int e = vm_initial_raise(c->vm, &s, w->tmpbuf, msg, sizeof msg);
	Succ *d = sb_push(out);
	uint8_t *b = sb_alloc(out, s.len);
	if (!d || !b)
		return 0;
	succ_no_move(d);
	if (e == ERR_RUNTIME) {
		/* the model's error in an initialiser (vm_initial_error): the
		 * command reports it before any search; a replay sees it here */
		d->err = ERR_RUNTIME;
		snprintf(d->errmsg, sizeof d->errmsg, "%s", msg);
	}
	d->len = s.len;
	d->off = (size_t)(b - out->arena);
	memcpy(b, s.b, (size_t)s.len);
	sb_finish(out);
	return 1;
}

/* valid end state: every process at its end or at an end label, also
 * one inside a function or method (the pc is the innermost frame's; a
 * function's own closing brace is not an end, its return is a step yet
 * to take: lang/compile.c marks no end there), as pan counts an end
 * label inside an inline */
int vm_valid_end(VM *vm, const uint8_t *b, int len)
{
	State s;
	s.b = (uint8_t *)b;
	(void)len;
	sv_index(vm->m, &s);
	for (int pid = 0; pid < s.nproc; pid++)
		if (!sv_code(vm, &s, pid)->locs[sv_pc(&s, pid)].end)
			return 0;
	return 1;
}

static int vm_valid_end_op(const Layer *l, Ctx *c, const SState *s)
{
	(void)l;
	return vm_valid_end(c->vm, s->b, s->len);
}

int vm_proc_accept(const VM *vm)
{
	const Model *m = vm->m;
	for (int i = 0; i < m->nptypes; i++)
		for (int l = 0; !m->ptypes[i]->is_never && m->ptypes[i]->code && l < m->ptypes[i]->code->nlocs; l++)
			if (m->ptypes[i]->code->locs[l].accept)
				return 1;
	for (int i = 0; i < m->nfuncs; i++)
		for (int l = 0; m->funcs[i]->code && l < m->funcs[i]->code->nlocs; l++)
			if (m->funcs[i]->code->locs[l].accept)
				return 1;
	return 0;
}

/* does the process holding atomic control in s go on with its sequence
 * (the moves from s continue it), rather than block there? */
static int atomic_goes_on(const Layer *l, Ctx *c, const SState *s)
{
	SuccBuf sb;
	memset(&sb, 0, sizeof sb);
	vm_next_all(l, c, s, &sb);
	int on = sb.from_atomic;
	succbuf_free(&sb);
	return on;
}

/* accept labels in the processes (as pan -a; with a never claim, the
 * claim layer asks here too).  No label counts in a state where a
 * process holds atomic control and goes on with its sequence, whichever
 * process is at the label: that state is inside one indivisible step,
 * which the claim does not see either (vm/layer_claim.c) and pan's nested
 * search never starts from; where the process blocks it is seen
 * (tests/models/live/accept_in_atomic*.pml) */
static int vm_accepting_op(const Layer *l, Ctx *c, const SState *s)
{
	State st;
	st.b = (uint8_t *)s->b;
	sv_index(c->vm->m, &st);
	for (int pid = 0; pid < st.nproc; pid++)
		if (sv_code(c->vm, &st, pid)->locs[sv_pc(&st, pid)].accept)
			return s->atomic_pid < 0 || !atomic_goes_on(l, c, s);
	return 0;
}

static const Layer VM_LAYER = { .name = "vm", .work_new = vm_work_new, .work_free = vm_work_free,
	.initial = vm_initial_op, .next_all = vm_next_all, .next_proc = vm_next_proc,
	.valid_end = vm_valid_end_op, .accepting = vm_accepting_op };

Layer *layer_vm(VM *vm, Reached *reached)
{
	vm_compile_guards(vm->prog);
	return ns_push(ns_layer(&VM_LAYER, reached), NULL);
}

/* Execute exactly one move on s (in place), printing output if the VM is in
 * simulation mode; no garbage collection.  Simulation uses it to print a
 * move that the layers chose. */
int vm_do_move(VM *vm, State *s, const Move *mv, char *errmsg, size_t errlen)
{
	Exec x;
	memset(&x, 0, sizeof x);
	x.vm = vm;
	x.s = s;
	x.pid = mv->pid;
	if (mv->claim)
		vm_store(s->b + GOFF + vm->m->claim_pc->offset, TY_SHORT, 0, vm->prog->trans[mv->claim - 1]->to);
	if (mv->pid < 0)
		return 0;   /* the claim moved alone (the system could not) */
	if (vm->m->uses_last)
		s->b[3] = (uint8_t)(mv->rv_pid >= 0 ? mv->rv_pid : mv->pid);
	if (mv->tid < 0) {
		vm_die(&x, mv->pid);
		return 0;
	}
	const Trans *t = vm->prog->trans[mv->tid];
	x.sel = mv->sel;
	if (mv->rv_pid >= 0) {
		int32_t msg[MAXFIELDS];
		int nm = vm_send_values(&x, t->st, msg);
		vm_execute(&x, t);
		x.pid = mv->rv_pid;
		memcpy(x.rvmsg, msg, sizeof(int32_t) * (size_t)nm);
		x.rvn = nm;
		vm_execute(&x, vm->prog->trans[mv->rv_tid]);
	} else
		vm_execute(&x, t);
	if (x.err && errmsg)
		snprintf(errmsg, errlen, "%s", x.errmsg);
	return x.err;
}
