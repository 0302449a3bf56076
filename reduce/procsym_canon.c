/* procsym_canon.c — canonicalizing a state under process symmetry (see
 * reduce.h): the heap numbered in original-identity order (Iosif, Fig. 5
 * "Depth First Search Combining Heap and Process Symmetry", line (*)),
 * then pc-sorted instances (Bosnacki/Dams). */
#include "reduce.h"
#include "../heap/heap.h"
#include <stdlib.h>
#include <string.h>

/* the order of two process blocks: pc, then length, then bytes, then
 * position (total on distinct positions) */
static int cmp_block(const State *s, int a, int b)
{
	int pca = sv_pc(s, a), pcb = sv_pc(s, b);
	if (pca != pcb)
		return pca < pcb ? -1 : 1;
	int la = s->poff[a + 1] - s->poff[a], lb = s->poff[b + 1] - s->poff[b];
	if (la != lb)
		return la < lb ? -1 : 1;
	int c = memcmp(s->b + s->poff[a], s->b + s->poff[b], (size_t)la);
	if (c)
		return c;
	return a < b ? -1 : a > b;
}

/* insertion sort of k positions: k is the number of instances of one
 * proctype, small, and the comparison needs the state (no qsort context) */
static void sort_blocks(const State *s, int *v, int k)
{
	for (int i = 1; i < k; i++) {
		int x = v[i], j = i - 1;
		while (j >= 0 && cmp_block(s, v[j], x) > 0) {
			v[j + 1] = v[j];
			j--;
		}
		v[j + 1] = x;
	}
}

int procsym_canon(const ProcSym *ps, VM *vm, uint8_t *buf, int len,
		   const uint8_t *acc_in, int nacc_in, uint8_t *acc_out, int *apid, NsStats *st)
{
	State s; s.b = buf; (void)len;
	sv_index(vm->m, &s);
	int n = s.nproc;
	int acc[MAXPROC], order[MAXPROC];
	for (int j = 0; j < n; j++) acc[j] = j < nacc_in ? acc_in[j] : j;
	/* heap numbered visiting processes in original-identity order (the
	 * identities are distinct, but when finished processes have been
	 * removed they need not be 0..n-1) */
	if (ps->heap && vm->m->has_heap) {
		for (int j = 0; j < n; j++) {
			int i = j;
			while (i > 0 && acc[order[i - 1]] > acc[j]) {
				order[i] = order[i - 1];
				i--;
			}
			order[i] = j;
		}
		heap_collect(vm, &s, 1, order, st);
	}
	/* pc-sorted: instances of each eligible proctype, in place of each
	 * other.  When finished instances are removed at once, not across a
	 * process that is not interchangeable: which processes lie above it
	 * decides when it may die (docs/symmetry.md), so instances are sorted
	 * within each stretch between two such processes. */
	int from[MAXPROC];                  /* new position -> old position */
	for (int j = 0; j < n; j++) from[j] = j;
	int pos[MAXPROC];
	for (int t = 0; t < vm->m->nptypes; t++) {
		if (!ps->eligible[t]) continue;
		int k = 0;
		for (int j = 0; j <= n; j++) {
			int pt = j < n ? sv_ptype(&s, j) : -1;
			if (pt == t) {
				pos[k++] = j;
				continue;
			}
			if (j < n && (ps->eligible[pt] || !ps->terminating))
				continue;
			if (k >= 2) {
				int sorted[MAXPROC];
				memcpy(sorted, pos, sizeof(int) * k);
				sort_blocks(&s, sorted, k);
				for (int i = 0; i < k; i++) from[pos[i]] = sorted[i];
			}
			k = 0;
		}
	}
	int moved = 0;
	for (int j = 0; j < n; j++) if (from[j] != j) moved = 1;
	int to[MAXPROC];
	for (int j = 0; j < n; j++) to[from[j]] = j;
	if (moved) {
		if (st)
			st->procs_permuted++;
		uint8_t tmp[MAXSTATE];
		int start = s.poff[0], w = 0;
		for (int j = 0; j < n; j++) {
			int o = from[j], sz = s.poff[o + 1] - s.poff[o];
			memcpy(tmp + w, s.b + s.poff[o], sz);
			w += sz;
		}
		memcpy(s.b + start, tmp, w);
		/* channels remember their creator's pid */
		for (int c = 0; c < s.nchan; c++) {
			uint8_t *cr = s.b + s.coff[c] + 1;
			if (*cr < n) *cr = (uint8_t)to[*cr];
		}
		if (apid && *apid >= 0 && *apid < n) *apid = to[*apid];
	}
	for (int j = 0; j < n; j++) acc_out[j] = (uint8_t)acc[from[j]];
	return s.len;
}

/* Remove the finished process at position p (docs/symmetry.md: a
 * representative drops a finished interchangeable instance at once, where
 * SPIN would keep it until every later-created process is gone).  It
 * created no channel (procsym.c); channels created by later processes
 * name their creator by position, which moves down. */
int procsym_drop(VM *vm, uint8_t *buf, int len, int p)
{
	State s;
	s.b = buf;
	sv_index(vm->m, &s);
	int n = s.nproc, at = s.poff[p], size = s.poff[p + 1] - at;
	memmove(buf + at, buf + at + size, (size_t)(len - at - size));
	memset(buf + len - size, 0, (size_t)size);
	buf[0] = (uint8_t)(n - 1);
	sv_index(vm->m, &s);
	for (int c = 0; c < s.nchan; c++) {
		uint8_t *cr = buf + s.coff[c] + 1;
		if (*cr > p && *cr < n)
			(*cr)--;
	}
	return s.len;
}
