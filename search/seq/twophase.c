/* twophase.c — Twophase with selective caching (-por=twophase
 * -cache=all|backedge|none), a strategy of the depth-first search
 * (search/seq/dfs_impl.h, DfsStrategy): Nalumasu & Gopalakrishnan, PV
 * paper, Fig. 3 "The Twophase algorithm", selective caching section 2.4
 * (../shared/papers/pv-twophase-selective-caching.md).  Its phase-1 list
 * and collapse (dfs_store_list, dfs_collapse, tp_open) serve Improviso
 * too (search/seq/improviso.c). */
#include "dfs_impl.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- Twophase
 *
 * Nalumasu & Gopalakrishnan, PV paper, Fig. 3 "The Twophase algorithm".
 * Phase 1 starts at a state x that a full expansion produced (or the
 * initial state) and, for each process P in turn (highest pid first, as
 * SPIN tries them), runs P while it is deterministic: at a location whose
 * moves are all safe (reduce/por.c) with exactly one move enabled.  A state
 * already in phase 1's list ends P's run.  Phase 2: if the final state s is
 * not in the store, the list and s are stored and s is expanded fully, each
 * successor beginning a new phase 1; otherwise only the list is stored.
 * There is no in-stack proviso: every phase 1 ends in a full expansion.
 *
 * Here each phase-1 state is a frame with a single successor, so trails and
 * -e work unchanged; list = the frames since x with tp_list set.
 * Selective caching (section 2.4) decides which phase-1 states go in the
 * list and the store: SaveAll every one; SaveBackEdge those smaller (by
 * length, then bytes) than their predecessor, which still breaks every
 * deterministic cycle; SaveNone only x.  Where PV's SaveNone loops forever
 * in a deterministic cycle that avoids x, we keep the back-edge states in
 * the list (not the store), so the cycle ends the process's run instead.
 * States inside an atomic sequence are never stored, as in visit, and
 * phase 1 does not move from them.
 */
static int state_less(const uint8_t *a, int la, const uint8_t *b, int lb)
{
	if (la != lb) return la < lb;
	return memcmp(a, b, (size_t)la) < 0;
}

/* is this state in the current phase 1's list?  The hash multiset holds
 * the list states of every phase 1 on the stack; a hit is confirmed
 * against the current one's frames */
static int tp_in_list(Dfs *d, const Frame *top, const uint8_t *b, int len, uint64_t h)
{
	if (!os_has(&d->tplist, h)) return 0;
	for (long i = tpf(d, top)->tp_start; i <= d->nfr - 1; i++) {
		const Frame *g = &d->fr[i];
		if (tpf(d, g)->tp_list && g->hash == h && g->len == len && !memcmp(d->ar + g->state_off, b, (size_t)len)) return 1;
	}
	return 0;
}

/* the move phase 1 takes at the top frame, or -1: the first process from
 * tp_pid down that is deterministic here */
static int tp_choose(Dfs *d, Frame *f, int n, int *pid_out)
{
	SState ss = frame_state(d, f);
	int nproc = ss.b[0];
	for (int pid = tpf(d, f)->tp_pid < nproc ? tpf(d, f)->tp_pid : nproc - 1; pid >= 0; pid--) {
		if (!ns_safe_group(d->c, &ss, pid))
			continue;
		int mine = 0, which = -1, into_atomic = 0;
		size_t off = f->succ_off;
		for (int i = 0; i < n; i++) {
			SRec *rec = (SRec *)(d->ar + off);
			if (rec->mv.pid == pid) { mine++; which = i; into_atomic = rec->atomic_pid >= 0; }
			off += SREC + PAD8(rec->len) + PAD8(rec->alen);
		}
		/* a move into an atomic sequence disables every other process:
		 * it is not independent of their moves, so not deterministic */
		if (mine == 1 && !into_atomic) { *pid_out = pid; return which; }
	}
	return -1;
}

/* store the list's states (those selective caching keeps) */
int dfs_store_list(Dfs *d, const Frame *top)
{
	for (long i = tpf(d, top)->tp_start; i < d->nfr - 1; i++) {
		Frame *g = &d->fr[i];
		if (!tpf(d, g)->tp_save || tpf(d, g)->tp_atomic || g->stored) continue;
		size_t idx;
		int ins = store_insert(&d->st, d->ar + g->state_off, g->len, g->hash, &idx);
		if (ins < 0) { d->r->incomplete = 2; d->stop = 1; return -1; }
		g->stored = 1;   /* once per frame, even when it was there already */
		if (ins == 1) {
			d->r->stored++;
			if (d->o->on_store) d->o->on_store(d->o->on_store_ctx, d->ar + g->state_off, g->len);
		}
	}
	return 0;
}

static int tp_pop(Dfs *d)
{
	Frame *f = &d->fr[d->nfr - 1];
	if (tpf(d, f)->tp_inset) os_del(&d->tplist, f->hash);
	if (tpf(d, f)->cm_len) d->ncm = tpf(d, f)->cm_off;
	d->arn = f->succ_off; d->nfr--;
	return 0;
}

/* Phase 1 ended at s, on top, which is expanded fully.  The frames above
 * frame x = base (x's successors all explored but the one on the path)
 * only matter to a trail: keep their moves (unwound) and move s's state,
 * identities and successors down to where x's successors began.  Without
 * this the stack would hold every phase-1 state below every phase-2 state
 * (bench/RESULTS.md, "The figures behind the code").  Twophase's base is the state
 * phase 1 began at; Improviso's the last frame with moves left to try. */
void dfs_collapse(Dfs *d, long base)
{
	long t = d->nfr - 1, x = base;
	if (t - x < 2) return;
	size_t need = d->ncm + (size_t)(t - x);
	if (need > d->capcm) {
		Move *ncm = realloc(d->cm, sizeof(Move) * (need * 2 + 1024));
		if (!ncm)
			return;   /* the chain stays on the stack: slower, not wrong */
		d->cm = ncm;
		d->capcm = need * 2 + 1024;
	}
	Frame *S = &d->fr[t];
	size_t cm_off = d->ncm;
	for (long i = x + 1; i < t; i++) {
		d->cm[d->ncm++] = d->fr[i].in;
		if (d->tp[i].tp_inset) os_del(&d->tplist, d->fr[i].hash);
	}
	Move in = S->in;
	Frame *X = &d->fr[x];
	size_t dst = X->succ_off;
	size_t slen = PAD8(S->len) + PAD8(S->alen);
	memmove(d->ar + dst, d->ar + S->state_off, slen);
	size_t nsb = d->arn - S->succ_off;
	memmove(d->ar + dst + slen, d->ar + S->succ_off, nsb);
	size_t delta = S->succ_off - (dst + slen);
	Frame nf = *S;
	nf.state_off = dst;
	nf.succ_off -= delta; nf.cur_off -= delta;
	nf.in = in;
	TpFrame nt = d->tp[t];
	nt.cm_off = cm_off; nt.cm_len = (int)(t - x - 1);
	d->arn -= delta;
	X->next = X->nsucc;          /* x's other moves were all skipped */
	d->fr[x + 1] = nf;
	d->tp[x + 1] = nt;
	d->nfr = x + 2;
}

/* The entry Twophase and Improviso share: enter the top frame and expand
 * it.  Twophase(t(s)) is called only for t(s) not in the store, so a
 * frame that starts a phase 1 (is_x) and is in the store is matched:
 * checked before expanding outside an atomic sequence, and after it
 * inside one, where only a state the sequence leaves is ever stored.
 * Returns the number of successors, TP_MATCHED (counted; the caller pops
 * the frame) or -1 when the search stops. */
int tp_open(Dfs *d, int *from_atomic)
{
	Frame *f = &d->fr[d->nfr - 1];
	if (!dfs_enter(d, f))
		return -1;
	int is_x = tpf(d, f)->tp_start == d->nfr - 1;
	if (is_x && f->atomic_pid < 0 && store_has(&d->st, d->ar + f->state_off, f->len, f->hash)) {
		d->r->matched++;
		return TP_MATCHED;
	}
	*from_atomic = 0;
	int n = dfs_expand(d, from_atomic);
	if (n < 0)
		return -1;
	f = &d->fr[d->nfr - 1];
	tpf(d, f)->tp_atomic = (uint8_t)*from_atomic;
	if (is_x && f->atomic_pid >= 0 && !*from_atomic && store_has(&d->st, d->ar + f->state_off, f->len, f->hash)) {
		d->r->matched++;
		return TP_MATCHED;
	}
	return n;
}

static int visit_twophase(Dfs *d)
{
	int from_atomic;
	int n = tp_open(d, &from_atomic);
	if (n < 0) {
		if (n == TP_MATCHED) { d->arn = d->fr[d->nfr - 1].succ_off; d->nfr--; }
		return 0;
	}
	Frame *f = &d->fr[d->nfr - 1];
	TpFrame *t = tpf(d, f);
	if (t->tp_list) { os_add(&d->tplist, f->hash); t->tp_inset = 1; }

	/* phase 1: one deterministic move, but none inside an atomic sequence:
	 * such states are never stored, so a chain through them could loop
	 * forever out of and back into the sequence; expanded fully instead,
	 * each of their successors outside it begins a phase 1 that is checked
	 * against the store */
	int pid = -1, ci = from_atomic ? -1 : tp_choose(d, f, n, &pid);
	if (ci >= 0) {
		size_t off = f->succ_off, coff = 0;
		for (int i = 0; i < n; i++) {
			SRec *rec = (SRec *)(d->ar + off);
			if (i == ci) coff = off; else rec->skip = 1;
			off += SREC + PAD8(rec->len) + PAD8(rec->alen);
		}
		SRec *rec = (SRec *)(d->ar + coff);
		if (rec->err) dfs_report_move_error(d, rec, ci);
		if (!rec->skip) {
			const uint8_t *cb = d->ar + coff + SREC;
			uint64_t ch = state_hash(cb, rec->len);
			if (tp_in_list(d, f, cb, rec->len, ch)) {
				/* s in list: goto NEXT_PROC, from s */
				t->tp_cpid = pid - 1; t->tp_clist = 0; t->tp_csave = 0;
			} else {
				int mode = d->o->twophase;
				int back = state_less(cb, rec->len, d->ar + f->state_off, f->len);
				t->tp_cpid = pid;
				t->tp_clist = (uint8_t)(mode == 1 || back);
				t->tp_csave = (uint8_t)(mode == 1 || (mode == 2 && back));
			}
			d->r->por_reduced++;
			return 1;
		}
		/* the move failed with a run-time error: expand fully instead */
		off = f->succ_off;
		for (int i = 0; i < n; i++) {
			SRec *r2 = (SRec *)(d->ar + off);
			if (i != ci) r2->skip = 0;
			off += SREC + PAD8(r2->len) + PAD8(r2->alen);
		}
	}

	/* phase 2 at s */
	if (from_atomic) {
		/* inside an atomic sequence: not stored; stop at a repeated state
		 * of a loop that never leaves it (as visit does) */
		for (long i = d->nfr - 2; i >= 0 && d->tp[i].tp_atomic; i--)
			if (d->tp[i].tp_phase2 && d->fr[i].len == f->len && !memcmp(d->ar + d->fr[i].state_off, d->ar + f->state_off, f->len)) {
				d->r->matched++;
				if (dfs_store_list(d, f) < 0) return 0;
				return tp_pop(d);
			}
		d->r->atomic_steps++;
		if (dfs_store_list(d, f) < 0) return 0;
	} else {
		size_t idx;
		int ins = store_insert(&d->st, d->ar + f->state_off, f->len, f->hash, &idx);
		if (ins < 0) { d->r->incomplete = 2; d->stop = 1; return 0; }
		if (dfs_store_list(d, f) < 0) return 0;
		if (ins == 0) { d->r->matched++; return tp_pop(d); }
		d->r->stored++;
		f->stored = 1;
		if (d->o->on_store) d->o->on_store(d->o->on_store_ctx, d->ar + f->state_off, f->len);
		if ((d->r->stored & 0xffff) == 0 && d->o->progress) dfs_progress(d);
	}
	tpf(d, f)->tp_phase2 = 1;
	dfs_collapse(d, d->tp[d->nfr - 1].tp_start);
	dfs_report_state_errors(d, n);
	return 1;
}


/* a pushed child's Twophase fields, from its parent's */
static void twophase_child(Dfs *d, const Frame *par, Frame *ch, const SRec *rec)
{
	(void)rec;
	const TpFrame *p = tpf(d, par);
	TpFrame *c = tpf(d, ch);
	if (p->tp_phase2) {      /* a new phase 1 begins at the child */
		c->tp_start = d->nfr - 1; c->tp_pid = 255; c->tp_list = c->tp_save = 1;
	} else {
		c->tp_start = p->tp_start; c->tp_pid = p->tp_cpid;
		c->tp_list = p->tp_clist; c->tp_save = p->tp_csave;
	}
}

const DfsStrategy DFS_TWOPHASE = { visit_twophase, 1, twophase_child, NULL };
