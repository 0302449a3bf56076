/* dfs.c — SPIN-compatible explicit-state search over the next-state
 * interface (vm/next.h).
 *
 * Depth-first with an explicit stack (no recursion limit).  As in SPIN's
 * pan: states reached inside an atomic sequence are not stored while the
 * atomic process can continue; a rendezvous counts as two steps of depth;
 * "transitions" is stored + matched.  Each frame keeps its successors in a
 * stack arena that is cut back when the frame is popped.  Without a
 * proviso the stack is compact (Dfs.compact in dfs_impl.h, evict,
 * reexpand, delta_push): a deep search keeps about 40 bytes a frame.
 *
 * The search knows no reduction.  It offers the proviso hook (is a state on
 * the DFS stack?) to the layers that ask for it (Holzmann & Peled's
 * in-stack proviso, Fig. 1e, in reduce/layer_por.c), and it has one
 * strategy of its own: Nalumasu & Gopalakrishnan's Twophase with selective
 * caching (PV paper, Fig. 3; -por=twophase -cache=all|backedge|none), see
 * visit_twophase, which asks the interface which processes are safe.
 * Improviso's relaxations of Twophase (-por=improviso) are in
 * search/seq/improviso.c, on the same stack (search/seq/dfs_impl.h).
 */
#include "dfs_impl.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>

/* the compact stack's successor blocks, in bytes (Dfs.arlimit): the
 * search goes back far below any window, so a larger one does not save
 * most of the expansions done again, and a small one costs little time
 * (bench/RESULTS.md, "The figures behind the code").  Tests set
 * -dfs-window=N (SearchOpts.dfs_window, search_dfs): 1 drops every block but the top
 * frame's, so that nearly every frame is expanded again and every state
 * below the top rebuilt from the deltas; 0 turns the compact stack off,
 * the search the others are compared with. */
#define DFS_ARLIMIT ((size_t)4 << 20)

/* the search's memory: the store and the stack (the summary's figure) */
static size_t dfs_mem(const Dfs *d)
{
	return d->st.bytes + d->arcap + d->svcap + 2 * d->curcap + (size_t)d->capfr * sizeof(Frame) +
		(d->tp ? (size_t)d->capfr * sizeof(TpFrame) : 0) + (size_t)d->capcold * sizeof(Cold);
}

/* -M bounds the stack too (the store checks its own bytes): asked when
 * the arena or the frames grow, which is rare; a deep search that
 * outgrows the bound stops as at a full store (incomplete 2) */
static int over_bound(Dfs *d)
{
	if (!d->o->mem_limit || dfs_mem(d) <= d->o->mem_limit)
		return 0;
	d->oom = d->stop = 1;
	return 1;
}

static void *ar_alloc(Dfs *d, size_t n)
{
	n = (n + 7) & ~(size_t)7;
	if (d->arn + n > d->arcap && (!ns_reserve(&d->ar, &d->arcap, d->arn + n) || over_bound(d))) {
		d->oom = d->stop = 1;
		return NULL;
	}
	void *p = d->ar + d->arn;
	d->arn += n;
	return p;
}

/* ------------------------------------------------ the compact stack's states
 *
 * A frame's delta is the XOR of its state with its parent's, 4-byte word
 * by word, over the longer of the two (both PAD8-canonical: key, zeros to
 * PAD8(len), aux, zeros; the bytes past a state are zeros): for each word
 * that differs, the number of equal words before it (one byte, or 255 and
 * four bytes) and the XOR (four bytes).  Applying a delta to either state
 * gives the other; a step usually changes few words, so the delta is
 * short (bench/RESULTS.md, "The figures behind the code"). */

/* the bytes a frame's state takes in cur */
static size_t state_size(int len, int alen)
{
	return PAD8(len) + PAD8(alen);
}

/* cur and scr hold at least n bytes (zeros past the state) */
static int cur_reserve(Dfs *d, size_t n)
{
	if (n <= d->curcap)
		return 1;
	size_t nc = d->curcap ? d->curcap * 2 : 256;
	while (nc < n)
		nc *= 2;
	uint8_t *c = realloc(d->cur, nc), *t;
	if (c)
		d->cur = c;
	t = c ? realloc(d->scr, nc) : NULL;
	if (!t) {
		d->oom = d->stop = 1;
		return 0;
	}
	d->scr = t;
	memset(d->cur + d->curcap, 0, nc - d->curcap);
	d->curcap = nc;
	return 1;
}

/* Make cur, which holds a state of psize bytes, the state at b (csize
 * bytes) and push the delta on sv.  0 when out of memory. */
static int delta_push(Dfs *d, const uint8_t *b, size_t csize, size_t psize)
{
	size_t size = csize > psize ? csize : psize, nw = size / 4;
	if (!cur_reserve(d, size) || !ns_reserve(&d->sv, &d->svcap, d->svn + 6 * nw + 8)) {
		d->oom = d->stop = 1;
		return 0;
	}
	uint8_t *p = d->sv + d->svn;
	size_t last = 0;    /* the words before w that are written, +1 each */
	for (size_t w = 0; w < nw; w++) {
		uint32_t x, y = 0;
		memcpy(&x, d->cur + 4 * w, 4);
		if (4 * w < csize)
			memcpy(&y, b + 4 * w, 4);
		if (x == y)
			continue;
		uint32_t gap = (uint32_t)(w - last);
		if (gap < 255)
			*p++ = (uint8_t)gap;
		else {
			*p++ = 255;
			memcpy(p, &gap, 4);
			p += 4;
		}
		x ^= y;
		memcpy(p, &x, 4);
		p += 4;
		memcpy(d->cur + 4 * w, &y, 4);
		last = w + 1;
	}
	d->svn = (size_t)(p - d->sv);
	return 1;
}

/* XOR the delta sv[from, to) into the state at s */
static void delta_apply(uint8_t *s, const uint8_t *sv, size_t from, size_t to)
{
	const uint8_t *p = sv + from, *end = sv + to;
	size_t w = 0;
	while (p < end) {
		uint32_t gap = *p++, x, y;
		if (gap == 255) {
			memcpy(&gap, p, 4);
			p += 4;
		}
		w += gap;
		memcpy(&x, p, 4);
		p += 4;
		memcpy(&y, s + 4 * w, 4);
		y ^= x;
		memcpy(s + 4 * w, &y, 4);
		w++;
	}
}

/* frame i as its Cold record (from fr[] if it is in the window) */
static Cold cold_of(const Dfs *d, long i)
{
	if (i < d->floor)
		return d->cold[i];
	const Frame *f = frame_at(d, i);
	Cold c = { f->state_off, f->nsucc, f->next, f->len, f->alen, (int32_t)f->depth,
		(int16_t)f->atomic_pid, f->unstored };
	return c;
}

/* where frame i's delta ends on sv */
static size_t delta_end(const Dfs *d, long i)
{
	return i + 1 < d->nfr ? cold_of(d, i + 1).state_off : d->svn;
}

/* the move into each frame 1..n-1 of the compact stack, into mv[0..n-1):
 * it keeps none, so each parent's state is rebuilt in scr, from the top
 * down, and expanded again (the same successors in the same order, as
 * reexpand relies on): the move is its successor next - 1.  -1 when an
 * expansion fails (out of memory). */
static int compact_moves(Dfs *d, long n, Move *mv)
{
	NsStats keep = d->c->stats;
	int ok = 0;
	memcpy(d->scr, d->cur, d->curcap);
	for (long i = n - 1; i >= 1; i--) {
		Cold par = cold_of(d, i - 1);
		delta_apply(d->scr, d->sv, cold_of(d, i).state_off, delta_end(d, i));
		SState ss = { d->scr, par.len, d->scr + PAD8(par.len), par.alen, par.atomic_pid };
		int k = ns_next_all(d->c, &ss, &d->tsb);
		if (d->tsb.oom || k < par.next || par.next < 1) {
			ok = -1;
			break;
		}
		const Succ *s = &d->tsb.v[par.next - 1];
		mv[i - 1] = s->mv;
		mv[i - 1].pid = s->tmv.pid;
		mv[i - 1].rv_pid = s->tmv.rv_pid;
		mv[i - 1].gone_top = s->tmv.gone_top;
		mv[i - 1].gone_n = s->tmv.gone_n;
	}
	d->c->stats = keep;
	return ok;
}

/* the trail to the top frame's state, then the move last (if any) */
/* num > 0: the trail of the num-th error, model.pmlNUM.trail, as pan -e
 * writes them (issue 40) */
static void trail_to_here(Dfs *d, const char *msg, const Move *last, int num)
{
	if (!d->o->trail_path) return;
	long n = d->nfr;
	Move *mv = malloc(sizeof(Move) * ((size_t)n + d->ncm + 1));
	if (!mv) return;
	int k = 0;
	if (d->compact) {
		if (compact_moves(d, n, mv) < 0) {
			free(mv);
			return;
		}
		k = (int)(n - 1);
	} else
		for (long i = 1; i < n; i++) {
			/* a collapsed Twophase chain: its moves, already unwound */
			if (d->tp)
				for (int j = 0; j < d->tp[i].cm_len; j++) mv[k++] = d->cm[d->tp[i].cm_off + j];
			mv[k++] = d->fr[i].in;
		}
	if (last) mv[k++] = *last;
	if (num)
		trail_write_numbered(d->o, num, mv, k, msg);
	else
		d->r->trail_written = trail_write(d->o, mv, k, msg) == 0;
	free(mv);
}

static void report_error(Dfs *d, const char *msg, const Move *last)
{
	ErrorReport e = result_report_error(d->r, d->o, msg, d->nfr ? top_frame(d)->depth : 0);
	if (e.first)
		trail_to_here(d, msg, last, 0);
	if (e.numbered)
		trail_to_here(d, msg, last, e.numbered);
	if (e.stop)
		d->stop = 1;
}

/* the proviso hook: is this state on the stack (or the one being
 * expanded)?  States are compared by hash; a collision only makes the
 * reduction more cautious. */
static int on_stack(void *arg, const uint8_t *b, int len)
{
	Dfs *d = arg;
	uint64_t h = state_hash(b, len);
	return h == top_frame(d)->hash || os_has(&d->onstack, h);
}

/* a successor's record on the stack, from the interface's: no state bytes
 * (they follow it: dfs_expand) */
static void put_rec(SRec *rec, const Succ *s, uint64_t h, int hashed)
{
	rec->mv = s->mv;
	rec->tpid = s->tmv.pid;
	rec->trv_pid = s->tmv.rv_pid;
	rec->tgone_top = s->tmv.gone_top;
	rec->tgone_n = s->tmv.gone_n;
	rec->atomic_pid = s->atomic_pid;
	rec->len = s->len;
	rec->err = s->err;
	rec->skip = 0;
	rec->ip_seen = 0;
	rec->alen = s->alen;
	rec->hashed = (int8_t)hashed;
	rec->hash = h;
	rec->pre = 0;
	rec->pm_dinc = 0;
	rec->pm_n = 0;
}

/* Can the successors of frame f be looked up in the store when f is
 * expanded (prelook)?  Not where the depth bound could cut one
 * (dfs_enter drops it before any lookup). */
static int prelook_here(const Dfs *d, const Frame *f)
{
	return d->prelook && !(d->o->max_depth && f->depth + 2 >= d->o->max_depth) && f->depth + 2 <= DEPTH_MAX;
}

/* a successor's key and aux bytes after its record at p, each padded to 8
 * bytes with zeros (delta_push reads words) */
static inline void copy_padded(uint8_t *p, const Succ *s)
{
	memcpy(p + SREC, s->b, (size_t)s->len);
	memset(p + SREC + s->len, 0, PAD8(s->len) - (size_t)s->len);
	if (s->alen) {
		memcpy(p + SREC + PAD8(s->len), s->aux, (size_t)s->alen);
		memset(p + SREC + PAD8(s->len) + s->alen, 0, PAD8(s->alen) - (size_t)s->alen);
	}
}

/* dfs_expand with prelook: every successor outside an atomic sequence is
 * looked up in the store as its parent is expanded, the lookups in three
 * passes (every bucket fetched, then every record a bucket points to,
 * then the compares), so that their cache misses overlap; a visit at a
 * time waits for one bucket and one record after another, which in a
 * search that matches many states was most of its time
 * (bench/RESULTS.md, "The figures behind the code").
 * A successor found is matched: the store only grows, so its visit would
 * find it.  It takes no place on the stack: the next record kept counts
 * it (pm_n, push_next), or the frame, when it is popped, if none is
 * (pm_tail); so `matched` and the depth reached grow at the moment
 * visits would have made them grow, and a search that stops on an error
 * reports the counts it reported before.  A successor with an
 * error is kept (its error is reported as the state's), marked `pre`. */
static int expand_prelook(Dfs *d, Frame *f, int n)
{
	if (n > d->plcap) {
		int nc = d->plcap ? d->plcap : 64;
		while (nc < n)
			nc *= 2;
		uint64_t *h = realloc(d->plh, sizeof *h * (size_t)nc);
		if (h)
			d->plh = h;
		int *x = h ? realloc(d->pli, sizeof *x * (size_t)nc) : NULL;
		if (!x) {
			d->oom = d->stop = 1;
			return -1;
		}
		d->pli = x;
		d->plcap = nc;
	}
	uint64_t *h = d->plh;
	for (int i = 0; i < n; i++) {
		const Succ *s = &d->sb.v[i];
		if (s->atomic_pid < 0) {
			h[i] = state_hash(s->b, s->len);
			store_prefetch(&d->st, h[i]);
		}
		if (s->len > d->r->max_vec)
			d->r->max_vec = s->len;
	}
	for (int i = 0; i < n; i++)
		if (d->sb.v[i].atomic_pid < 0)
			store_prefetch_rec(&d->st, h[i], d->sb.v[i].len);
	int k = 0, pm_n = 0, pm_dinc = 0;
	d->hint_valid = 0;
	for (int i = 0; i < n; i++) {
		const Succ *s = &d->sb.v[i];
		int hashed = s->atomic_pid < 0;
		size_t slot = 0;
		int found = hashed && store_has_slot(&d->st, s->b, s->len, h[i], &slot);
		if (found && !s->err) {
			pm_n++;
			if (pm_dinc < 1 + (s->mv.rv_pid >= 0))
				pm_dinc = 1 + (s->mv.rv_pid >= 0);
			continue;
		}
		uint8_t *p = ar_alloc(d, SREC + PAD8(s->len) + PAD8(s->alen));
		if (!p)
			return -1;
		SRec *rec = (SRec *)p;
		put_rec(rec, s, hashed ? h[i] : 0, hashed);
		rec->pre = (int8_t)found;
		if (k == 0 && hashed && !found) {
			/* the first successor visited, if it is this one: the store
			 * will not have changed, so it goes where the lookup ended */
			d->hint_valid = 1;
			d->hint_off = (size_t)(p - d->ar);
			d->hint_slot = slot;
			d->hint_n = d->st.n;
		}
		rec->pm_n = pm_n;
		rec->pm_dinc = (int8_t)pm_dinc;
		pm_n = pm_dinc = 0;
		f->nerr += s->err != 0;
		copy_padded(p, s);
		d->pli[k++] = i;
	}
	f->pm_tail = pm_n;
	f->pm_tail_dinc = (uint8_t)pm_dinc;
	f->nsucc = k;
	d->plk = k;
	/* the first successor to visit: its bucket (prefetched above, maybe
	 * gone by the time an earlier sibling's subtree is done: push_next
	 * fetches each again) */
	return n;
}

/* Expand the top frame: its successors from the interface, copied into
 * the stack arena.  Returns their number (the stack keeps f->nsucc
 * records: fewer with prelook), -1 when out of memory. */
int dfs_expand(Dfs *d, int *from_atomic)
{
	Frame *f = top_frame(d);
	SState ss = frame_state(d, f);
	int n = ns_next_all(d->c, &ss, &d->sb);
	*from_atomic = d->sb.from_atomic;
	if (d->sb.oom) {
		d->oom = d->stop = 1;
		return -1;
	}
	f->succ_off = d->arn;
	f->cur_off = d->arn;
	f->nsucc = n;
	f->next = 0;
	f->nerr = 0;
	d->plk = -1;
	/* fewer than two successors to look up: nothing to overlap, and a
	 * lone one is mostly new (a deterministic step, sortnet's), looked up
	 * twice; the steps into atomic sequences are not looked up (peg's
	 * moves) */
	if (n >= 2 && prelook_here(d, f)) {
		int nh = 0;
		for (int i = 0; i < n && nh < 2; i++)
			nh += d->sb.v[i].atomic_pid < 0;
		if (nh >= 2)
			return expand_prelook(d, f, n);
	}
	for (int i = 0; i < n; i++) {
		Succ *s = &d->sb.v[i];
		uint8_t *p = ar_alloc(d, SREC + PAD8(s->len) + PAD8(s->alen));
		if (!p)
			return -1;
		SRec *rec = (SRec *)p;
		/* the store's bucket of a successor is fetched while the one
		 * before it is visited (push_next; a miss each, otherwise) */
		int hashed = !d->lazy_hash || s->atomic_pid < 0;
		put_rec(rec, s, hashed ? state_hash(s->b, s->len) : 0, hashed);
		f->nerr += s->err != 0;
		copy_padded(p, s);
		if (s->len > d->r->max_vec)
			d->r->max_vec = s->len;
		if (i == 0 && rec->hashed)
			store_prefetch(&d->st, rec->hash);
	}
	return n;
}

static int push(Dfs *d, size_t state_off, int len, const Move *in, int atomic_pid, long depth)
{
	if (depth > DEPTH_MAX) {     /* a billion frames at least, 40 GB */
		d->oom = d->stop = 1;
		return -1;
	}
	if (d->nfr - d->floor == d->capfr) {
		long nc = d->capfr ? d->capfr * 2 : 1024;
		Frame *nf = realloc(d->fr, sizeof(Frame) * (size_t)nc);
		if (!nf) {
			d->oom = d->stop = 1;
			return -1;
		}
		d->fr = nf;
		if (d->strat->tp_frames) {
			TpFrame *nt = realloc(d->tp, sizeof(TpFrame) * (size_t)nc);
			if (!nt) {
				d->oom = d->stop = 1;
				return -1;
			}
			d->tp = nt;
		}
		d->capfr = nc;
		if (over_bound(d))
			return -1;
	}
	Frame *f = &d->fr[d->nfr++ - d->floor];
	if (d->strat->tp_frames) {
		memset(f, 0, sizeof *f);
		memset(tpf(d, f), 0, sizeof(TpFrame));
	} else {
		/* the plain search reads only these (clearing the whole frame,
		 * Twophase's and Improviso's fields too, showed in the time of
		 * a search that pushes a frame per step of an atomic sequence:
		 * bench/RESULTS.md, "The figures behind the code") */
		f->succ_off = f->cur_off = 0;
		f->nsucc = f->next = f->alen = 0;
		f->unstored = f->stored = f->hashed = f->nerr = 0;
		f->hash = 0;
		f->dropped = 0;
		f->pm_tail = 0;
	}
	f->state_off = state_off; f->len = len;
	f->atomic_pid = atomic_pid;
	f->depth = depth;
	if (in) f->in = *in; else { memset(&f->in, 0, sizeof f->in); f->in.pid = -1; }
	return 0;
}

/* pop the top frame's bytes: its successor block (a dropped frame's is
 * 0: it is alone in the window) and, on the compact stack, its delta,
 * which gives cur the parent's state back.  When the window is left
 * empty, the parent comes into it from its Cold record, to be expanded
 * again (reexpand) if it has moves left. */
static void drop_top(Dfs *d)
{
	const Frame *f = top_frame(d);
	d->arn = f->succ_off;
	if (d->compact) {
		delta_apply(d->cur, d->sv, f->state_off, d->svn);
		d->svn = f->state_off;
	}
	d->nfr--;
	if (d->compact && d->nfr > 0 && d->nfr == d->floor) {
		Cold c = d->cold[--d->floor];
		Frame *w = &d->fr[0];
		memset(w, 0, sizeof *w);
		w->state_off = c.state_off;
		w->nsucc = c.nsucc;
		w->next = c.next;
		w->len = c.len;
		w->alen = c.alen;
		w->depth = c.depth;
		w->atomic_pid = c.atomic_pid;
		w->unstored = c.unstored;
		w->hashed = 1;      /* (not needed again) */
		w->dropped = 1;
	}
}

void dfs_progress(Dfs *d)
{
	double t = search_now();
	if (t - d->last_progress < 5.0) return;
	d->last_progress = t;
	double el = t - d->t0;
	fprintf(stderr, "dspin: %llu states stored, depth %ld, %.0f states/s, %.1f MB\n",
		(unsigned long long)d->r->stored, d->nfr ? top_frame(d)->depth : 0,
		el > 0 ? d->r->stored / el : 0.0, (d->st.bytes + d->arcap + d->svcap) / 1048576.0);
}

/* Report the error raised by successor i (the move did not happen if it
 * was a run-time error, or stopped by a resource limit: then the search
 * goes on without it, incomplete). */
void dfs_report_move_error(Dfs *d, SRec *rec, int i)
{
	char msg[256];
	Succ *sc = &d->sb.v[i];
	snprintf(msg, sizeof msg, "%s", sc->errmsg[0] ? sc->errmsg : "error");
	Move tmv = trail_move(rec);
	if (rec->err == ERR_BOUND) {
		if (result_note_bound(d->r, msg)) trail_to_here(d, msg, &tmv, 0);
		rec->skip = 1;
		return;
	}
	report_error(d, msg, &tmv);
	if (rec->err == ERR_RUNTIME) rec->skip = 1;
}

/* The errors of the top frame's state once its n successors are known:
 * an invalid end state, and the errors of the moves that are explored. */
void dfs_report_state_errors(Dfs *d, int n)
{
	Frame *f = top_frame(d);
	SState ss = frame_state(d, f);
	if (n == 0 && !ns_valid_end(d->c, &ss))
		report_error(d, "invalid end state", NULL);
	if (!f->nerr)
		return;
	/* the records kept, and which successor each is (d->pli after a
	 * prelook expansion, which keeps fewer) */
	size_t off = f->succ_off;
	for (int i = 0; i < f->nsucc && !d->stop; i++) {
		SRec *rec = (SRec *)(d->ar + off);
		if (rec->err && !rec->skip) dfs_report_move_error(d, rec, d->plk >= 0 ? d->pli[i] : i);
		off += SREC + PAD8(rec->len) + PAD8(rec->alen);
	}
}

/* The top frame is about to be visited: the depth bound (-m) cuts it
 * (like pan, states at depth m and deeper are neither stored nor
 * expanded; the search is incomplete), else its depth and hash are noted.
 * Returns 0 when it was popped. */
int dfs_enter(Dfs *d, Frame *f)
{
	if (d->o->max_depth && f->depth >= d->o->max_depth) {
		d->r->incomplete = d->r->incomplete ? d->r->incomplete : 1;
		drop_top(d);
		return 0;
	}
	if (f->depth > d->r->depth) d->r->depth = f->depth;
	if (!f->hashed && !(d->lazy_hash && f->atomic_pid >= 0)) {
		f->hash = state_hash(frame_bytes(d, f), f->len);
		f->hashed = 1;
	}
	return 1;
}

/* are the two states (of len bytes) equal?  Steps of an atomic sequence
 * differ mostly in the process's pc and the variables it just wrote, near
 * the end of the vector more often than at its start: the last 8 bytes
 * are compared first, inline (a call to memcmp per earlier step of the
 * sequence showed in the time of a puzzle whose moves are atomic
 * sequences: bench/RESULTS.md, "The figures behind the code") */
static int same_bytes(const uint8_t *p, const uint8_t *q, int len)
{
	if (len >= 8) {
		uint64_t x, y;
		memcpy(&x, p + len - 8, 8);
		memcpy(&y, q + len - 8, 8);
		if (x != y)
			return 0;
	}
	return !memcmp(p, q, (size_t)len);
}

/* Is the top frame's state that of a frame below it in the same atomic
 * sequence (the unstored frames just below it)?  On the compact stack
 * their states are rebuilt in scr from the top down. */
static int atomic_repeat(Dfs *d)
{
	const Frame *f = top_frame(d);
	if (!d->compact) {
		for (long i = d->nfr - 2; i >= 0 && d->fr[i].unstored; i--)
			if (d->fr[i].len == f->len && same_bytes(d->ar + d->fr[i].state_off, d->ar + f->state_off, f->len))
				return 1;
		return 0;
	}
	long i = d->nfr - 2;
	if (i < 0 || !cold_of(d, i).unstored)
		return 0;
	memcpy(d->scr, d->cur, d->curcap);
	for (; i >= 0; i--) {
		Cold g = cold_of(d, i);
		if (!g.unstored)
			break;
		delta_apply(d->scr, d->sv, cold_of(d, i + 1).state_off, delta_end(d, i + 1));
		if (g.len == f->len && same_bytes(d->scr, d->cur, f->len))
			return 1;
	}
	return 0;
}

/* The compact stack's successor blocks passed arlimit: drop the lowest
 * frames' blocks until about half of it is left (the top frame's is
 * always kept), moving the rest to the arena's start.  Each drop moves
 * at most arlimit/2 bytes and touches the frames above the new floor,
 * about as many as it dropped: amortized, a constant per frame. */
static void evict(Dfs *d)
{
	long top = d->nfr - 1, k = d->floor;
	while (k < top && d->arn - frame_at(d, k)->succ_off > d->arlimit / 2)
		k++;
	if (k <= d->floor)
		return;
	if (k > d->capcold) {
		long nc = d->capcold ? d->capcold * 2 : 1024;
		while (nc < k)
			nc *= 2;
		Cold *ncold = realloc(d->cold, sizeof(Cold) * (size_t)nc);
		if (!ncold)
			return;    /* the window stays larger: not wrong */
		d->cold = ncold;
		d->capcold = nc;
	}
	for (long i = d->floor; i < k; i++)
		d->cold[i] = cold_of(d, i);
	size_t delta = frame_at(d, k)->succ_off;
	memmove(d->ar, d->ar + delta, d->arn - delta);
	memmove(d->fr, frame_at(d, k), sizeof(Frame) * (size_t)(top - k + 1));
	d->floor = k;
	for (long i = k; i <= top; i++) {
		frame_at(d, i)->succ_off -= delta;
		frame_at(d, i)->cur_off -= delta;
	}
	d->arn -= delta;
}

/* The search came back to a frame whose successor block was dropped:
 * expand its state again into the (empty) arena and go on at successor
 * `next`.  Without a proviso the expansion is a function of the state,
 * so it gives the same successors in the same order; its statistics are
 * not counted twice, its errors were reported the first time, and the
 * moves that failed are skipped again as dfs_report_move_error marked
 * them.  Returns -1 when the search stops. */
static int reexpand(Dfs *d)
{
	Frame *f = top_frame(d);
	int nsucc = f->nsucc, next = f->next, from_atomic;
	NsStats keep = d->c->stats;
	d->arn = 0;
	int n = dfs_expand(d, &from_atomic);
	d->c->stats = keep;
	if (n < 0)
		return -1;
	f = top_frame(d);
	/* the expansion is a function of the state and the reduction's kept
	 * choice: a different count is a bug of dspin, not of the model */
	assert(n == nsucc);
	if (n != nsucc) {      /* (a build with NDEBUG) */
		fprintf(stderr, "dspin: internal error: a state expanded again gave %d successors, not %d\n", n, nsucc);
		d->r->incomplete = 2;
		d->stop = 1;
		return -1;
	}
	size_t off = f->succ_off;
	for (int i = 0; i < n; i++) {
		SRec *rec = (SRec *)(d->ar + off);
		if (rec->err == ERR_BOUND || rec->err == ERR_RUNTIME)
			rec->skip = 1;
		if (i == next)
			f->cur_off = off;
		off += SREC + PAD8(rec->len) + PAD8(rec->alen);
	}
	f->next = next;
	f->dropped = 0;
	d->reexpanded++;
	return 0;
}

/* Decide whether the top frame's state is new; expands it if so.
 * Returns 1 if the frame stays on the stack, 0 if it was popped. */
static int visit(Dfs *d)
{
	Frame *f = top_frame(d);
	int from_atomic = 0;
	int n = 0;
	int hint = d->hint_use;     /* push_next's: store_insert_at */
	d->hint_use = 0;
	if (!dfs_enter(d, f))
		return 0;
	if (f->atomic_pid >= 0) {
		/* inside an atomic sequence: stored only if atomicity is lost here */
		n = dfs_expand(d, &from_atomic);
		if (n < 0)
			return 0;
		f = top_frame(d);
		if (from_atomic) {
			/* an atomic sequence that loops without leaving: stop at the
			 * repeated state (SPIN would run into its depth bound) */
			if (atomic_repeat(d)) {
				d->r->matched++;
				drop_top(d);
				return 0;
			}
			f->unstored = 1;
			d->r->atomic_steps++;
			goto expanded;
		}
	}
	{
		size_t idx;
		const uint8_t *b = frame_bytes(d, f);
		if (!f->hashed) {   /* atomicity was lost here (lazy_hash) */
			f->hash = state_hash(b, f->len);
			f->hashed = 1;
		}
		uint64_t h = f->hash;
		int ins = hint ? store_insert_at(&d->st, b, f->len, h, d->hint_slot, &idx) : store_insert(&d->st, b, f->len, h, &idx);
		if (ins < 0) {
			d->r->incomplete = 2;
			d->stop = 1;
			return 0;
		}
		if (ins == 0) { d->r->matched++; drop_top(d); return 0; }
		d->r->stored++;
		f->stored = 1;
		if (d->c->proviso_used) os_add(&d->onstack, h);
		if (d->o->on_store) d->o->on_store(d->o->on_store_ctx, b, f->len);
		if ((d->r->stored & 0xffff) == 0 && d->o->progress) dfs_progress(d);
	}
	if (f->atomic_pid < 0) {
		n = dfs_expand(d, &from_atomic);
		if (n < 0)
			return 0;
		f = top_frame(d);
	}
expanded:
	if (n == 0 || f->nerr)
		dfs_report_state_errors(d, n);
	if (d->compact && d->arn > d->arlimit)
		evict(d);
	return 1;
}

const DfsStrategy DFS_PLAIN = { visit, 0, NULL, NULL };

/* the initial state as the bottom frame */
static int push_initial(Dfs *d)
{
	int n = ns_initial(d->c, &d->sb);
	if (n != 1 || d->sb.oom)
		return -1;
	Succ *s = &d->sb.v[0];
	size_t size = state_size(s->len, s->alen);
	uint8_t *b = calloc(1, size);
	if (!b)
		return -1;
	memcpy(b, s->b, (size_t)s->len);
	if (s->alen)
		memcpy(b + PAD8(s->len), s->aux, (size_t)s->alen);
	/* the state at offset 0 of the arena, or on the compact stack its
	 * delta from no state (all zeros) */
	int ok = push(d, 0, s->len, NULL, -1, 0) == 0;
	if (ok && d->compact)
		ok = delta_push(d, b, size, 0);
	else if (ok) {
		uint8_t *to = ar_alloc(d, size);
		ok = to != NULL;
		if (ok)
			memcpy(to, b, size);
	}
	free(b);
	if (!ok)
		return -1;
	Frame *f = &d->fr[0];
	f->alen = s->alen;
	f->succ_off = d->arn;
	if (d->tp) {
		tpf(d, f)->tp_start = 0;
		tpf(d, f)->tp_pid = 255;
		tpf(d, f)->tp_list = tpf(d, f)->tp_save = 1;
	}
	d->r->max_vec = s->len;
	return 0;
}

/* pop the top frame: cut the arena back to its own successor block */
static void pop(Dfs *d)
{
	Frame *f = top_frame(d);
	if (d->prelook && f->pm_tail) {
		/* its last successors, found in the store by prelook */
		if (f->depth + f->pm_tail_dinc > d->r->depth)
			d->r->depth = f->depth + f->pm_tail_dinc;
		d->r->matched += (uint64_t)f->pm_tail;
	}
	if (d->strat->pop) d->strat->pop(d, f);
	if (f->stored && d->c->proviso_used) os_del(&d->onstack, f->hash);
	if (d->tp) {
		if (tpf(d, f)->tp_inset) os_del(&d->tplist, f->hash);
		if (tpf(d, f)->cm_len) d->ncm = tpf(d, f)->cm_off;
	}
	drop_top(d);
	/* the parent's next successor is visited next: its bucket */
	Frame *par = d->nfr ? top_frame(d) : NULL;
	if (par && par->next < par->nsucc && !par->dropped) {
		const SRec *nx = (const SRec *)(d->ar + par->cur_off);
		if (nx->hashed && !nx->pre)
			store_prefetch(&d->st, nx->hash);
	}
}

/* push the top frame's next successor; 0 when it was skipped */
static int push_next(Dfs *d)
{
	Frame *f = top_frame(d);
	size_t off = f->cur_off;
	SRec *rec = (SRec *)(d->ar + off);
	/* the first successor of the frame just expanded: its slot in the
	 * store, from prelook, is good while nothing was inserted since */
	d->hint_use = d->hint_valid && off == d->hint_off && d->st.n == d->hint_n;
	d->hint_valid = 0;
	f->next++;
	f->cur_off = off + SREC + PAD8(rec->len) + PAD8(rec->alen);
	if (f->next < f->nsucc) {
		const SRec *nx = (const SRec *)(d->ar + f->cur_off);
		if (nx->hashed && !nx->pre)
			store_prefetch(&d->st, nx->hash);
	}
	if (rec->pm_n) {
		/* the successors before this one that prelook found in the
		 * store: matched, as their visits would have found them */
		if (f->depth + rec->pm_dinc > d->r->depth)
			d->r->depth = f->depth + rec->pm_dinc;
		d->r->matched += (unsigned long long)rec->pm_n;
	}
	if (rec->skip) return 0;
	long depth = f->depth + 1 + (rec->mv.rv_pid >= 0 ? 1 : 0);
	if (rec->pre) {
		/* found by prelook, kept for its error (reported) */
		if (depth > d->r->depth)
			d->r->depth = depth;
		d->r->matched++;
		return 0;
	}
	size_t soff = off + SREC;
	Move in = trail_move(rec);
	int len = rec->len, alen = rec->alen;
	if (d->compact) {
		/* the child's delta: cur becomes its state (its parent's block
		 * may go) */
		size_t psize = state_size(f->len, f->alen);
		size_t svn = d->svn;
		if (push(d, svn, len, &in, rec->atomic_pid, depth) < 0)
			return 0;
		if (!delta_push(d, d->ar + soff, state_size(len, alen), psize)) {
			d->nfr--;
			return 0;
		}
	} else if (push(d, soff, len, &in, rec->atomic_pid, depth) < 0)
		return 0;
	Frame *par = frame_at(d, d->nfr - 2), *ch = top_frame(d);
	ch->hash = rec->hash;
	ch->hashed = rec->hashed;
	ch->succ_off = d->arn;
	ch->alen = alen;
	if (d->strat->child)
		d->strat->child(d, par, ch, rec);
	return 1;
}

int search_dfs(VM *vm, const SearchOpts *o, SearchResult *r)
{
	Dfs d; memset(&d, 0, sizeof d);
	d.vm = vm; d.o = o; d.r = r;
	d.strat = o->kind == SEARCH_IMPROVISO ? &DFS_IMPROVISO : o->kind == SEARCH_TWOPHASE ? &DFS_TWOPHASE : &DFS_PLAIN;
	d.c = ns_ctx_new(o->stack, vm);
	if (!d.c) {
		snprintf(r->first_error, sizeof r->first_error, "out of memory");
		return -1;
	}
	d.c->proviso = on_stack;
	d.c->proviso_arg = &d;
	d.lazy_hash = !d.c->proviso_used && d.strat == &DFS_PLAIN;
	/* The compact stack trades time for memory (each push stores its
	 * state's difference from the parent's, which costs instructions:
	 * bench/RESULTS.md, "The figures behind the code"), so it runs where
	 * memory is what was asked for: -compress=tree, -hc, -bitstate, or a
	 * memory bound -M.  -dfs-window=N turns it on with an N-byte
	 * window in any search without a proviso (the tests), 0 off. */
	d.compact = d.lazy_hash && (o->store_mode != STORE_EXACT || (o->mem_limit && !o->mem_default));
	d.arlimit = DFS_ARLIMIT;
	if (o->dfs_window) {
		d.compact = d.lazy_hash && o->dfs_window > 0;
		d.arlimit = o->dfs_window > 0 ? (size_t)o->dfs_window : d.arlimit;
	}
	d.prelook = d.lazy_hash && !d.compact && o->store_mode == STORE_EXACT;
	store_init(&d.st, o->mem_limit);
	if (o->store_mode && store_set_mode(&d.st, o->store_mode, o->wbits) < 0) {
		if (o->store_mode == STORE_BITSTATE)
			snprintf(r->first_error, sizeof r->first_error, "out of memory for 2^%d bits", o->wbits);
		else
			snprintf(r->first_error, sizeof r->first_error, "out of memory");
		store_free(&d.st);
		ns_ctx_free(d.c);
		return -1;
	}
	d.t0 = d.last_progress = search_now();
	int (*visit_fn)(Dfs *) = d.strat->visit;
	if (push_initial(&d) < 0)
		d.oom = 1;
	else if (visit_fn(&d))
		while (d.nfr > 0 && !d.stop) {
			Frame *f = top_frame(&d);
			if (f->next >= f->nsucc)
				pop(&d);
			else if (f->dropped && reexpand(&d) < 0)
				break;
			else if (push_next(&d))
				visit_fn(&d);
		}
	if (d.oom && !r->incomplete)
		r->incomplete = 2;
	r->stats = d.c->stats;
	r->omission = store_omission(&d.st);
	r->transitions = r->stored + r->matched;
	r->mem = dfs_mem(&d);
	r->store_bytes = d.st.bytes;
	r->secs = search_now() - d.t0;
	store_free(&d.st);
	os_free(&d.onstack);
	os_free(&d.tplist); free(d.cm);
	os_free(&d.ipset); free(d.ipkey);
	free(d.fr); free(d.tp); free(d.ar); free(d.sv);
	free(d.cur); free(d.scr); free(d.cold);
	free(d.plh); free(d.pli);
	succbuf_free(&d.sb);
	succbuf_free(&d.tsb);
	ns_ctx_free(d.c);
	return r->errors;
}
