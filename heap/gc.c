/* gc.c — mark, sweep and canonical renumbering (see heap.h).
 * Linear in the heap: every object and every reference field is visited
 * once; no sorting of objects by content. */
#include "heap.h"
#include <string.h>

typedef struct Gc {
	VM *vm; State *s;
	int newnum[MAXOBJ + 1];   /* old location -> new location (0: unreached) */
	int order[MAXOBJ + 1];    /* new location -> old location */
	int k;
	/* explicit DFS stack: (old location, next ref field) */
	int stk_obj[MAXOBJ + 1], stk_field[MAXOBJ + 1];
} Gc;

static void visit(Gc *g, int ref)
{
	State *s = g->s;
	Model *m = g->vm->m;
	if (ref <= 0 || ref > s->nslot || g->newnum[ref]) return;
	if (s->b[s->hoff[ref - 1]] == FREE_SLOT) return;   /* dangling: leave it */
	int sp = 0;
	g->newnum[ref] = ++g->k; g->order[g->k] = ref;
	g->stk_obj[sp] = ref; g->stk_field[sp] = 0; sp++;
	while (sp > 0) {
		int o = g->stk_obj[sp - 1];
		const uint8_t *ob = s->b + s->hoff[o - 1];
		Record *r = m->records[ob[0]];
		if (g->stk_field[sp - 1] >= r->nrefoffs) { sp--; continue; }
		int child = ob[1 + r->refoffs[g->stk_field[sp - 1]++]];
		if (child <= 0 || child > s->nslot || g->newnum[child]) continue;
		if (s->b[s->hoff[child - 1]] == FREE_SLOT) continue;
		g->newnum[child] = ++g->k; g->order[g->k] = child;
		g->stk_obj[sp] = child; g->stk_field[sp] = 0; sp++;
	}
}

static void roots(Gc *g, const int *proc_order, int rewrite)
{
	State *s = g->s;
	Model *m = g->vm->m;
	for (int i = 0; i < m->ngrefoffs; i++) {
		uint8_t *a = s->b + GOFF + m->grefoffs[i];
		if (rewrite) *a = (uint8_t)g->newnum[*a]; else visit(g, *a);
	}
	for (int j = 0; j < s->nproc; j++) {
		int pid = proc_order ? proc_order[j] : j;
		Proctype *pt = sv_proc(g->vm, s, pid);
		uint8_t *base = s->b + s->poff[pid] + PHDR;
		for (int i = 0; i < pt->nrefoffs; i++) {
			uint8_t *a = base + pt->refoffs[i];
			if (rewrite) *a = (uint8_t)g->newnum[*a]; else visit(g, *a);
		}
		/* call frames, outermost first, locals in declaration order */
		int off = s->poff[pid] + PHDR + pt->localsize;
		for (int d = 0; d < s->b[s->poff[pid] + 3]; d++) {
			Proctype *f = m->funcs[s->b[off]];
			for (int i = 0; i < f->nrefoffs; i++) {
				uint8_t *a = s->b + off + FHDR + f->refoffs[i];
				if (rewrite) *a = (uint8_t)g->newnum[*a]; else visit(g, *a);
			}
			off += FHDR + f->localsize;
		}
	}
	for (int c = 0; c < s->nchan; c++) {
		uint8_t *cb = s->b + s->coff[c];
		ChanSpec *cs = m->chanspecs[cb[0]];
		if (!cs->nrefs) continue;
		for (int i = 0; i < cb[2]; i++)
			for (int f = 0; f < cs->nfields; f++) {
				if (cs->ftypes[f] != TY_REF) continue;
				uint8_t *a = cb + CHDR + i * cs->msgsize + cs->foff[f];
				if (rewrite) *a = (uint8_t)g->newnum[*a]; else visit(g, *a);
			}
	}
}

int heap_collect(VM *vm, State *s, int canonical, const int *proc_order)
{
	if (!s->nslot) return 0;
	Model *m = vm->m;
	Gc g;
	g.vm = vm; g.s = s; g.k = 0;
	memset(g.newnum, 0, sizeof(int) * (s->nslot + 1));
	roots(&g, proc_order, 0);
	/* build the new heap region */
	uint8_t tmp[MAXSTATE];
	int hstart = s->hoff[0], n = 0;
	if (canonical) {
		for (int k = 1; k <= g.k; k++) {
			int o = g.order[k];
			int sz = s->hoff[o] - s->hoff[o - 1];
			memcpy(tmp + n, s->b + s->hoff[o - 1], sz);
			Record *r = m->records[tmp[n]];
			for (int i = 0; i < r->nrefoffs; i++) {
				uint8_t *a = tmp + n + 1 + r->refoffs[i];
				*a = (uint8_t)(*a <= s->nslot ? g.newnum[*a] : 0);
			}
			n += sz;
		}
		roots(&g, proc_order, 1);
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
