/* succ.c — successor generation with SPIN's scheduling rules:
 *  - a process inside an atomic sequence keeps control while it can move;
 *    when it blocks, atomicity is lost and every process may move;
 *  - `timeout` is true only when no other move exists in the whole system;
 *  - `else` is taken only when no other option of its location can move;
 *  - unless-escapes take precedence over the guarded statements;
 *  - a rendezvous send and its matching receive form one compound move;
 *  - a process at its closing brace may die if it is the last one created.
 * Processes are tried from the highest pid down, as SPIN's pan does.
 */
#include "vm.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

void succbuf_clear(SuccBuf *sb) { sb->n = 0; sb->used = 0; }
void succbuf_free(SuccBuf *sb) { free(sb->v); free(sb->arena); memset(sb, 0, sizeof *sb); }

static uint8_t *sb_alloc(SuccBuf *sb, int len)
{
	if (sb->used + (size_t)len > sb->acap) {
		size_t nc = sb->acap ? sb->acap * 2 : 1 << 16;
		while (nc < sb->used + (size_t)len) nc *= 2;
		uint8_t *na = realloc(sb->arena, nc);
		if (!na) abort();
		sb->arena = na; sb->acap = nc;
	}
	uint8_t *p = sb->arena + sb->used;
	sb->used += (size_t)len;
	return p;
}

static Succ *sb_push(SuccBuf *sb)
{
	if (sb->n == sb->cap) {
		sb->cap = sb->cap ? sb->cap * 2 : 64;
		sb->v = realloc(sb->v, sizeof(Succ) * sb->cap);
		if (!sb->v) abort();
	}
	Succ *s = &sb->v[sb->n++];
	memset(s, 0, sizeof *s);
	return s;
}

typedef struct G {
	VM *vm;
	State *cur;           /* the state being expanded (indexed) */
	State tmp;            /* scratch successor */
	uint8_t *tmpbuf;
	SuccBuf *out;
	int timeout;
} G;

static void emit(G *g, Exec *x, const Move *mv, int atomic_pid)
{
	if (g->vm->m->uses_last) x->s->b[3] = (uint8_t)(mv->rv_pid >= 0 ? mv->rv_pid : mv->pid);
	/* the GC only after steps that can change references (deaths always) */
	if (g->vm->post_step && !x->err &&
	    (mv->tid < 0 || g->vm->prog->trans[mv->tid]->heap_effect ||
	     (mv->rv_tid >= 0 && g->vm->prog->trans[mv->rv_tid]->heap_effect)))
		g->vm->post_step(g->vm, x->s);
	Succ *s = sb_push(g->out);
	s->mv = *mv;
	s->atomic_pid = atomic_pid;
	s->err = x->err;
	if (x->err) snprintf(s->errmsg, sizeof s->errmsg, "%s", x->errmsg);
	s->len = x->s->len;
	uint8_t *d = sb_alloc(g->out, x->s->len);
	memcpy(d, x->s->b, x->s->len);
	s->off = (size_t)(d - g->out->arena);
}

static void fresh(G *g, Exec *x, int pid)
{
	sv_copy(&g->tmp, g->cur);
	memset(x, 0, sizeof *x);
	x->vm = g->vm; x->s = &g->tmp; x->pid = pid; x->timeout = g->timeout;
}

/* rendezvous: pair send t of pid with every matching receive */
static int rendezvous(G *g, int pid, const Trans *t, int chan_idx)
{
	int n = 0;
	Exec x;
	fresh(g, &x, pid);
	int32_t msg[32];
	int nm = vm_send_values(&x, t->st, msg);
	if (x.err) return 0;
	for (int q = g->cur->nproc - 1; q >= 0; q--) {
		if (q == pid) continue;
		Proctype *qt = sv_proc(g->vm, g->cur, q);
		int qpc = sv_pc(g->cur, q);
		const Loc *ql = &sv_code(g->vm, g->cur, q)->locs[qpc];
		Exec qx; memset(&qx, 0, sizeof qx);
		qx.vm = g->vm; qx.s = g->cur; qx.pid = q; qx.timeout = g->timeout;
		if (qt->provided && !vm_eval(&qx, qt->provided)) continue;
		for (int i = 0; i < ql->nt; i++) {
			const Trans *r = ql->t[i];
			qx.err = 0;
			if (!vm_rv_match(&qx, r, chan_idx, msg, nm) || qx.err) continue;
			fresh(g, &x, pid);
			vm_execute(&x, t);          /* sender: evaluates, moves pc */
			x.pid = q;
			memcpy(x.rvmsg, msg, sizeof msg); x.rvn = nm;
			vm_execute(&x, r);          /* receiver takes the values */
			Move mv = { (int16_t)pid, (int16_t)q, t->id, r->id, 0, 0 };
			emit(g, &x, &mv, r->atomic ? q : -1);
			n++;
		}
	}
	return n;
}

static int try_trans(G *g, int pid, const Trans *t)
{
	Exec x;
	memset(&x, 0, sizeof x);
	x.vm = g->vm; x.s = g->cur; x.pid = pid; x.timeout = g->timeout;
	/* rendezvous send? */
	if (t->st && t->st->k == S_SEND && !t->dstep) {
		int32_t cid = vm_eval(&x, t->st->lhs);
		int ch = x.err ? -1 : vm_chan_index(&x, cid);
		if (!x.err && ch >= 0 && g->vm->m->chanspecs[g->cur->b[ch]]->cap == 0)
			return rendezvous(g, pid, t, ch);
		x.err = 0;
	}
	if (!vm_enabled(&x, t)) return 0;
	if (t->st && t->st->k == S_SELECT && !t->dstep) {
		int n = 0;
		for (int v = t->select_lo; v <= t->select_hi; v++) {
			fresh(g, &x, pid);
			x.sel = v;
			vm_execute(&x, t);
			Move mv = { (int16_t)pid, -1, t->id, -1, v, 0 };
			emit(g, &x, &mv, t->atomic ? pid : -1);
			n++;
		}
		return n;
	}
	fresh(g, &x, pid);
	vm_execute(&x, t);
	Move mv = { (int16_t)pid, -1, t->id, -1, 0, 0 };
	int keeps = (t->st && t->st->k == S_RETURN) ? x.ret_atomic : t->atomic;
	emit(g, &x, &mv, keeps ? pid : -1);
	return 1;
}

static int gen_proc(G *g, int pid)
{
	Proctype *pt = sv_proc(g->vm, g->cur, pid);
	int pc = sv_pc(g->cur, pid);
	Code *k = sv_code(g->vm, g->cur, pid);
	const Loc *l = &k->locs[pc];
	if (pc == k->endloc && !sv_depth(g->cur, pid)) {
		if (pid != g->cur->nproc - 1) return 0;
		Exec x; fresh(g, &x, pid);
		vm_die(&x, pid);
		Move mv = { (int16_t)pid, -1, -1, -1, 0, 0 };
		emit(g, &x, &mv, -1);
		return 1;
	}
	if (pt->provided) {
		Exec x; memset(&x, 0, sizeof x);
		x.vm = g->vm; x.s = g->cur; x.pid = pid; x.timeout = g->timeout;
		if (!vm_eval(&x, pt->provided)) return 0;
	}
	int n = 0;
	if (l->has_escape) {
		/* escapes by decreasing priority; the first level that can move wins */
		int prio = 256;
		for (;;) {
			int best = 0;
			for (int i = 0; i < l->nt; i++)
				if (l->t[i]->escape && l->t[i]->escape < prio && l->t[i]->escape > best) best = l->t[i]->escape;
			if (!best) break;
			for (int i = 0; i < l->nt; i++)
				if (l->t[i]->escape == best) n += try_trans(g, pid, l->t[i]);
			if (n) return n;
			prio = best;
		}
	}
	const Trans *els = NULL;
	for (int i = 0; i < l->nt; i++) {
		const Trans *t = l->t[i];
		if (t->escape) continue;
		if (t->is_else) { els = t; continue; }
		n += try_trans(g, pid, t);
	}
	if (!n && els) n += try_trans(g, pid, els);
	return n;
}

static int sys_successors(VM *vm, const uint8_t *b, int len, int atomic_pid, SuccBuf *out, int *from_atomic)
{
	static State cur, tmp;
	static uint8_t *curbuf, *tmpbuf;
	if (!curbuf) { curbuf = malloc(MAXSTATE); tmpbuf = malloc(MAXSTATE); }
	memcpy(curbuf, b, len);
	cur.b = curbuf; sv_index(vm->m, &cur);
	tmp.b = tmpbuf;
	G g = { vm, &cur, tmp, tmpbuf, out, 0 };
	g.tmp.b = tmpbuf;
	succbuf_clear(out);
	*from_atomic = 0;
	int n = 0;
	if (atomic_pid >= 0 && atomic_pid < cur.nproc) {
		n = gen_proc(&g, atomic_pid);
		if (n) *from_atomic = 1;
	}
	if (!n) for (int pid = cur.nproc - 1; pid >= 0; pid--) n += gen_proc(&g, pid);
	if (!n) {
		g.timeout = 1;
		for (int pid = cur.nproc - 1; pid >= 0; pid--) n += gen_proc(&g, pid);
	}
	for (int i = 0; i < out->n; i++) out->v[i].b = out->arena + out->v[i].off;
	return n;
}

/* With a never claim, every step is a claim step (evaluated on the
 * current state, as SPIN's claim moves first) followed by a system step;
 * when the system has no move, the claim moves alone (stutter).  A claim
 * with no enabled move cuts the path; a claim that reaches its closing
 * brace is an error. */
int vm_claim_pc(VM *vm, const uint8_t *b) { return vm_load(b + GOFF + vm->m->claim_pc->offset, TY_SHORT, 0); }

int vm_claim_accepting(VM *vm, const uint8_t *b)
{
	if (vm->m->never) return vm->m->never->code->locs[vm_claim_pc(vm, b)].accept;
	/* no claim: accept labels in the processes themselves (as pan -a) */
	State s; s.b = (uint8_t *)b;
	sv_index(vm->m, &s);
	for (int pid = 0; pid < s.nproc; pid++)
		if (sv_code(vm, &s, pid)->locs[sv_pc(&s, pid)].accept) return 1;
	return 0;
}

int vm_successors(VM *vm, const uint8_t *b, int len, int atomic_pid, SuccBuf *out, int *from_atomic)
{
	Model *m = vm->m;
	if (!m->never) return sys_successors(vm, b, len, atomic_pid, out, from_atomic);
	static SuccBuf sys;
	static State cur;
	static uint8_t *curbuf;
	if (!curbuf) curbuf = malloc(MAXSTATE);
	Code *k = m->never->code;
	int cpc = vm_claim_pc(vm, b);
	succbuf_clear(out);
	*from_atomic = 0;
	if (cpc == k->endloc) return 0;
	/* the claim's enabled moves, on the current state */
	memcpy(curbuf, b, len);
	cur.b = curbuf; sv_index(vm->m, &cur);
	Exec x; memset(&x, 0, sizeof x);
	x.vm = vm; x.s = &cur; x.pid = -1;
	const Loc *l = &k->locs[cpc];
	const Trans *cm[256]; int ncm = 0; const Trans *els = NULL;
	for (int i = 0; i < l->nt && ncm < 256; i++) {
		if (l->t[i]->is_else) { els = l->t[i]; continue; }
		x.err = 0;
		int en = vm_enabled(&x, l->t[i]);
		if (x.err) {
			/* a run-time error in the claim (an uninitialised channel, a
			 * bad index): an error of its own, reported on this state */
			Succ *d = sb_push(out);
			d->mv.pid = -1; d->mv.rv_pid = -1; d->mv.tid = -1; d->mv.rv_tid = -1; d->mv.claim = l->t[i]->id + 1;
			d->atomic_pid = -1; d->err = ERR_RUNTIME;
			snprintf(d->errmsg, sizeof d->errmsg, "in the never claim: %.200s", x.errmsg);
			d->len = len;
			uint8_t *pb = sb_alloc(out, len);
			memcpy(pb, b, len);
			d->off = (size_t)(pb - out->arena);
			out->v[0].b = out->arena + out->v[0].off;
			return 1;
		}
		if (en) cm[ncm++] = l->t[i];
	}
	if (!ncm && els) cm[ncm++] = els;
	if (!ncm) return 0;
	int n = sys_successors(vm, b, len, atomic_pid, &sys, from_atomic);
	int stutter = n == 0;
	if (stutter && vm->no_stutter) return 0;
	int total = 0;
	for (int c = 0; c < ncm; c++)
		for (int i = 0; i < (stutter ? 1 : n); i++) {
			Succ *d = sb_push(out);
			int slen = stutter ? len : sys.v[i].len;
			if (!stutter) *d = sys.v[i];
			else { d->mv.pid = -1; d->mv.rv_pid = -1; d->mv.tid = -1; d->mv.rv_tid = -1; d->atomic_pid = -1; }
			d->mv.claim = cm[c]->id + 1;
			d->len = slen;
			uint8_t *p = sb_alloc(out, slen);
			memcpy(p, stutter ? b : sys.v[i].b, slen);
			vm_store(p + GOFF + m->claim_pc->offset, TY_SHORT, 0, cm[c]->to);
			d->off = (size_t)(p - out->arena);
			if (cm[c]->to == k->endloc && !d->err) {
				d->err = ERR_ASSERT;
				snprintf(d->errmsg, sizeof d->errmsg, "never claim violated (the claim reached its end)");
			}
			total++;
		}
	for (int i = 0; i < out->n; i++) out->v[i].b = out->arena + out->v[i].off;
	return total;
}

/* valid end state: every process at its end or at an end-label */
int vm_valid_end(VM *vm, const uint8_t *b, int len)
{
	State s; s.b = (uint8_t *)b; (void)len;
	sv_index(vm->m, &s);
	for (int pid = 0; pid < s.nproc; pid++) {
		if (sv_depth(&s, pid) || !sv_code(vm, &s, pid)->locs[sv_pc(&s, pid)].end) return 0;
	}
	return 1;
}

int vm_apply(VM *vm, const uint8_t *b, int len, const Move *mv, SuccBuf *out)
{
	/* regenerate all successors and pick the one matching the move */
	SuccBuf all; memset(&all, 0, sizeof all);
	int fa;
	int n = vm_successors(vm, b, len, -1, &all, &fa);
	(void)n;
	int found = -1;
	for (int i = 0; i < all.n; i++) {
		Move *m = &all.v[i].mv;
		if (m->pid == mv->pid && m->tid == mv->tid && m->rv_pid == mv->rv_pid && m->rv_tid == mv->rv_tid && m->sel == mv->sel && m->claim == mv->claim) { found = i; break; }
	}
	succbuf_clear(out);
	if (found >= 0) {
		Succ *d = sb_push(out);
		*d = all.v[found];
		uint8_t *p = sb_alloc(out, all.v[found].len);
		memcpy(p, all.v[found].b, all.v[found].len);
		d->b = p; d->off = 0;
	}
	succbuf_free(&all);
	return found >= 0;
}

/* Execute exactly one move on s (in place), printing output if the VM is in
 * simulation mode.  Used by simulation and trail replay. */
int vm_do_move(VM *vm, State *s, const Move *mv, char *errmsg, size_t errlen)
{
	Exec x; memset(&x, 0, sizeof x);
	x.vm = vm; x.s = s; x.pid = mv->pid;
	if (mv->claim) vm_store(s->b + GOFF + vm->m->claim_pc->offset, TY_SHORT, 0, vm->prog->trans[mv->claim - 1]->to);
	if (mv->pid < 0) return 0;   /* the claim moved alone (the system could not) */
	if (vm->m->uses_last) s->b[3] = (uint8_t)(mv->rv_pid >= 0 ? mv->rv_pid : mv->pid);
	if (mv->tid < 0) { vm_die(&x, mv->pid); if (vm->post_step) vm->post_step(vm, s); return 0; }
	const Trans *t = vm->prog->trans[mv->tid];
	x.sel = mv->sel;
	if (mv->rv_pid >= 0) {
		int32_t msg[32];
		int nm = vm_send_values(&x, t->st, msg);
		vm_execute(&x, t);
		x.pid = mv->rv_pid;
		memcpy(x.rvmsg, msg, sizeof msg); x.rvn = nm;
		vm_execute(&x, vm->prog->trans[mv->rv_tid]);
	} else vm_execute(&x, t);
	if (vm->post_step && !x.err) vm->post_step(vm, s);
	if (x.err && errmsg) snprintf(errmsg, errlen, "%s", x.errmsg);
	return x.err;
}
