/* state.c — the byte layout of a state vector (see vm.h). */
#include "vm.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int chan_size(const Model *m, int spec)
{
	ChanSpec *c = m->chanspecs[spec];
	return CHDR + c->cap * c->msgsize;
}

/* Offsets are recomputed from the bytes: the per-proctype local size and
 * the per-channel capacity are known from the model. */

void sv_index(const Model *m, State *s)
{
	s->nproc = s->b[0];
	s->nchan = s->b[1];
	int off = GOFF + m->globsize;
	for (int i = 0; i < s->nproc; i++) {
		s->poff[i] = off;
		int depth = s->b[off + 3];
		off += PHDR + m->ptypes[s->b[off]]->localsize;
		s->ftop[i] = 0;
		for (int d = 0; d < depth; d++) {
			s->ftop[i] = off;
			off += FHDR + m->funcs[s->b[off]]->localsize;
		}
	}
	s->poff[s->nproc] = off;
	for (int i = 0; i < s->nchan; i++) {
		s->coff[i] = off;
		off += chan_size(m, s->b[off]);
	}
	s->coff[s->nchan] = off;
	s->nslot = s->b[2];
	for (int i = 0; i < s->nslot; i++) {
		s->hoff[i] = off;
		off += s->b[off] == FREE_SLOT ? 1 : 1 + m->records[s->b[off]]->size;
	}
	s->hoff[s->nslot] = off;
	s->len = off;
}

/* Does b have cur's layout?  The offsets follow from the counts, each
 * process's type and call depth, each channel's spec and each heap slot's
 * class, read in turn (sv_index: a chain of dependent loads, a tenth of
 * the time on models with many channels); here they are compared at the
 * offsets cur already has, all independent.  Successive expansions
 * mostly share a layout. */
int sv_same_layout(const State *cur, const uint8_t *b, int len)
{
	const uint8_t *o = cur->b;
	if (cur->len != len || b[0] != o[0] || b[1] != o[1] || b[2] != o[2])
		return 0;
	for (int i = 0; i < cur->nproc; i++) {
		int p = cur->poff[i];
		if (b[p] != o[p] || b[p + 3] || o[p + 3])
			return 0;   /* another type, or call frames: recompute */
	}
	for (int i = 0; i < cur->nchan; i++)
		if (b[cur->coff[i]] != o[cur->coff[i]])
			return 0;
	for (int i = 0; i < cur->nslot; i++)
		if (b[cur->hoff[i]] != o[cur->hoff[i]])
			return 0;
	return 1;
}

void sv_copy(State *dst, const State *src)
{
	memcpy(dst->b, src->b, src->len);
	dst->len = src->len;
	dst->nproc = src->nproc; dst->nchan = src->nchan;
	memcpy(dst->poff, src->poff, sizeof(int) * (src->nproc + 1));
	memcpy(dst->ftop, src->ftop, sizeof(int) * src->nproc);
	memcpy(dst->coff, src->coff, sizeof(int) * (src->nchan + 1));
	dst->nslot = src->nslot;
	memcpy(dst->hoff, src->hoff, sizeof(int) * (src->nslot + 1));
}

/* an instance of record type (Var v of kind TY_RECORD, arrays element by
 * element) at a gets its fields' initial values */
static void record_init(const Var *v, uint8_t *a)
{
	const Record *r = v->rec;
	if (!r->image) return;
	int n = v->arrlen ? v->arrlen : 1;
	for (int k = 0; k < n; k++) memcpy(a + k * v->elemsize, r->image, (size_t)r->size);
}

void vm_init_records(Var *const *vs, int n, uint8_t *block)
{
	for (int i = 0; i < n; i++)
		if (vs[i]->kind == TY_RECORD && !vs[i]->is_param) record_init(vs[i], block + vs[i]->offset);
}

/* Builds the initial state into buf (MAXSTATE bytes).  Returns the
 * Exec error (ERR_NONE: built), with its message in errmsg and in *where
 * the declaration being made when it was raised: too many channels, a
 * state vector too large, an initializer's run-time error. */
static int build_initial(VM *vm, State *s, uint8_t *buf, char *errmsg, size_t errlen, Pos *where)
{
	Model *m = vm->m;
	memset(buf, 0, GOFF + m->globsize);
	s->b = buf;
	buf[0] = 0; buf[1] = 0; buf[2] = 0; buf[3] = 0;
	sv_index(m, s);
	Exec x; memset(&x, 0, sizeof x);
	x.vm = vm; x.s = s; x.pid = -1;
	/* globals in declaration order; channels are created as declared */
	for (int i = 0; i < m->nglobals && !x.err; i++) {
		Var *v = m->globals[i];
		*where = v->pos;
		int n = v->arrlen ? v->arrlen : 1;
		for (int k = 0; k < n && !x.err; k++) {
			uint8_t *a = s->b + GOFF + v->offset + k * v->elemsize;
			if (v->chan) {
				int id = vm_new_chan(&x, v->chan, 255);
				vm_store(a, TY_CHAN, 0, id);
			} else if (v->init) {
				vm_store(a, v->kind, v->bits, vm_eval(&x, v->init));
				vm_error_in_init(&x, v);
			} else if (v->kind == TY_RECORD && v->rec->image) {
				memcpy(a, v->rec->image, (size_t)v->rec->size);
			}
		}
	}
	if (m->never) vm_store(s->b + GOFF + m->claim_pc->offset, TY_SHORT, 0, m->never->code->entry);
	for (int i = 0; i < m->nptypes && !x.err; i++) {
		*where = m->ptypes[i]->pos;
		for (int k = 0; k < m->ptypes[i]->active && !x.err; k++)
			vm_spawn(&x, m->ptypes[i], NULL, 0);
	}
	if (x.err) snprintf(errmsg, errlen, "%s", x.errmsg);
	/* only an initialiser's error is the model's (ERR_RUNTIME): running
	 * out of channels or state vector building the initial state is one
	 * of dspin's limits (ERR_BOUND), said by vm_check */
	if (x.err == ERR_RUNTIME && !x.err_in_init)
		return ERR_BOUND;
	return x.err;
}

/* Every search builds the initial state with this; vm_check has reported
 * beforehand whether it can be built. */
void vm_initial(VM *vm, State *s, uint8_t *buf)
{
	char msg[256];
	(void)vm_initial_raise(vm, s, buf, msg, sizeof msg);
}

int vm_initial_raise(VM *vm, State *s, uint8_t *buf, char *msg, size_t len)
{
	Pos where;
	return build_initial(vm, s, buf, msg, len, &where);
}

/* A code's locations are numbered by a u16 pc (the never claim's by a
 * short, see check.c's :never: variable). */
static int check_locs(Diag *d, const Proctype *pt, int max)
{
	if (!pt->code || pt->code->nlocs <= max) return 0;
	if (pt->is_never) diag_error(d, pt->pos, "the never claim compiles to %d locations, at most %d", pt->code->nlocs, max);
	else diag_error(d, pt->pos, "'%s' compiles to %d locations, at most %d", pt->name, pt->code->nlocs, max);
	return 1;
}

int vm_check(Diag *d, VM *vm)
{
	Model *m = vm->m;
	int nerr = 0;
	for (int i = 0; i < m->nptypes; i++) nerr += check_locs(d, m->ptypes[i], MAXLOCS);
	for (int i = 0; i < m->nfuncs; i++) nerr += check_locs(d, m->funcs[i], MAXLOCS);
	if (m->never) nerr += check_locs(d, m->never, INT16_MAX);
	if (nerr) return nerr;
	uint8_t *buf = malloc(MAXSTATE);
	if (!buf) {
		Pos p = { m->file, 1, 1 };
		diag_error(d, p, "out of memory for the initial state");
		return 1;
	}
	State s;
	char msg[256];
	Pos where = { m->file, 1, 1 };
	/* a run-time error (a division by zero, a bad index in an
	 * initialiser) is the model's: a verification error at depth 0 with a
	 * trail (vm_initial_error); a limit of dspin's is said here */
	int e = build_initial(vm, &s, buf, msg, sizeof msg, &where);
	if (e && e != ERR_RUNTIME) {
		diag_error(d, where, "the initial state cannot be built: %s", msg);
		nerr++;
	}
	free(buf);
	return nerr;
}

int vm_initial_error(VM *vm, char *msg, size_t len)
{
	uint8_t *buf = malloc(MAXSTATE);
	if (!buf)
		return 0;      /* vm_check said it; the search will say it again */
	State s;
	Pos where;
	int e = build_initial(vm, &s, buf, msg, len, &where);
	free(buf);
	return e == ERR_RUNTIME ? e : 0;
}

/* Next-free allocation (Iosif's NEW1/NEW2): the first free slot, else a new
 * slot at the end.  Fields start with their initializers (the class's
 * image), else zero / null; reference fields always start null, so a new
 * object points nowhere and the collector's canonical order is unchanged. */
int vm_heap_alloc(Exec *x, int cid)
{
	State *s = x->s;
	Model *m = x->vm->m;
	int live = 0, slot = -1;
	for (int i = 0; i < s->nslot; i++) {
		if (s->b[s->hoff[i]] == FREE_SLOT) { if (slot < 0) slot = i; }
		else live++;
	}
	int bound = x->vm->heap_bound ? x->vm->heap_bound : MAXOBJ;
	if (live >= bound) { vm_bound_error(x, "heap bound %d reached (live objects)", bound); return 0; }
	int size = 1 + m->records[cid]->size;
	if (slot < 0 && s->nslot >= MAXOBJ) { vm_bound_error(x, "heap bound %d reached (slots)", MAXOBJ); return 0; }
	/* checked before the state changes: a new slot adds its byte too */
	if (s->len + size - (slot < 0 ? 0 : 1) > MAXSTATE) { vm_bound_error(x, "state vector too large (more than %d bytes)", MAXSTATE); return 0; }
	if (slot < 0) {
		slot = s->nslot++;
		s->b[2] = (uint8_t)s->nslot;
		s->hoff[slot + 1] = s->hoff[slot] + 1;   /* a one-byte free slot, grown below */
		memset(s->b + s->len, 0, 1);
		s->b[s->len] = FREE_SLOT;
		s->len += 1;
	}
	int at = s->hoff[slot];
	/* grow the free slot (1 byte) to the object's size */
	memmove(s->b + at + size, s->b + at + 1, s->len - at - 1);
	Record *r = m->records[cid];
	if (r->image) memcpy(s->b + at + 1, r->image, (size_t)r->size);
	else memset(s->b + at + 1, 0, (size_t)r->size);
	s->b[at] = (uint8_t)cid;
	for (int i = 0; i < r->nchanoffs; i++) {
		s->b[at + 1 + r->chanoffs[i]] = (uint8_t)r->chanspec_of[i]->id;
		s->b[at + 1 + r->chanoffs[i] + 1] = 0xFE;    /* creator: the heap */
	}
	s->len += size - 1;
	for (int i = slot + 1; i <= s->nslot; i++) s->hoff[i] += size - 1;
	return slot + 1;
}

uint8_t *vm_obj(Exec *x, int32_t ref)
{
	State *s = x->s;
	if (ref == 0) { vm_runtime_error(x, "null dereference"); return NULL; }
	if (ref < 0 || ref > s->nslot || s->b[s->hoff[ref - 1]] == FREE_SLOT) {
		vm_runtime_error(x, "dangling reference %d", ref);
		return NULL;
	}
	return s->b + s->hoff[ref - 1] + 1;
}

/* Defence in depth behind the type checker (lang/check/types.c): a field is
 * read or written only in an object of the class that declares it, so no
 * model can write outside an object, whatever flow the checker missed
 * (a channel parameter's messages, say, whose declared type it cannot
 * see).  One byte compare per dereference. */
uint8_t *vm_obj_as(Exec *x, int32_t ref, const Record *cls)
{
	uint8_t *o = vm_obj(x, ref);
	if (!o || !cls || o[-1] == cls->id)
		return o;
	const Record *is = x->vm->m->records[o[-1]];
	vm_runtime_error(x, "reference %d is to a %s object, used as a %s", ref, is->name, cls->name);
	return NULL;
}
