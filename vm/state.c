/* state.c — the byte layout of a state vector (see vm.h). */
#include "vm.h"
#include <string.h>

static int chan_size(Model *m, int spec)
{
	ChanSpec *c = m->chanspecs[spec];
	return CHDR + c->cap * c->msgsize;
}

/* Offsets are recomputed from the bytes: the per-proctype local size and
 * the per-channel capacity are known from the model. */
static Model *IDX_MODEL;

void sv_index(State *s)
{
	Model *m = IDX_MODEL;
	s->nproc = s->b[0];
	s->nchan = s->b[1];
	int off = GOFF + m->globsize;
	for (int i = 0; i < s->nproc; i++) {
		s->poff[i] = off;
		off += PHDR + m->ptypes[s->b[off]]->localsize;
	}
	s->poff[s->nproc] = off;
	for (int i = 0; i < s->nchan; i++) {
		s->coff[i] = off;
		off += chan_size(m, s->b[off]);
	}
	s->coff[s->nchan] = off;
	s->len = off;
}

void sv_copy(State *dst, const State *src)
{
	memcpy(dst->b, src->b, src->len);
	dst->len = src->len;
	dst->nproc = src->nproc; dst->nchan = src->nchan;
	memcpy(dst->poff, src->poff, sizeof(int) * (src->nproc + 1));
	memcpy(dst->coff, src->coff, sizeof(int) * (src->nchan + 1));
}

int sv_pc(const State *s, int pid)
{
	const uint8_t *p = s->b + s->poff[pid] + 1;
	return p[0] | (p[1] << 8);
}
int sv_ptype(const State *s, int pid) { return s->b[s->poff[pid]]; }
void sv_set_pc(State *s, int pid, int pc)
{
	uint8_t *p = s->b + s->poff[pid] + 1;
	p[0] = (uint8_t)pc; p[1] = (uint8_t)(pc >> 8);
}
Proctype *sv_proc(VM *vm, const State *s, int pid) { return vm->m->ptypes[sv_ptype(s, pid)]; }

void vm_initial(VM *vm, State *s, uint8_t *buf)
{
	Model *m = vm->m;
	IDX_MODEL = m;
	memset(buf, 0, GOFF + m->globsize);
	s->b = buf;
	buf[0] = 0; buf[1] = 0;
	sv_index(s);
	Exec x; memset(&x, 0, sizeof x);
	x.vm = vm; x.s = s; x.pid = -1;
	/* globals in declaration order; channels are created as declared */
	for (int i = 0; i < m->nglobals; i++) {
		Var *v = m->globals[i];
		int n = v->arrlen ? v->arrlen : 1;
		for (int k = 0; k < n; k++) {
			uint8_t *a = s->b + GOFF + v->offset + k * v->elemsize;
			if (v->chan) {
				extern int vm_new_chan(Exec *x, ChanSpec *c, int creator);
				int id = vm_new_chan(&x, v->chan, 255);
				*a = (uint8_t)id;
			} else if (v->init) {
				extern void vm_store(uint8_t *a, TypeKind k, int bits, int32_t v);
				vm_store(a, v->kind, v->bits, vm_eval(&x, v->init));
			}
		}
	}
	for (int i = 0; i < m->nptypes; i++)
		for (int k = 0; k < m->ptypes[i]->active; k++)
			vm_spawn(&x, m->ptypes[i], NULL, 0);
}
