/* layout.c — the data layout: the byte size and offset of every variable
 * in its block (globals, a proctype's or function's locals, a record's
 * fields), records laid out before use, a channel's message format (its
 * record fields flattened, as SPIN sends them), and the offsets of the
 * references and channel ids the collector follows.  The limits are those
 * of the state vector (layout.h). */
#include "check.h"
#include <string.h>
#include <stdio.h>

static int scalar_size(TypeKind k, int bits)
{
	switch (k) {
	case TY_SHORT: return 2;
	case TY_CHAN: return 2;  /* channel ids go past 255: object channels (vm.h CHAN_OBJ) */
	case TY_INT: return 4;
	case TY_UNSIGNED: return bits <= 8 ? 1 : bits <= 16 ? 2 : 4;
	default: return 1;      /* references are 1-byte heap locations (0 = null) */
	}
}

void layout_var(Check *ck, Var *v, int *off)
{
	Model *m = ck->m;
	if (v->arrlen_expr) {
		int ok = 1;
		int n = resolve_const(m, v->arrlen_expr, &ok);
		if (!ok) { diag_error(ck->diag, v->arrlen_expr->pos, "array length of '%s' must be a constant", v->name); n = 1; }
		if (n < 1 || n > 65535) { diag_error(ck->diag, v->arrlen_expr->pos, "array length of '%s' out of range (1..65535): %d", v->name, n); n = 1; }
		v->arrlen = n;
	}
	if (v->kind == TY_RECORD) {
		layout_record(ck, v->rec);
		v->elemsize = v->rec->size;
		if (v->rec->nchanoffs) diag_error(ck->diag, v->pos, "'%s': a record holding channels can only be used by reference", v->name);
	} else if (v->kind == TY_CHAN && v->chan && v->scope == SC_FIELD) {
		/* a channel that is a field of an object lives inside the object */
		layout_chanspec(ck, v->chan);
		v->elemsize = CHDR + v->chan->cap * v->chan->msgsize;
	} else v->elemsize = scalar_size(v->kind, v->bits);
	v->offset = *off;
	long long size = (long long)v->elemsize * (v->arrlen ? v->arrlen : 1);
	if (*off + size > STATE_BLOCK_MAX) {
		diag_error(ck->diag, v->pos, "'%s' makes the state vector too large (%lld bytes, at most %d)", v->name, *off + size, STATE_BLOCK_MAX);
		size = 0;
		if (v->arrlen) v->arrlen = 1;   /* later passes must not walk the huge array */
	}
	*off += (int)size;
}

void layout_record(Check *ck, Record *r)
{
	if (r->laid_out == 2) return;
	if (r->laid_out == 1) { diag_error(ck->diag, r->pos, "typedef '%s' contains itself", r->name); r->laid_out = 2; return; }
	r->laid_out = 1;
	int off = 0;
	for (int i = 0; i < r->nfields; i++) {
		Var *f = r->fields[i];
		layout_var(ck, f, &off);
		if (f->kind == TY_CHAN && f->chan) {
			f->chanslot = r->nchanoffs;
			int n = f->arrlen ? f->arrlen : 1;
			for (int k = 0; k < n; k++) {
				if (r->nchanoffs >= 16) { diag_error(ck->diag, f->pos, "at most 16 channels per object"); break; }
				r->chanoffs = xgrow(r->chanoffs, r->nchanoffs + 1, sizeof(int));
				r->chanspec_of = xgrow(r->chanspec_of, r->nchanoffs + 1, sizeof(ChanSpec *));
				r->chanoffs[r->nchanoffs] = f->offset + k * f->elemsize;
				r->chanspec_of[r->nchanoffs++] = f->chan;
			}
		}
	}
	r->size = off;
	r->laid_out = 2;
}

/* A message's fields as layout_chanspec builds them: kinds, bit widths, mtype
 * groups and, for a reference, its class. */
typedef struct Fields { TypeKind *ty; int *bits, *mtg; Record **cls; int n; } Fields;

static void push_field(Fields *fs, TypeKind k, int bits, int mtg, Record *cls)
{
	fs->ty = xgrow(fs->ty, fs->n + 1, sizeof(TypeKind));
	fs->bits = xgrow(fs->bits, fs->n + 1, sizeof(int));
	fs->mtg = xgrow(fs->mtg, fs->n + 1, sizeof(int));
	fs->cls = xgrow(fs->cls, fs->n + 1, sizeof(Record *));
	fs->ty[fs->n] = k;
	fs->bits[fs->n] = bits;
	fs->mtg[fs->n] = mtg;
	fs->cls[fs->n] = k == TY_REF ? cls : NULL;
	fs->n++;
}

/* the leaves of record r, in declaration order, arrays element by element */
static void record_leaves(Check *ck, ChanSpec *c, const Record *r, Fields *fs)
{
	for (int i = 0; i < r->nfields; i++) {
		const Var *f = r->fields[i];
		int cnt = f->arrlen ? f->arrlen : 1;
		if (f->chan) {
			diag_error(ck->diag, c->pos, "'%s' declares a channel (field '%s'), so it cannot be a message field", r->name, f->name);
			return;
		}
		for (int k = 0; k < cnt && fs->n <= MAXFIELDS; k++) {
			if (f->kind == TY_RECORD)
				record_leaves(ck, c, f->rec, fs);
			else
				push_field(fs, f->kind, f->bits, f->mtg, f->rec);
		}
	}
}

/* A record field of a message is its fields, flattened, as SPIN sends it
 * (pan's `x!foo` is `x!foo.b,foo.i,foo.c`). */
static void flatten_records(Check *ck, ChanSpec *c)
{
	if (!c->frec) return;
	Fields fs = { 0 };
	for (int i = 0; i < c->nfields; i++) {
		const Record *r = c->ftypes[i] == TY_RECORD ? c->frec[i] : NULL;
		if (r) {
			layout_record(ck, (Record *)r);
			record_leaves(ck, c, r, &fs);
			continue;
		}
		push_field(&fs, c->ftypes[i], c->fbits[i], c->fmtg[i], c->fcls ? c->fcls[i] : NULL);
	}
	c->ftypes = fs.ty; c->fbits = fs.bits; c->fmtg = fs.mtg; c->fcls = fs.cls; c->nfields = fs.n;
	c->frec = NULL;
}

void layout_chanspec(Check *ck, ChanSpec *c)
{
	Model *m = ck->m;
	if (c->id || (m->nchanspecs && m->chanspecs[0] == c)) return;
	flatten_records(ck, c);
	int ok = 1;
	c->cap = resolve_const(m, c->cap_expr, &ok);
	if (!ok) diag_error(ck->diag, c->cap_expr->pos, "channel capacity must be a constant");
	if (c->cap < 0 || c->cap > 255) { diag_error(ck->diag, c->pos, "channel capacity out of range (0..255)"); c->cap = 1; }
	if (c->nfields > MAXFIELDS)
		diag_error(ck->diag, c->pos, "a channel's message has %d fields, at most %d", c->nfields, MAXFIELDS);
	c->foff = xalloc(sizeof(int) * (c->nfields + 1));
	int off = 0;
	for (int i = 0; i < c->nfields; i++) { c->foff[i] = off; off += scalar_size(c->ftypes[i], 32); if (c->ftypes[i] == TY_REF) { c->nrefs++; m->has_heap = 1; } if (c->ftypes[i] == TY_CHAN) c->nrefs++; }
	c->msgsize = off;
	if (CHDR + (long long)c->cap * c->msgsize > STATE_BLOCK_MAX)
		diag_error(ck->diag, c->pos, "a channel of %d messages of %d bytes does not fit in a state (at most %d bytes)", c->cap, c->msgsize, STATE_BLOCK_MAX);
	if (m->nchanspecs == MAXTYPES)
		diag_error(ck->diag, c->pos, "more than %d channel types (capacity and fields)", MAXTYPES);
	c->id = m->nchanspecs;
	PUSH(m->chanspecs, m->nchanspecs, c);
}

/* Byte offsets, in a block of variables with arrays and inline records
 * flattened, of every variable `want` selects: the GC's roots and edges. */
static void collect(Var **vs, int n, int base, int **out, int *nout, int (*want)(const Var *))
{
	for (int i = 0; i < n; i++) {
		Var *v = vs[i];
		int cnt = v->arrlen ? v->arrlen : 1;
		for (int k = 0; k < cnt; k++) {
			int off = base + v->offset + k * v->elemsize;
			if (want(v)) { *out = xgrow(*out, *nout + 1, sizeof(int)); (*out)[(*nout)++] = off; }
			else if (v->kind == TY_RECORD) collect(v->rec->fields, v->rec->nfields, off, out, nout, want);
		}
	}
}

static int is_ref(const Var *v) { return v->kind == TY_REF; }
/* a chan-typed variable holding a channel id (not a channel embedded in an
 * object): ids of object channels make it a heap edge */
static int is_chan_id(const Var *v) { return v->kind == TY_CHAN && !(v->chan && v->scope == SC_FIELD); }

void layout_collect_refs(Var **vs, int n, int base, int **out, int *nout) { collect(vs, n, base, out, nout, is_ref); }
void layout_collect_chans(Var **vs, int n, int base, int **out, int *nout) { collect(vs, n, base, out, nout, is_chan_id); }

/* The image of one fresh instance of r (Record.image): each field's
 * initializer stored as an assignment stores it, so truncated to the
 * field's type as pan's C assignment truncates it (`unsigned u : 3 = 9`
 * holds 1); every element of an array field gets the value, as SPIN
 * gives `byte a[3] = 5` three fives; a nested record (or array of them)
 * its own image.  Reference fields may only start null and channel
 * fields (`chan c = [1] of {..}`) are left zero: the VM creates them
 * (vm_heap_alloc).  lang/check/resolve.c (constants) and lang/check/types.c (a reference field's
 * is null) reject the initializers this cannot take before it runs; the
 * errors here are defence in depth, so that no initializer they let
 * through is ever dropped with its field silently zero. */
static void record_image(Diag *d, Model *m, Record *r)
{
	if (r->image_done) return;
	r->image_done = 1;
	uint8_t *img = xalloc(r->size ? (size_t)r->size : 1);   /* zeroed */
	for (int i = 0; i < r->nfields; i++) {
		Var *f = r->fields[i];
		int n = f->arrlen ? f->arrlen : 1;
		if (f->kind == TY_RECORD) {
			if (f->init) { diag_error(d, f->init->pos, "field '%s': a record cannot have an initializer", f->name); continue; }
			record_image(d, m, f->rec);
			if (f->rec->image)
				for (int k = 0; k < n; k++) memcpy(img + f->offset + k * f->elemsize, f->rec->image, (size_t)f->rec->size);
			continue;
		}
		if (!f->init) continue;
		int32_t val = 0;
		if (f->kind == TY_REF) {
			if (f->init->k != E_NULL) { diag_error(d, f->init->pos, "reference field '%s' can only be initialized to null", f->name); continue; }
		} else {
			int ok = 1;
			val = resolve_const(m, f->init, &ok);
			if (!ok) { diag_error(d, f->init->pos, "field '%s': the initializer must be a constant", f->name); continue; }
		}
		for (int k = 0; k < n; k++) layout_store(img + f->offset + k * f->elemsize, f->kind, f->bits, val);
	}
	int zero = 1;
	for (int i = 0; i < r->size && zero; i++) zero = !img[i];
	/* all zero: the instance's memset is its initialization */
	r->image = zero ? NULL : img;
}

void layout_record_images(Diag *d, Model *m)
{
	for (int i = 0; i < m->nrecords; i++) record_image(d, m, m->records[i]);
}
