/* gc.c — mark, sweep and canonical renumbering (see heap.h).
 * Linear in the heap: every object and every edge is visited once; no
 * sorting of objects by content.
 *
 * Edges are references (1-byte locations) and channel ids that name a
 * channel embedded in an object (CHAN_OBJ + (location-1)*CHAN_SLOTS +
 * slot): holding an object's channel keeps the object alive, and the id is
 * renumbered with the object.  An object's edges, in a fixed order: its
 * reference fields, its chan-typed fields, then the reference and chan
 * fields of the messages queued in its own channels. */
#include "heap.h"
#include <string.h>
#include <stdio.h>

typedef struct Gc {
	VM *vm; State *s;
	int newnum[MAXOBJ + 1];   /* old location -> new location (0: unreached) */
	int order[MAXOBJ + 1];    /* new location -> old location */
	int k;
	int rewrite;              /* second pass: rewrite edges instead of marking */
	uint8_t *owner;           /* heap_owners: mark owners instead of numbering */
	uint8_t tag;              /* heap_owners: the roots' owner being walked */
	int stk_obj[MAXOBJ + 1], stk_edge[MAXOBJ + 1];
} Gc;

/* the object a reference or channel-id edge points to (0: none) */
static int ref_target(Gc *g, const uint8_t *a, int is_chan)
{
	if (!is_chan) return a[0];
	uint16_t c; memcpy(&c, a, 2);
	if (c < CHAN_OBJ) return 0;
	return (c - CHAN_OBJ) / CHAN_SLOTS + 1;
	(void)g;
}

static void rewrite_edge(Gc *g, uint8_t *a, int is_chan)
{
	if (!is_chan) { a[0] = (uint8_t)(a[0] <= g->s->nslot ? g->newnum[a[0]] : 0); return; }
	uint16_t c; memcpy(&c, a, 2);
	if (c < CHAN_OBJ) return;
	int obj = (c - CHAN_OBJ) / CHAN_SLOTS + 1, slot = (c - CHAN_OBJ) % CHAN_SLOTS;
	int n = obj <= g->s->nslot ? g->newnum[obj] : 0;
	c = n ? (uint16_t)(CHAN_OBJ + (n - 1) * CHAN_SLOTS + slot) : 0;
	memcpy(a, &c, 2);
}

/* i-th edge of the object whose bytes (class byte first) are at ob:
 * returns the address of the edge and its kind, or NULL when done */
static uint8_t *edge(VM *vm, uint8_t *ob, int i, int *is_chan)
{
	Record *r = vm->m->records[ob[0]];
	if (i < r->nrefoffs) { *is_chan = 0; return ob + 1 + r->refoffs[i]; }
	i -= r->nrefoffs;
	if (i < r->nchanrefoffs) { *is_chan = 1; return ob + 1 + r->chanrefoffs[i]; }
	i -= r->nchanrefoffs;
	for (int c = 0; c < r->nchanoffs; c++) {
		ChanSpec *cs = r->chanspec_of[c];
		if (!cs->nrefs) continue;
		uint8_t *cb = ob + 1 + r->chanoffs[c];
		for (int m = 0; m < cb[2]; m++)
			for (int f = 0; f < cs->nfields; f++) {
				if (cs->ftypes[f] != TY_REF && cs->ftypes[f] != TY_CHAN) continue;
				if (i-- == 0) { *is_chan = cs->ftypes[f] == TY_CHAN; return cb + CHDR + m * cs->msgsize + cs->foff[f]; }
			}
	}
	return NULL;
}

static int live(Gc *g, int o)
{
	return o > 0 && o <= g->s->nslot && g->s->b[g->s->hoff[o - 1]] != FREE_SLOT;
}

/* depth-first from one root with an explicit stack: enter(g, parent,
 * child) marks the child and says whether to walk below it (parent 0:
 * the root) */
static void walk(Gc *g, int ref, int (*enter)(Gc *g, int parent, int child))
{
	State *s = g->s;
	if (!enter(g, 0, ref)) return;
	int sp = 0;
	g->stk_obj[sp] = ref; g->stk_edge[sp] = 0; sp++;
	while (sp > 0) {
		int o = g->stk_obj[sp - 1];
		int is_chan;
		uint8_t *a = edge(g->vm, s->b + s->hoff[o - 1], g->stk_edge[sp - 1]++, &is_chan);
		if (!a) { sp--; continue; }
		int child = ref_target(g, a, is_chan);
		if (!enter(g, o, child)) continue;
		g->stk_obj[sp] = child; g->stk_edge[sp] = 0; sp++;
	}
}

/* objects numbered in first-visit order (Iosif Fig. 4) */
static int number(Gc *g, int parent, int o)
{
	(void)parent;
	if (!live(g, o) || g->newnum[o]) return 0;
	g->newnum[o] = ++g->k; g->order[g->k] = o;
	return 1;
}

/* heap_owners: an object reached from two owners becomes shared, and so
 * does everything below it */
static int own(Gc *g, int parent, int o)
{
	uint8_t want = parent ? g->owner[parent] : g->tag;
	if (!live(g, o) || g->owner[o] == want || g->owner[o] == OWN_SHARED) return 0;
	g->owner[o] = g->owner[o] ? OWN_SHARED : want;
	return 1;
}

static void root(Gc *g, uint8_t *a, int is_chan)
{
	if (g->rewrite) rewrite_edge(g, a, is_chan);
	else walk(g, ref_target(g, a, is_chan), g->owner ? own : number);
}

static void block(Gc *g, uint8_t *base, const int *refs, int nrefs, const int *chans, int nchans)
{
	for (int i = 0; i < nrefs; i++) root(g, base + refs[i], 0);
	for (int i = 0; i < nchans; i++) root(g, base + chans[i], 1);
}

/* roots: globals, then each process (locals, then call frames outermost
 * first), then channel contents */
static void roots(Gc *g, const int *proc_order)
{
	State *s = g->s;
	Model *m = g->vm->m;
	g->tag = OWN_SHARED;
	block(g, s->b + GOFF, m->grefoffs, m->ngrefoffs, m->gchanoffs, m->ngchanoffs);
	for (int j = 0; j < s->nproc; j++) {
		int pid = proc_order ? proc_order[j] : j;
		g->tag = (uint8_t)(pid + 1);
		Proctype *pt = sv_proc(g->vm, s, pid);
		block(g, s->b + s->poff[pid] + PHDR, pt->refoffs, pt->nrefoffs, pt->chanoffs, pt->nchanoffs);
		int off = s->poff[pid] + PHDR + pt->localsize;
		for (int d = 0; d < s->b[s->poff[pid] + 3]; d++) {
			Proctype *f = m->funcs[s->b[off]];
			block(g, s->b + off + FHDR, f->refoffs, f->nrefoffs, f->chanoffs, f->nchanoffs);
			off += FHDR + f->localsize;
		}
	}
	g->tag = OWN_SHARED;
	for (int c = 0; c < s->nchan; c++) {
		uint8_t *cb = s->b + s->coff[c];
		ChanSpec *cs = m->chanspecs[cb[0]];
		if (!cs->nrefs) continue;
		for (int i = 0; i < cb[2]; i++)
			for (int f = 0; f < cs->nfields; f++)
				if (cs->ftypes[f] == TY_REF || cs->ftypes[f] == TY_CHAN)
					root(g, cb + CHDR + i * cs->msgsize + cs->foff[f], cs->ftypes[f] == TY_CHAN);
	}
}

int heap_owners(VM *vm, State *s, uint8_t *owner)
{
	Gc g;
	g.vm = vm; g.s = s; g.k = 0; g.rewrite = 0;
	g.owner = owner;
	memset(owner, 0, (size_t)s->nslot + 1);
	roots(&g, NULL);
	return s->nslot;
}

/* A process at its closing brace (not in a call) whose locals no remote
 * reference reads keeps nothing alive: its references and the ids of
 * channels inside objects become null.  SPIN keeps the values until the
 * process is removed, which only the last-created process may do; a
 * finished process waiting for its turn would otherwise pin objects that
 * nothing can reach again (and process symmetry could not drop it, see
 * docs/symmetry.md).  Static channel ids are left alone: flat models keep
 * SPIN's states exactly. */
static void drop_finished_refs(VM *vm, State *s)
{
	for (int pid = 0; pid < s->nproc; pid++) {
		Proctype *pt = sv_proc(vm, s, pid);
		if (!pt->refs_dead_at_end || sv_pc(s, pid) != pt->code->endloc || sv_depth(s, pid))
			continue;
		uint8_t *base = s->b + s->poff[pid] + PHDR;
		for (int i = 0; i < pt->nrefoffs; i++)
			base[pt->refoffs[i]] = 0;
		for (int i = 0; i < pt->nchanoffs; i++) {
			uint16_t c;
			memcpy(&c, base + pt->chanoffs[i], 2);
			if (c >= CHAN_OBJ)
				memset(base + pt->chanoffs[i], 0, 2);
		}
	}
}

int heap_collect(VM *vm, State *s, int canonical, const int *proc_order, NsStats *st)
{
	if (!s->nslot) return 0;
	Model *m = vm->m;
	drop_finished_refs(vm, s);
	Gc g;
	g.vm = vm; g.s = s; g.k = 0; g.rewrite = 0;
	g.owner = NULL;
	memset(g.newnum, 0, sizeof(int) * (s->nslot + 1));
	roots(&g, proc_order);
	uint8_t tmp[MAXSTATE];
	int hstart = s->hoff[0], n = 0;
	if (st && g.k > st->max_objects) st->max_objects = g.k;
	if (canonical) {
		int moved = g.k != s->nslot;
		for (int k = 1; k <= g.k && !moved; k++) moved = g.order[k] != k;
		if (moved && st) st->heap_renumbered++;
		for (int k = 1; k <= g.k; k++) {
			int o = g.order[k];
			int sz = s->hoff[o] - s->hoff[o - 1];
			memcpy(tmp + n, s->b + s->hoff[o - 1], sz);
			uint8_t *a; int is_chan;
			for (int i = 0; (a = edge(vm, tmp + n, i, &is_chan)); i++) rewrite_edge(&g, a, is_chan);
			n += sz;
		}
		g.rewrite = 1;
		roots(&g, proc_order);
		s->nslot = g.k;
	} else {
		/* sweep in place: unreached objects become free slots; trailing
		 * free slots are dropped */
		int last = 0;
		for (int o = 1; o <= s->nslot; o++) if (g.newnum[o]) last = o;
		for (int o = 1; o <= last; o++) {
			if (g.newnum[o]) {
				int sz = s->hoff[o] - s->hoff[o - 1];
				memcpy(tmp + n, s->b + s->hoff[o - 1], sz);
				n += sz;
			} else tmp[n++] = FREE_SLOT;
		}
		s->nslot = last;
	}
	memcpy(s->b + hstart, tmp, n);
	int oldlen = s->len;
	s->len = hstart + n;
	if (oldlen > s->len) memset(s->b + s->len, 0, oldlen - s->len);
	s->b[2] = (uint8_t)s->nslot;
	int off = hstart;
	for (int i = 0; i < s->nslot; i++) {
		s->hoff[i] = off;
		off += s->b[off] == FREE_SLOT ? 1 : 1 + m->records[s->b[off]]->size;
	}
	s->hoff[s->nslot] = off;
	return g.k;
}

const char *heap_symmetry_refused(const Model *m)
{
	if (!m->chan_data.line)
		return NULL;
	const Record *with = NULL;
	for (int i = 0; i < m->nrecords && !with; i++)
		if (m->records[i]->is_class && m->records[i]->nchanoffs)
			with = m->records[i];
	if (!with)
		return NULL;
	char buf[300];
	snprintf(buf, sizeof buf, "%s at %d:%d, and %s holds a channel, whose id is its object's place in the heap (renumbering would change it)",
		 m->chan_data_how, m->chan_data.line, m->chan_data.col, with->name);
	return xstrdup(buf);
}
