/* sym_layout.c — the fixed layout of the symbolic search
 * (search/sym/sym_layout.h says what it is and why). */
#include "sym_layout.h"

void sym_layout_init(SymLayout *l, const Model *m, int pmax, int kmax)
{
	l->m = m;
	l->gbytes = GOFF + m->globsize;
	int loc = 0, slots = 0;
	for (int i = 0; i < m->nptypes; i++)
		if (!m->ptypes[i]->is_never && m->ptypes[i]->localsize > loc)
			loc = m->ptypes[i]->localsize;
	for (int i = 0; i < m->nchanspecs; i++) {
		const ChanSpec *c = m->chanspecs[i];
		if (c->cap * c->msgsize > slots)
			slots = c->cap * c->msgsize;
	}
	l->pmax = pmax;
	l->pcell = 3 + loc;        /* ptype + 1, pc: the call depth is always 0 here */
	l->kmax = kmax;
	l->kcell = CHDR + slots;
	l->width = l->gbytes + pmax * l->pcell + kmax * l->kcell;
}

int sym_encode(const SymLayout *l, const uint8_t *b, int len, uint8_t *out)
{
	const Model *m = l->m;
	int nproc = b[0], nchan = b[1];
	(void)len;
	if (b[2])
		return SYM_HEAP;
	if (nproc > l->pmax)
		return SYM_MORE_PROCS;
	if (nchan > l->kmax)
		return SYM_MORE_CHANS;
	memset(out, 0, (size_t)l->width);
	memcpy(out, b, (size_t)l->gbytes);
	int off = l->gbytes;
	for (int p = 0; p < nproc; p++) {
		const Proctype *pt = m->ptypes[b[off]];
		if (b[off + 3])
			return SYM_CALL_FRAME;
		if (b[off] == 0xFF)
			return SYM_TYPE_INDEX;   /* 256 proctypes: + 1 does not fit a byte */
		uint8_t *c = out + sym_pcell(l, p);
		c[0] = (uint8_t)(b[off] + 1);
		c[1] = b[off + 1];
		c[2] = b[off + 2];
		memcpy(c + 3, b + off + PHDR, (size_t)pt->localsize);
		off += PHDR + pt->localsize;
	}
	for (int k = 0; k < nchan; k++) {
		const ChanSpec *cs = m->chanspecs[b[off]];
		int n = CHDR + cs->cap * cs->msgsize;
		uint8_t *c = out + sym_kcell(l, k);
		if (b[off] == 0xFF)
			return SYM_TYPE_INDEX;
		memcpy(c, b + off, (size_t)n);
		c[0] = (uint8_t)(b[off] + 1);
		off += n;
	}
	return SYM_FITS;
}

int sym_decode(const SymLayout *l, const uint8_t *in, uint8_t *b)
{
	const Model *m = l->m;
	memcpy(b, in, (size_t)l->gbytes);
	int off = l->gbytes, nproc = 0, nchan = 0;
	for (int p = 0; p < l->pmax && in[sym_pcell(l, p)]; p++, nproc++) {
		const uint8_t *c = in + sym_pcell(l, p);
		const Proctype *pt = m->ptypes[c[0] - 1];
		b[off] = (uint8_t)(c[0] - 1);
		b[off + 1] = c[1];
		b[off + 2] = c[2];
		b[off + 3] = 0;
		memcpy(b + off + PHDR, c + 3, (size_t)pt->localsize);
		off += PHDR + pt->localsize;
	}
	for (int k = 0; k < l->kmax && in[sym_kcell(l, k)]; k++, nchan++) {
		const uint8_t *c = in + sym_kcell(l, k);
		const ChanSpec *cs = m->chanspecs[c[0] - 1];
		int n = CHDR + cs->cap * cs->msgsize;
		memcpy(b + off, c, (size_t)n);
		b[off] = (uint8_t)(c[0] - 1);
		off += n;
	}
	b[0] = (uint8_t)nproc;     /* (the header's copy says the same) */
	b[1] = (uint8_t)nchan;
	return off;
}
