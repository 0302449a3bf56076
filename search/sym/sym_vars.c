/* sym_vars.c — the symbolic search's BDD variables (issue 39, item 1:
 * "significant bits per unit", "a good default variable order";
 * ../shared/designs/symbolic.md 2.2 and 2.8).
 *
 * Byte i of the fixed vector (sym_layout.h) gets vbits[i] variable pairs,
 * its low significant bits, most significant first: the current value at
 * an even variable, the next at the odd one after it, and the pairs of
 * one byte next to each other.  A byte's higher bits are 0 in every state
 * the search has met; a byte that has only ever held 0 has no variables
 * at all (a proctype's pc high byte, a bool's seven upper bits, a
 * parameter never above 3).  The bits are kept per role, not per byte:
 * the globals block's bytes each, the j-th byte of every process cell
 * together, the j-th of every channel cell together, so that a layout
 * grown by a cell gives the new cell what the others have.  They start
 * at what the model says (a proctype index, a pc, a channel type) or the
 * initial state holds, and grow: a learned successor whose byte does not
 * fit its bits is not made into a cube; the search notes the bits it
 * needs (doubled, up to 8: a counter costs a few restarts, not one per
 * value; 2 at least for a byte that had none: most bytes that leave 0
 * hold more than one other value, and the restart from 1 to 2 bits was
 * one of leader_all(5)'s, each a run again from the start: 69.5 -> 61.3 s,
 * leader_all(4) 2.75 -> 2.14 s, at a few more nodes) and, at the end of the
 * level's learning, starts again with them (sym.c, SYM_MORE_BITS).  Never
 * a truncation: every pair is checked.
 *
 * The variable order is the order of the bytes' blocks, `order`.  At
 * first the vector's; when the visited set has reached ATTACH_NODES
 * nodes, and whenever it has doubled since, the attach order (below) is
 * made from the groups learned so far, and the search starts again with
 * it (SYM_REORDER) rather than ask BuDDy to permute the variables in
 * place: bdd_setvarorder moves one level at a time, and on philosophers(9)
 * with 1,200 variables it took 74% of the run (callgrind).  The search
 * asks at every level, and the chained one after every process's
 * fixpoint (one iteration of it can be the whole state space: with the
 * vector's order, philosophers(14)'s second made 540,830 nodes before
 * its end).  At the same point of the new run (the count of asks: in the
 * breadth-first and Improviso searches the sets there do not depend on
 * the order; in the chained one they may, as its processes go in the
 * variable order, so there it compares like stages, not like sets) the
 * set is compared with the old order's; if it is larger the old order
 * comes back and stays.  -sift keeps
 * BuDDy's in-place sifting, each byte a block that moves whole. */
#include "sym_impl.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define ATTACH_NODES 2000      /* the visited set's nodes before the first attach order */
#define ATTACH_MAX 3           /* restarts for a new order, at most */

int sym_bits_of(unsigned v)
{
	int n = 0;
	for (; v; v >>= 1)
		n++;
	return n;
}

/* the role of byte i of the layout: its bits, kept across runs */
static uint8_t *role(Sym *s, int i)
{
	const SymLayout *l = &s->l;
	if (i < l->gbytes)
		return &s->gbits[i];
	int k0 = sym_kcell(l, 0);
	if (i < k0)
		return &s->pbits[(i - l->gbytes) % l->pcell];
	return &s->kbits[(i - k0) % l->kcell];
}

static void at_least(uint8_t *b, unsigned v)
{
	int n = sym_bits_of(v);
	if (n > *b)
		*b = (uint8_t)n;
}

int sym_bits_start(Sym *s, const uint8_t *init, int ilen)
{
	const Model *m = s->m;
	SymLayout l;
	(void)ilen;
	sym_layout_init(&l, m, 1, 1);
	s->gbits = calloc((size_t)l.gbytes, 1);
	s->pbits = calloc((size_t)l.pcell, 1);
	s->kbits = calloc((size_t)l.kcell, 1);
	if (!s->gbits || !s->pbits || !s->kbits)
		return -1;
	int maxpc = 0, maxcap = 0;
	for (int t = 0; t < m->nptypes; t++)
		if (m->ptypes[t]->code && m->ptypes[t]->code->nlocs - 1 > maxpc)
			maxpc = m->ptypes[t]->code->nlocs - 1;
	for (int k = 0; k < m->nchanspecs; k++)
		if (m->chanspecs[k]->cap > maxcap)
			maxcap = m->chanspecs[k]->cap;
	/* what the model says: the cells' type bytes (stored + 1), the pc,
	 * a channel's length */
	at_least(&s->pbits[0], (unsigned)m->nptypes);
	at_least(&s->pbits[1], (unsigned)(maxpc > 255 ? 255 : maxpc));
	at_least(&s->pbits[2], (unsigned)(maxpc >> 8));
	at_least(&s->kbits[0], (unsigned)m->nchanspecs);
	at_least(&s->kbits[2], (unsigned)(maxcap > 255 ? 255 : maxcap));
	/* what the initial state holds */
	sym_bits_observe(s, init);
	return 0;
}

void sym_bits_observe(Sym *s, const uint8_t *b)
{
	const Model *m = s->m;
	int gbytes = GOFF + m->globsize;
	for (int i = 0; i < gbytes; i++)
		at_least(&s->gbits[i], b[i]);
	int off = gbytes;
	for (int p = 0; p < b[0]; p++) {
		const Proctype *pt = m->ptypes[b[off]];
		for (int j = 0; j < pt->localsize; j++)
			at_least(&s->pbits[3 + j], b[off + PHDR + j]);
		off += PHDR + pt->localsize;
	}
	for (int k = 0; k < b[1]; k++) {
		const ChanSpec *cs = m->chanspecs[b[off]];
		int n = CHDR + cs->cap * cs->msgsize;
		for (int j = 1; j < n; j++)
			at_least(&s->kbits[j], b[off + j]);
		off += n;
	}
}

void sym_bits_done(Sym *s)
{
	free(s->gbits);
	free(s->pbits);
	free(s->kbits);
	free(s->order);
	free(s->prev_order);
	s->gbits = s->pbits = s->kbits = NULL;
	s->order = s->prev_order = NULL;
}

int sym_vars_init(Sym *s)
{
	int w = s->l.width;
	if (s->order_w != w) {
		/* a new layout: the vector's order (the bytes moved) */
		free(s->order);
		free(s->prev_order);
		s->prev_order = NULL;
		s->order = malloc(sizeof(int) * (size_t)w);
		if (!s->order)
			return -1;
		for (int i = 0; i < w; i++)
			s->order[i] = i;
		s->order_w = w;
		s->sifted = 0;
		s->attach_point = -1;
		s->attaches = 0;
		s->no_attach = 0;
	}
	s->vbase = malloc(sizeof(int) * (size_t)w);
	s->vbits = malloc((size_t)w);
	s->vbyte = malloc(sizeof(int) * (size_t)(8 * w + 1));
	s->vshift = malloc((size_t)(8 * w + 1));
	if (!s->vbase || !s->vbits || !s->vbyte || !s->vshift)
		return -1;
	int nv = 0;
	for (int k = 0; k < w; k++) {
		int i = s->order[k];
		s->vbits[i] = *role(s, i);
		s->vbase[i] = nv;
		for (int b = 0; b < s->vbits[i]; b++) {
			s->vbyte[nv / 2] = i;
			s->vshift[nv / 2] = (uint8_t)(s->vbits[i] - 1 - b);
			nv += 2;
		}
	}
	s->nreal = nv;
	if (nv == 0) {
		/* every byte constant: one pair no byte owns (BuDDy needs a
		 * variable; sym_count_states does not count it) */
		s->vbyte[0] = -1;
		s->vshift[0] = 0;
		nv = 2;
	}
	s->nvars = nv;
	return 0;
}

void sym_vars_free(Sym *s)
{
	free(s->vbase);
	free(s->vbits);
	free(s->vbyte);
	free(s->vshift);
	s->vbase = NULL;
	s->vbits = NULL;
	s->vbyte = NULL;
	s->vshift = NULL;
}

void sym_want(Sym *s, int i, unsigned v)
{
	int cur = s->vbits[i], nb = cur ? 2 * cur : 2;
	if (nb < sym_bits_of(v))
		nb = sym_bits_of(v);
	if (nb > 8)
		nb = 8;
	uint8_t *r = role(s, i);
	if (nb > *r)
		*r = (uint8_t)nb;
	s->bitsgrow = 1;
}

/* ---- cubes ---- */

BDD sym_bytes_cube(Sym *s, const int *bytes, int nbytes, const uint8_t *fix, int next, BDD base)
{
	BDD r = bdd_addref(base);
	for (int k = nbytes - 1; k >= 0; k--) {
		int i = bytes[k], nb = s->vbits[i];
		if (fix[i] >> nb)
			sym_want(s, i, fix[i]);   /* (the run ends at its next check) */
		for (int b = nb - 1; b >= 0; b--) {
			int v = s->vbase[i] + 2 * b + (next != 0);
			BDD t = bdd_and((fix[i] >> (nb - 1 - b)) & 1 ? bdd_ithvar(v) : bdd_nithvar(v), r);
			bdd_addref(t);
			bdd_delref(r);
			r = t;
		}
	}
	return r;
}

/* the bytes of one state of the set c: its path that takes the low branch
 * wherever that is not false (every other node of a reduced BDD reaches
 * true), the variables it skips 0; for a cube over every current
 * variable, that cube's state */
void sym_cube_bytes(Sym *s, BDD c, uint8_t *fix)
{
	memset(fix, 0, (size_t)s->l.width);
	while (c != bddtrue && c != bddfalse) {
		int v = bdd_var(c), bit;
		if (bdd_low(c) == bddfalse) {
			bit = 1;
			c = bdd_high(c);
		} else {
			bit = 0;
			c = bdd_low(c);
		}
		if (v % 2 == 0 && bit && s->vbyte[v / 2] >= 0)
			fix[s->vbyte[v / 2]] |= (uint8_t)(1 << s->vshift[v / 2]);
	}
}

BDD sym_var_cube(Sym *s, const int *bytes, int n, int next)
{
	int *v = malloc(sizeof(int) * (size_t)(8 * n + 1)), nv = 0;
	if (!v)
		abort();
	for (int k = 0; k < n; k++)
		for (int b = 0; b < s->vbits[bytes[k]]; b++)
			v[nv++] = s->vbase[bytes[k]] + 2 * b + (next != 0);
	BDD r = bdd_addref(bdd_makeset(v, nv));
	free(v);
	return r;
}

/* made bottom-up in one pass: the current and next variables interleave,
 * so and-ing a next cube onto a current one bit by bit walks the whole
 * cube for every bit (33% of leader election's time under
 * -por=improviso, perf) */
BDD sym_pair_cube(Sym *s, const int *bytes, int n, const uint8_t *cur, const uint8_t *nxt)
{
	int fits = 1;
	for (int k = 0; k < n; k++) {
		int i = bytes[k];
		if (cur[i] >> s->vbits[i] || nxt[i] >> s->vbits[i]) {
			sym_want(s, i, cur[i] | nxt[i]);
			fits = 0;
		}
	}
	if (!fits)
		return bddfalse;
	BDD r = bdd_addref(bddtrue);
	for (int k = n - 1; k >= 0; k--) {
		int i = bytes[k], nb = s->vbits[i];
		for (int b = nb - 1; b >= 0; b--) {
			int sh = nb - 1 - b, v = s->vbase[i] + 2 * b;
			BDD t = bdd_addref(bdd_and((nxt[i] >> sh) & 1 ? bdd_ithvar(v + 1) : bdd_nithvar(v + 1), r));
			bdd_delref(r);
			r = bdd_addref(bdd_and((cur[i] >> sh) & 1 ? bdd_ithvar(v) : bdd_nithvar(v), t));
			bdd_delref(t);
		}
	}
	return r;
}

void sym_pairs_c2n(Sym *s, bddPair *p, const int *bytes, int n)
{
	for (int k = 0; k < n; k++)
		for (int b = 0; b < s->vbits[bytes[k]]; b++)
			bdd_setpair(p, s->vbase[bytes[k]] + 2 * b, s->vbase[bytes[k]] + 2 * b + 1);
}

/* ---- counting ---- */

/* the assignments to the current variables from level(var(n)) on that n
 * holds (n mentions none of the next ones: it is a set of states), below
 * [L] the current variables of bytes at the levels before L; memo by
 * node.  A long double has a 64-bit mantissa: exact below 2^64 */
static long double count_from(BDD n, int nvars, const int *below, long double *memo)
{
	if (n == bddfalse)
		return 0;
	if (n == bddtrue)
		return 1;
	if (memo[n] >= 0)
		return memo[n];
	int v = bdd_var2level(bdd_var(n));
	BDD lo = bdd_low(n), hi = bdd_high(n);
	int vl = lo <= 1 ? nvars : bdd_var2level(bdd_var(lo)), vh = hi <= 1 ? nvars : bdd_var2level(bdd_var(hi));
	long double c = ldexpl(count_from(lo, nvars, below, memo), below[vl] - below[v + 1]) +
		        ldexpl(count_from(hi, nvars, below, memo), below[vh] - below[v + 1]);
	memo[n] = c;
	return c;
}

/* BuDDy's bdd_satcountset counts over all the variables first, which
 * overflows a double beyond 1,024 of them */
long double sym_count_states(Sym *s, BDD V)
{
	int nn = bdd_getallocnum(), nvars = bdd_varnum();   /* (the real ones and sym.c's room after them) */
	long double *memo = malloc(sizeof(long double) * (size_t)nn);
	int *below = malloc(sizeof(int) * (size_t)(nvars + 1));
	if (!memo || !below) {
		free(memo);
		free(below);
		return -1;
	}
	for (int i = 0; i < nn; i++)
		memo[i] = -1;
	below[0] = 0;
	for (int l = 0; l < nvars; l++) {
		int v = bdd_level2var(l);
		below[l + 1] = below[l] + (v < s->nvars && v % 2 == 0 && s->vbyte[v / 2] >= 0);
	}
	int top = V <= 1 ? nvars : bdd_var2level(bdd_var(V));
	long double c = ldexpl(count_from(V, nvars, below, memo), below[top]);
	free(memo);
	free(below);
	return c;
}

/* ---- the order ---- */

/* The order "attach" (../shared/designs/symbolic.md 2.8): process-major,
 * each global byte, and each channel cell whole, placed just before the
 * first process cell whose process may read or write it, then the other
 * globals and channel cells.  (The channels came last before: sort's
 * reachable set 140,067 nodes, 22,018 with each pipe next to its
 * writer; leader_all(4) under -por=improviso 199,663 -> 87,658.)
 * What a process may touch: the bytes D of every location of its
 * proctype (sym_mark_group, frozen indices evaluated in a state of V
 * where the cell holds it), not only of the groups learned so far (the
 * chaining search learns a process at a time, and an order made from
 * half of them put philosophers(22)'s later forks at the end: 7,767
 * nodes where 1,433 do); locations whose D holds every process cell
 * (init's runs) are left out: they would attach everything to
 * themselves.  Into order (width bytes). */
static void attach_order(Sym *s, BDD V, int *order)
{
	int w = s->l.width, n = 0;
	char *placed = calloc((size_t)w, 1), *in = malloc((size_t)w);
	uint8_t *wit = malloc((size_t)w);
	if (!placed || !in || !wit)
		abort();
	for (int i = 0; i < GOFF; i++)
		order[n++] = i, placed[i] = 1;
	for (int p = 0; p < s->l.pmax; p++) {
		int c0 = sym_pcell(&s->l, p);
		int cell0[1] = { c0 };
		memset(wit, 0, (size_t)w);
		BDD none = sym_bytes_cube(s, cell0, 1, wit, 0, bddtrue);   /* the cell empty */
		BDD here = bdd_addref(bdd_apply(V, none, bddop_diff));
		bdd_delref(none);
		if (here != bddfalse) {
			sym_cube_bytes(s, here, wit);
			int t = wit[c0] - 1;
			const Code *code = s->m->ptypes[t]->code;
			for (int pc = 0; code && pc < code->nlocs; pc++) {
				memset(in, 0, (size_t)w);
				sym_mark_group(s, in, p, t, pc, wit);
				int cells = 0;
				for (int q = 0; q < s->l.pmax; q++)
					cells += in[sym_pcell(&s->l, q)];
				if (cells == s->l.pmax && s->l.pmax > 1)
					continue;
				for (int i = GOFF; i < s->l.gbytes; i++)
					if (in[i] && !placed[i])
						order[n++] = i, placed[i] = 1;
				for (int k = 0; k < s->l.kmax; k++) {
					int k0 = sym_kcell(&s->l, k), touched = 0;
					for (int i = k0; i < k0 + s->l.kcell; i++)
						touched |= in[i] && !placed[i];
					for (int i = k0; touched && i < k0 + s->l.kcell; i++)
						if (!placed[i])
							order[n++] = i, placed[i] = 1;
				}
			}
		}
		bdd_delref(here);
		for (int i = c0; i < c0 + s->l.pcell; i++)
			order[n++] = i, placed[i] = 1;
	}
	for (int i = 0; i < w; i++)
		if (!placed[i])
			order[n++] = i;
	free(placed);
	free(in);
	free(wit);
}

void sym_sift(Sym *s, BDD V)
{
	int n = bdd_nodecount(V), at = s->point++;
	if (!s->o->sym_sift && at == s->attach_point) {
		/* the point where the order was made: kept only
		 * if the set is no larger (on channel-heavy models the globals
		 * are not what the order needs: leader election 220,269 ->
		 * 243,565 nodes with it) */
		s->attach_point = -1;
		if (n > s->attach_nodes && s->prev_order) {
			memcpy(s->order, s->prev_order, sizeof(int) * (size_t)s->l.width);
			s->no_attach = 1;
			s->grow = SYM_REORDER;
			return;
		}
		s->st->sifts++;
		s->sifted = n;
		return;
	}
	if ((s->no_attach || s->attaches >= ATTACH_MAX) && !s->o->sym_sift)
		return;
	if (n < ATTACH_NODES || n < 2 * s->sifted)
		return;
	if (s->o->sym_sift) {
		bdd_reorder(BDD_REORDER_SIFT);
		s->sifted = bdd_nodecount(V);
		s->st->sifts++;
		return;
	}
	int w = s->l.width;
	int *order = malloc(sizeof(int) * (size_t)w);
	if (!order)
		return;
	attach_order(s, V, order);
	s->sifted = n;
	if (!memcmp(order, s->order, sizeof(int) * (size_t)w)) {
		free(order);
		return;
	}
	free(s->prev_order);
	s->prev_order = s->order;
	s->order = order;
	s->attach_point = at;
	s->attach_nodes = n;
	s->attaches++;
	s->grow = SYM_REORDER;
}
