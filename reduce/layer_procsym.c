/* layer_procsym.c — process symmetry as a layer over the next-state
 * interface: Iosif, Fig. 5 "Depth First Search Combining Heap and Process
 * Symmetry" (Lemma 2).  A state's aux bytes are the original identity
 * (creation pid) of the process at each position; the permutation is
 * tracked along the path so that the heap is numbered visiting processes
 * in original order (line (*)), then instances of each interchangeable
 * proctype are pc-sorted (reduce/procsym_canon.c).  Moves keep the
 * parent's positions in mv and get original identities in tmv, which is
 * what a trail replays without symmetry.
 *
 * Finished instances of interchangeable proctypes are removed at once
 * (docs/symmetry.md, "Processes that terminate"); the aux bytes then also
 * carry the pids the unreduced run still holds, and a move records the
 * deaths that run takes in SPIN's order (Move.gone_top, gone_n).
 */
#include "reduce.h"
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

typedef struct PsWork { uint8_t acc[MAXPROC + 1]; } PsWork;

static void *ps_work_new(const Layer *l, Ctx *c)
{
	(void)l; (void)c;
	return calloc(1, sizeof(PsWork));
}

static void ps_work_free(const Layer *l, void *w)
{
	(void)l;
	free(w);
}

/* A state's aux bytes: for each of its n processes the pid it has in the
 * unreduced run (its identity), then the pids of finished processes that
 * this representative has dropped and the unreduced run still holds,
 * ascending (SPIN removes only the last-created process; docs/symmetry.md
 * calls them held).  Together they are the unreduced run's processes, so a
 * new process gets the next pid there. */
typedef struct Ids {
	uint8_t acc[MAXPROC];       /* identity by position */
	uint8_t held[MAXPROC];      /* held pids, ascending */
	int n, nheld;
	int total;                  /* processes of the unreduced run */
} Ids;

static int ident(const SState *parent, int pos)
{
	if (pos < 0 || !parent || pos >= parent->b[0] || pos >= parent->alen)
		return pos;
	return parent->aux[pos];
}

static int is_held(const Ids *d, int pid)
{
	for (int i = 0; i < d->nheld; i++)
		if (d->held[i] == pid)
			return 1;
	return 0;
}

static void unhold(Ids *d, int pid)
{
	int w = 0;
	for (int i = 0; i < d->nheld; i++)
		if (d->held[i] != pid)
			d->held[w++] = d->held[i];
	d->nheld = w;
}

static void hold(Ids *d, int pid)
{
	int i = d->nheld++;
	while (i > 0 && d->held[i - 1] > pid) {
		d->held[i] = d->held[i - 1];
		i--;
	}
	d->held[i] = (uint8_t)pid;
}

static void drop_pos(Ids *d, int j)
{
	hold(d, d->acc[j]);
	memmove(d->acc + j, d->acc + j + 1, (size_t)(d->n - j - 1));
	d->n--;
}

/* The identities of a successor's n processes as the move left them.  A
 * death the representative makes is the unreduced run's too: the dying
 * process is last in both (the held ones above it are gone by then). */
static void child_ids(const SState *parent, const Move *mv, int n, Ids *d)
{
	d->n = n;
	d->nheld = 0;
	if (!parent) {
		for (int j = 0; j < n; j++) d->acc[j] = (uint8_t)j;
		d->total = n;
		return;
	}
	int np = parent->b[0];
	for (int i = np; i < parent->alen; i++) d->held[d->nheld++] = parent->aux[i];
	d->total = np + d->nheld;
	if (mv->tid < 0 && mv->pid >= 0 && n == np - 1) {
		int z = parent->aux[mv->pid];
		for (int j = 0, w = 0; j < np; j++)
			if (j != mv->pid) d->acc[w++] = parent->aux[j];
		if (z == d->total - 1)
			d->total--;
		else
			hold(d, z);     /* not reached (see above); kept consistent */
		return;
	}
	for (int j = 0; j < n; j++)
		d->acc[j] = (uint8_t)(j < np ? parent->aux[j] : d->total + (j - np));
	d->total += n - np;
}

static int finished(VM *vm, const State *s, int pid)
{
	return !sv_depth(s, pid) && sv_pc(s, pid) == sv_proc(vm, s, pid)->code->endloc;
}

/* canonicalize every successor in out (parent NULL: the initial state) */
static void canon_all(const Layer *l, Ctx *c, const SState *parent, SuccBuf *out)
{
	const ProcSym *ps = l->conf;
	VM *vm = c->vm;
	PsWork *w = c->work[l->slot];
	int n = out->n;
	Ids d;
	for (int i = 0; i < n; i++) {
		Succ *sc = &out->v[i];
		sc->tmv.pid = (int16_t)ident(parent, sc->mv.pid);
		sc->tmv.rv_pid = (int16_t)ident(parent, sc->mv.rv_pid);
		uint8_t *b = out->arena + sc->off;
		int apid = sc->atomic_pid;
		child_ids(parent, &sc->mv, b[0], &d);
		if (d.total > MAXPROC && !sc->err) {
			sc->err = ERR_BOUND;
			snprintf(sc->errmsg, sizeof sc->errmsg, "too many processes (max %d), counting the finished ones SPIN would still hold", MAXPROC);
		}
		if (ps->terminating && sc->err != ERR_RUNTIME && sc->err != ERR_BOUND) {
			/* finished interchangeable instances go at once, in the
			 * initial state too (a proctype with an empty body): kept
			 * there, every successor that drops it would be one state
			 * more than the unreduced run has (tests/gen seed 10007327,
			 * 4 states against 3) */
			State st;
			st.b = b;
			sv_index(vm->m, &st);
			for (int j = st.nproc - 1; j >= 0; j--) {
				if (!ps->eligible[sv_ptype(&st, j)] || !finished(vm, &st, j))
					continue;
				/* not while another process keeps atomic control: the
				 * unreduced run cannot remove it before the sequence
				 * ends, and the trail writes the death after this move
				 * (found by tests/gen's seed 110: a rendezvous into an
				 * atomic receive finished the sender, whose death the
				 * trail then put inside the receiver's sequence) */
				if (apid >= 0 && apid != j)
					continue;
				sc->len = procsym_drop(vm, b, sc->len, j);
				drop_pos(&d, j);
				apid = apid == j ? -1 : apid > j ? apid - 1 : apid;
				sv_index(vm->m, &st);
			}
			/* the unreduced run removes its last process while that one
			 * is held: SPIN's order.  Not in the initial state, which
			 * has no move to carry the deaths: they stay held, and the
			 * first move takes them (its gone_top) */
			int top = d.total - 1, k = 0;
			while (parent && d.total > 0 && is_held(&d, d.total - 1)) {
				unhold(&d, --d.total);
				k++;
			}
			if (k) {
				sc->tmv.gone_top = (int16_t)top;
				sc->tmv.gone_n = (int16_t)k;
			}
		}
		int nacc = d.n;
		sc->len = procsym_canon(ps, vm, b, sc->len, d.acc, nacc, w->acc, &apid, &c->stats);
		sc->atomic_pid = apid;
		uint8_t *a = sb_alloc(out, nacc + d.nheld);
		if (!a)
			return;
		sc = &out->v[i];
		memcpy(a, w->acc, (size_t)nacc);
		memcpy(a + nacc, d.held, (size_t)d.nheld);
		sc->aoff = (size_t)(a - out->arena);
		sc->alen = nacc + d.nheld;
	}
	sb_finish(out);
}

static int ps_initial(const Layer *l, Ctx *c, SuccBuf *out)
{
	ns_below_initial(l, c, out);
	canon_all(l, c, NULL, out);
	return out->n;
}

/* A finished instance kept while another process held atomic control
 * (canon_all) may be left in a state where nothing moves: the holder
 * blocked.  Had it been last, the VM below would let it die; in the
 * canonical order it need not be, and the state would be reported as an
 * end state where the unreduced run still has a move: that death, when
 * the instance is the last process the unreduced run holds (found by
 * tests/gen's seed 15004169: the trail to "invalid end state" stopped one
 * death short).  The death is then this state's one move.  A stutter of
 * the noends layer (no process moved) is no move: the unreduced run
 * stutters only after the death. */
static void late_death(const Layer *l, Ctx *c, const SState *s, SuccBuf *out)
{
	const ProcSym *ps = l->conf;
	VM *vm = c->vm;
	if (!ps->terminating || out->oom)
		return;
	for (int i = 0; i < out->n; i++)
		if (out->v[i].mv.pid >= 0)
			return;
	int np = s->b[0], total = s->alen > np ? s->alen : np;
	State st;
	st.b = (uint8_t *)s->b;
	sv_index(vm->m, &st);
	for (int j = 0; j < np - 1; j++) {
		if (ident(s, j) != total - 1 || !ps->eligible[sv_ptype(&st, j)] || !finished(vm, &st, j))
			continue;
		out->n = 0;
		out->used = 0;
		Succ d;
		succ_no_move(&d);
		d.mv.pid = (int16_t)j;
		d.heap_dirty = vm->m->has_heap;
		Succ *sc = sb_copy(out, &d, s->b, s->len, NULL, 0);
		if (!sc)
			return;
		sc->len = procsym_drop(vm, out->arena + sc->off, sc->len, j);
		sb_finish(out);
		return;
	}
}

static int ps_next_all(const Layer *l, Ctx *c, const SState *s, SuccBuf *out)
{
	ns_below_next_all(l, c, s, out);
	late_death(l, c, s, out);
	canon_all(l, c, s, out);
	return out->n;
}

static int ps_next_proc(const Layer *l, Ctx *c, const SState *s, int pid, SuccBuf *out)
{
	ns_below_next_proc(l, c, s, pid, out);
	canon_all(l, c, s, out);
	return out->n;
}

static const Layer PROCSYM_LAYER = { .name = "procsym", .work_new = ps_work_new, .work_free = ps_work_free,
	.initial = ps_initial, .next_all = ps_next_all, .next_proc = ps_next_proc };

Layer *layer_procsym(VM *vm, const ProcSym *ps)
{
	(void)vm;
	return ns_layer(&PROCSYM_LAYER, (void *)ps);
}
