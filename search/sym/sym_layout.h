/* sym_layout.h — the symbolic search's fixed layout of dspin's
 * variable-length state vector (issue 39; ../shared/designs/symbolic.md,
 * section 2.2).
 *
 * A BDD ranges over a fixed set of variables, but a dspin state grows and
 * shrinks: processes and channels are appended (vm/vm.h), so a channel's
 * bytes move when a process starts or dies.  The fixed vector gives every
 * process position and every channel position a cell of its own, padded
 * to the largest proctype and the largest channel:
 *
 *   [globals block: GOFF header bytes and the globals, as in the state]
 *   pmax process cells:  [ptype + 1][pc lo][pc hi][locals, padded]
 *   kmax channel cells:  [spec + 1][creator][len][slots, padded]
 *
 * An absent process or channel is an all-zero cell (ptype and spec are
 * stored + 1), so "exists" is local to its cell and a move that starts or
 * ends a process touches only that cell and the header.  Encoding and
 * decoding are exact inverses on the states they accept; a state that
 * does not fit (more processes or channels than the cells, a call frame,
 * a heap slot) is refused, never truncated, and the layout can be grown.
 */
#ifndef DSPIN_SYM_LAYOUT_H
#define DSPIN_SYM_LAYOUT_H
#include "../../vm/vm.h"

typedef struct SymLayout {
	const Model *m;
	int gbytes;                /* the globals block: GOFF + globsize */
	int pmax, pcell;           /* process cells and the bytes of each */
	int kmax, kcell;           /* channel cells and the bytes of each */
	int width;                 /* bytes of the fixed vector */
} SymLayout;

/* the layout for m with room for pmax processes and kmax channels */
void sym_layout_init(SymLayout *l, const Model *m, int pmax, int kmax);
/* the offset of process cell p and channel cell k in the fixed vector */
static inline int sym_pcell(const SymLayout *l, int p) { return l->gbytes + p * l->pcell; }
static inline int sym_kcell(const SymLayout *l, int k) { return l->gbytes + l->pmax * l->pcell + k * l->kcell; }

/* Why a state does not fit the layout (SYM_FITS: it does). */
enum { SYM_FITS, SYM_MORE_PROCS, SYM_MORE_CHANS, SYM_CALL_FRAME, SYM_HEAP, SYM_TYPE_INDEX };
/* the state (b, len) as the fixed vector out (l->width bytes) */
int sym_encode(const SymLayout *l, const uint8_t *b, int len, uint8_t *out);
/* the fixed vector in back as a state vector (MAXSTATE bytes): its length */
int sym_decode(const SymLayout *l, const uint8_t *in, uint8_t *b);
#endif
