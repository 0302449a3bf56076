/* dfs.c — SPIN-compatible explicit-state search.
 *
 * Depth-first with an explicit stack (no recursion limit).  As in SPIN's
 * pan: states reached inside an atomic sequence are not stored while the
 * atomic process can continue; a rendezvous counts as two steps of depth;
 * "transitions" is stored + matched.  Each frame keeps its successors in a
 * stack arena that is cut back when the frame is popped.
 */
#include "search.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>

typedef struct SRec {            /* a successor as kept on the stack */
	Move mv;
	int32_t atomic_pid;
	int32_t len;
	int32_t err;
	int32_t skip;                /* a run-time error: the step did not happen */
	int32_t nacc;                /* process symmetry: identities follow the bytes */
	int32_t pad;
} SRec;

#define PAD8(n) (((size_t)(n) + 7) & ~(size_t)7)
#define SREC PAD8(sizeof(SRec))   /* records are 8-aligned in the arena */

typedef struct Frame {
	size_t state_off;            /* this frame's state bytes in the arena */
	int len;
	size_t succ_off;             /* first successor record */
	int nsucc, next;
	size_t cur_off;              /* record of successor `next` */
	int atomic_pid;
	int unstored;                /* inside an atomic sequence: not in the store */
	size_t acc_off; int nacc;    /* process symmetry: original pid of each position */
	uint64_t hash; int stored;   /* stored frames are in the on-stack set */
	long depth;
	Move in;
} Frame;

/* The states on the DFS stack, by hash, for the reduction proviso: a
 * multiset with linear probing and backward-shift deletion.  A hash
 * collision can only make the reduction more cautious. */
typedef struct OnStack { uint64_t *k; uint32_t *c; size_t cap, n; } OnStack;

static void os_grow(OnStack *o);
static size_t os_find(const OnStack *o, uint64_t h)
{
	size_t j = (size_t)(h * 0x9E3779B97F4A7C15ull >> 20) & (o->cap - 1);
	while (o->c[j] && o->k[j] != h) j = (j + 1) & (o->cap - 1);
	return j;
}
static void os_add(OnStack *o, uint64_t h)
{
	if (!o->cap || (o->n + 1) * 2 > o->cap) os_grow(o);
	size_t j = os_find(o, h);
	if (!o->c[j]) { o->k[j] = h; o->n++; }
	o->c[j]++;
}
static int os_has(const OnStack *o, uint64_t h) { return o->cap && o->c[os_find(o, h)] != 0; }
static void os_del(OnStack *o, uint64_t h)
{
	size_t j = os_find(o, h);
	if (!o->c[j] || --o->c[j]) return;
	o->n--;
	/* backward-shift deletion keeps probe chains intact */
	size_t i = j;
	for (;;) {
		i = (i + 1) & (o->cap - 1);
		if (!o->c[i]) break;
		size_t home = (size_t)(o->k[i] * 0x9E3779B97F4A7C15ull >> 20) & (o->cap - 1);
		if ((j < i) ? (home <= j || home > i) : (home <= j && home > i)) {
			o->k[j] = o->k[i]; o->c[j] = o->c[i]; o->c[i] = 0; j = i;
		}
	}
}
static void os_grow(OnStack *o)
{
	OnStack n = { 0 };
	n.cap = o->cap ? o->cap * 2 : 1024;
	n.k = calloc(n.cap, sizeof(uint64_t)); n.c = calloc(n.cap, sizeof(uint32_t));
	for (size_t i = 0; i < o->cap; i++)
		if (o->c[i]) { size_t j = os_find(&n, o->k[i]); n.k[j] = o->k[i]; n.c[j] = o->c[i]; n.n++; }
	free(o->k); free(o->c);
	*o = n;
}

typedef struct Dfs {
	VM *vm;
	const SearchOpts *o;
	SearchResult *r;
	Store st;
	Frame *fr; long nfr, capfr;
	uint8_t *ar; size_t arn, arcap;
	SuccBuf sb;
	OnStack onstack;
	int stop;
	double t0, last_progress;
} Dfs;

static double now(void)
{
	struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void *ar_alloc(Dfs *d, size_t n)
{
	n = (n + 7) & ~(size_t)7;
	if (d->arn + n > d->arcap) {
		size_t nc = d->arcap ? d->arcap * 2 : 1 << 20;
		while (nc < d->arn + n) nc *= 2;
		d->ar = realloc(d->ar, nc);
		if (!d->ar) { fprintf(stderr, "dspin: out of memory (search stack)\n"); exit(2); }
		d->arcap = nc;
	}
	void *p = d->ar + d->arn;
	d->arn += n;
	return p;
}

static void report_error(Dfs *d, const char *msg, const Move *last)
{
	SearchResult *r = d->r;
	r->errors++;
	if (r->errors == 1) {
		snprintf(r->first_error, sizeof r->first_error, "%s", msg);
		if (!d->o->quiet) fprintf(stdout, "dspin: %s (at depth %ld)\n", msg, d->nfr ? d->fr[d->nfr - 1].depth : 0);
		if (d->o->trail_path) {
			long n = d->nfr;
			Move *mv = malloc(sizeof(Move) * (n + 1));
			int k = 0;
			for (long i = 1; i < n; i++) mv[k++] = d->fr[i].in;
			if (last) mv[k++] = *last;
			if (d->o->procsym) {
				/* unwind the permutations: positions -> original pids */
				for (int j = 0; j < k; j++) {
					Frame *par = &d->fr[j];
					const uint8_t *acc = d->ar + par->acc_off;
					if (mv[j].pid >= 0 && mv[j].pid < par->nacc) mv[j].pid = acc[mv[j].pid];
					if (mv[j].rv_pid >= 0 && mv[j].rv_pid < par->nacc) mv[j].rv_pid = acc[mv[j].rv_pid];
				}
			}
			r->trail_written = trail_write(d->vm, d->o->trail_path, mv, k, msg) == 0;
			free(mv);
		}
	} else if (!d->o->quiet && r->errors <= 20) fprintf(stdout, "dspin: %s (at depth %ld)\n", msg, d->nfr ? d->fr[d->nfr - 1].depth : 0);
	if (!d->o->keep_going) d->stop = 1;
}

/* Expand the top frame: generate successors, check end states. */
/* Holzmann & Peled's reduced expansion: if some process is at a location
 * whose moves are all safe and has a move, keep only its moves, unless one
 * leads onto the stack (proviso).  Processes are tried from the highest pid
 * down, as SPIN does. */
static void reduce_expansion(Dfs *d, Frame *f, int n)
{
	if (n < 2) return;
	State s; s.b = d->ar + f->state_off;
	sv_index(&s);
	uint64_t self = state_hash(d->ar + f->state_off, f->len);   /* not yet in the set if just stored */
	for (int pid = s.nproc - 1; pid >= 0; pid--) {
		Code *k = sv_code(d->vm, &s, pid);
		if (!k->locs[sv_pc(&s, pid)].por_safe) continue;
		int mine = 0, ok = 1;
		size_t off = f->succ_off;
		for (int i = 0; i < n; i++) {
			SRec *rec = (SRec *)(d->ar + off);
			if (rec->mv.pid == pid) {
				mine++;
				uint64_t h = state_hash(d->ar + off + SREC, rec->len);
				/* states inside an atomic sequence are not in the set:
				 * count them as possibly on the stack */
				if (h == self || rec->atomic_pid >= 0 || os_has(&d->onstack, h)) ok = 0;
			}
			off += SREC + PAD8(rec->len) + PAD8(rec->nacc);
		}
		if (!mine || !ok || mine == n) { if (mine == n) return; continue; }
		off = f->succ_off;
		for (int i = 0; i < n; i++) {
			SRec *rec = (SRec *)(d->ar + off);
			if (rec->mv.pid != pid) rec->skip = 1;
			off += SREC + PAD8(rec->len) + PAD8(rec->nacc);
		}
		d->r->por_reduced++;
		return;
	}
}

static int expand(Dfs *d, int *from_atomic)
{
	Frame *f = &d->fr[d->nfr - 1];
	int n = vm_successors(d->vm, d->ar + f->state_off, f->len, f->atomic_pid, &d->sb, from_atomic);
	f = &d->fr[d->nfr - 1];
	f->succ_off = d->arn;
	f->cur_off = d->arn;
	f->nsucc = n; f->next = 0;
	const ProcSym *ps = d->o->procsym;
	for (int i = 0; i < n; i++) {
		Succ *s = &d->sb.v[i];
		size_t roff = d->arn;
		SRec *rec = ar_alloc(d, SREC);
		rec->mv = s->mv; rec->atomic_pid = s->atomic_pid; rec->len = s->len; rec->err = s->err; rec->skip = 0;
		int nacc = ps ? s->b[0] : 0;
		rec->nacc = nacc;
		size_t boff = d->arn;
		uint8_t *b = ar_alloc(d, (size_t)s->len);   /* may move the arena: rec is stale now */
		memcpy(b, s->b, (size_t)s->len);
		if (ps) {
			size_t aoff = d->arn;
			ar_alloc(d, (size_t)nacc);
			f = &d->fr[d->nfr - 1];
			rec = (SRec *)(d->ar + roff);
			int apid = rec->atomic_pid;
			procsym_canon(ps, d->vm, d->ar + boff, rec->len, d->ar + f->acc_off, f->nacc, d->ar + aoff, &apid);
			rec->atomic_pid = apid;
		}
		if (s->len > d->r->max_vec) d->r->max_vec = s->len;
	}
	if (d->o->por && !*from_atomic) reduce_expansion(d, &d->fr[d->nfr - 1], n);
	return n;
}

static int push(Dfs *d, size_t state_off, int len, const Move *in, int atomic_pid, long depth)
{
	if (d->nfr == d->capfr) {
		d->capfr = d->capfr ? d->capfr * 2 : 1024;
		d->fr = realloc(d->fr, sizeof(Frame) * d->capfr);
		if (!d->fr) { fprintf(stderr, "dspin: out of memory (search stack)\n"); exit(2); }
	}
	Frame *f = &d->fr[d->nfr++];
	memset(f, 0, sizeof *f);
	f->state_off = state_off; f->len = len;
	f->atomic_pid = atomic_pid;
	f->depth = depth;
	if (in) f->in = *in; else f->in.pid = -1;
	return 0;
}

static void progress(Dfs *d)
{
	double t = now();
	if (t - d->last_progress < 5.0) return;
	d->last_progress = t;
	double el = t - d->t0;
	fprintf(stderr, "dspin: %llu states stored, depth %ld, %.0f states/s, %.1f MB\n",
		(unsigned long long)d->r->stored, d->nfr ? d->fr[d->nfr - 1].depth : 0,
		el > 0 ? d->r->stored / el : 0.0, (d->st.bytes + d->arcap) / 1048576.0);
}

/* Decide whether the top frame's state is new; expands it if so.
 * Returns 1 if the frame stays on the stack, 0 if it was popped. */
static int visit(Dfs *d)
{
	Frame *f = &d->fr[d->nfr - 1];
	int from_atomic = 0;
	int n = 0;
	if (d->o->max_depth && f->depth >= d->o->max_depth) {
		/* depth bound (-m): like pan, states at depth m and deeper are
		 * neither stored nor expanded; the search is incomplete */
		d->r->incomplete = d->r->incomplete ? d->r->incomplete : 1;
		d->arn = f->succ_off; d->nfr--;
		return 0;
	}
	if (f->depth > d->r->depth) d->r->depth = f->depth;
	if (f->atomic_pid >= 0) {
		/* inside an atomic sequence: stored only if atomicity is lost here */
		n = expand(d, &from_atomic);
		f = &d->fr[d->nfr - 1];
		if (from_atomic) {
			/* an atomic sequence that loops without leaving: stop at the
			 * repeated state (SPIN would run into its depth bound) */
			for (long i = d->nfr - 2; i >= 0 && d->fr[i].unstored; i--)
				if (d->fr[i].len == f->len && !memcmp(d->ar + d->fr[i].state_off, d->ar + f->state_off, f->len)) {
					d->r->matched++;
					d->arn = f->succ_off; d->nfr--;
					return 0;
				}
			f->unstored = 1;
			d->r->atomic_steps++;
			goto expanded;
		}
	}
	{
		size_t idx;
		uint64_t h = state_hash(d->ar + f->state_off, f->len);
		int ins = store_insert(&d->st, d->ar + f->state_off, f->len, h, &idx);
		if (ins < 0) {
			d->r->incomplete = 2;
			d->stop = 1;
			return 0;
		}
		if (ins == 0) { d->r->matched++; d->arn = f->succ_off; d->nfr--; return 0; }
		d->r->stored++;
		f->hash = h; f->stored = 1;
		if (d->o->por) os_add(&d->onstack, h);
		if (d->o->on_store) d->o->on_store(d->o->on_store_ctx, d->ar + f->state_off, f->len);
		if ((d->r->stored & 0xffff) == 0 && d->o->progress) progress(d);
	}
	if (f->atomic_pid < 0) {
		n = expand(d, &from_atomic);
		f = &d->fr[d->nfr - 1];
	}
expanded:
	/* with a never claim no successor means the claim cannot follow: no error */
	if (n == 0 && !d->vm->m->never && !vm_valid_end(d->vm, d->ar + f->state_off, f->len))
		report_error(d, "invalid end state", NULL);
	/* errors raised by the moves out of this state */
	size_t off = f->succ_off;
	for (int i = 0; i < n && !d->stop; i++) {
		SRec *rec = (SRec *)(d->ar + off);
		if (rec->err && !rec->skip) {
			char msg[256];
			Succ *s = &d->sb.v[i];
			snprintf(msg, sizeof msg, "%s", s->errmsg[0] ? s->errmsg : "error");
			report_error(d, msg, &rec->mv);
			if (rec->err == ERR_RUNTIME) rec->skip = 1;
		}
		off += SREC + PAD8(rec->len) + PAD8(rec->nacc);
	}
	return 1;
}

int search_dfs(VM *vm, const SearchOpts *o, SearchResult *r)
{
	Dfs d; memset(&d, 0, sizeof d);
	d.vm = vm; d.o = o; d.r = r;
	store_init(&d.st, o->mem_limit);
	d.t0 = d.last_progress = now();
	uint8_t *ib = malloc(MAXSTATE);
	State s0;
	vm_initial(vm, &s0, ib);
	r->max_vec = s0.len;
	uint8_t *b = ar_alloc(&d, (size_t)s0.len);
	memcpy(b, ib, (size_t)s0.len);
	free(ib);
	size_t acc0 = d.arn;
	int nacc0 = 0;
	if (o->procsym) {
		nacc0 = b[0];
		ar_alloc(&d, (size_t)nacc0);
		procsym_canon(o->procsym, vm, d.ar, s0.len, NULL, 0, d.ar + acc0, NULL);
	}
	push(&d, 0, s0.len, NULL, -1, 0);
	d.fr[0].acc_off = acc0; d.fr[0].nacc = nacc0;
	d.fr[0].succ_off = d.arn;
	if (!visit(&d)) goto done;
	while (d.nfr > 0 && !d.stop) {
		Frame *f = &d.fr[d.nfr - 1];
		if (f->next >= f->nsucc) {
			/* cut the arena back to this frame's own successor block */
			if (f->stored && o->por) os_del(&d.onstack, f->hash);
			d.arn = f->succ_off;
			d.nfr--;
			continue;
		}
		size_t off = f->cur_off;
		SRec *rec = (SRec *)(d.ar + off);
		f->next++;
		f->cur_off = off + SREC + PAD8(rec->len) + PAD8(rec->nacc);
		if (rec->skip) continue;
		long depth = f->depth + 1 + (rec->mv.rv_pid >= 0 ? 1 : 0);
		size_t soff = off + SREC;
		int len = rec->len;
		Move mv = rec->mv;
		int apid = rec->atomic_pid;
		push(&d, soff, len, &mv, apid, depth);
		d.fr[d.nfr - 1].succ_off = d.arn;
		d.fr[d.nfr - 1].acc_off = soff + PAD8(len);
		d.fr[d.nfr - 1].nacc = rec->nacc;
		visit(&d);
	}
done:
	r->transitions = r->stored + r->matched;
	r->mem = d.st.bytes + d.arcap + (size_t)d.capfr * sizeof(Frame);
	r->secs = now() - d.t0;
	store_free(&d.st);
	free(d.onstack.k); free(d.onstack.c);
	free(d.fr); free(d.ar);
	succbuf_free(&d.sb);
	return r->errors;
}

int search_run(VM *vm, const SearchOpts *o, SearchResult *r)
{
	memset(r, 0, sizeof *r);
	extern int search_bfs(VM *vm, const SearchOpts *o, SearchResult *r);
	extern int search_ndfs(VM *vm, const SearchOpts *o, SearchResult *r);
	if (o->accept) return search_ndfs(vm, o, r);
	if (o->bfs) return search_bfs(vm, o, r);
	return search_dfs(vm, o, r);
}
