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

/* ---- classes that read _pid (docs/symmetry.md, "Instances that read
 * _pid"; reduce/procsym_pid.c) ----
 * Element i of a pid-indexed array is pid i+k's state, so it is part of
 * the instance's sort key; a value that holds a pid is keyed by what it
 * is to the instance (itself, another instance, no pid), which no
 * permutation changes.  Instances with equal keys can still differ in
 * which other instance their values name: those ties are broken by the
 * smallest whole vector over their permutations (bounded, below), when
 * some member of the tie is named by another's value (pid_refs); when
 * none is, every order of the tie gives the same vector. */

#define KEY_MAX 4096        /* bytes of one instance's key */
#define TIE_PERMS 720       /* most tie permutations tried per state */

/* the value of element e of variable v at base */
static int32_t pid_load(const Var *v, const uint8_t *base, int e)
{
	return vm_load(base + v->offset + e * v->elemsize, v->kind, v->bits);
}

static int var_elems(const Var *v)
{
	return v->arrlen > 0 ? v->arrlen : 1;
}

/* appends the tag of value x seen from pid self (-1: none): 0 itself,
 * 1 another instance of the class, 2 and the value: no pid of it */
static int key_value(uint8_t *key, int w, int32_t x, int self, int lo, int hi)
{
	if (w + 5 > KEY_MAX)
		return w;
	if (x >= lo && x <= hi) {
		key[w++] = x == self ? 0 : 1;
		memset(key + w, 0, 4);
	} else {
		key[w++] = 2;
		memcpy(key + w, &x, 4);
	}
	return w + 4;
}

/* the bytes at base..base+n with the values of pid-holding variables of
 * `owner` (NULL: globals) zeroed and their tags appended; element
 * range [e0, e1) of an array var only when only is set */
static int key_bytes(const ProcSym *ps, const uint8_t *base, int off, int n, const Proctype *owner,
		     const Var *only, int self, int t, uint8_t *key, int w)
{
	if (w + n > KEY_MAX)
		return w;
	uint8_t *start = key + w;
	memcpy(start, base + off, (size_t)n);
	w += n;
	for (int i = 0; i < ps->npval; i++) {
		const PidVal *pv = &ps->pval[i];
		const Var *v = pv->v;
		if (pv->owner != owner || (only && v != only))
			continue;
		int lo = ps->pid_lo[pv->ptype], hi = ps->pid_hi[pv->ptype];
		int size = v->kind == TY_SHORT ? 2 : v->kind == TY_INT ? 4 : v->kind == TY_UNSIGNED ? (v->bits <= 8 ? 1 : v->bits <= 16 ? 2 : 4) : 1;
		for (int e = 0; e < var_elems(v); e++) {
			int at = v->offset + e * v->elemsize;
			if (at < off || at + size > off + n)
				continue;
			int32_t x = pid_load(v, base, e) - pv->off;
			memset(start + at - off, 0, (size_t)size);
			w = key_value(key, w, x, pv->ptype == t ? self : -1, lo, hi);
		}
	}
	return w;
}

static int pid_indexed(const ProcSym *ps, const Var *v)
{
	for (int i = 0; i < ps->nparr; i++)
		if (ps->parr[i].v == v)
			return 1;
	return 0;
}

/* instance j's key: its block's length and bytes, its element of each
 * array of its class, then which global variables (not arrays of the
 * class's elements) hold its pid: `request == j` is j's as much as its
 * flag is, and keying it leaves fewer ties */
static int pid_key(const ProcSym *ps, const Model *m, const State *s, int j, int t, uint8_t *key)
{
	const Proctype *pt = m->ptypes[t];
	int len = s->poff[j + 1] - s->poff[j] - PHDR;
	key[0] = (uint8_t)(len >> 8);
	key[1] = (uint8_t)len;
	int w = key_bytes(ps, s->b + s->poff[j] + PHDR, 0, len, pt, NULL, j, t, key, 2);
	for (int i = 0; i < ps->nparr; i++) {
		const PidArray *pa = &ps->parr[i];
		if (pa->ptype != t)
			continue;
		int e = j - pa->k;
		w = key_bytes(ps, s->b + GOFF, pa->v->offset + e * pa->v->elemsize, pa->v->elemsize, NULL, pa->v, j, t, key, w);
	}
	for (int i = 0; i < ps->npval; i++) {
		const PidVal *pv = &ps->pval[i];
		if (pv->owner || pv->ptype != t || pid_indexed(ps, pv->v))
			continue;
		for (int e = 0; e < var_elems(pv->v) && w + 4 <= KEY_MAX; e++) {
			if (pid_load(pv->v, s->b + GOFF, e) - pv->off != j)
				continue;
			key[w++] = 3;
			key[w++] = (uint8_t)i;
			key[w++] = (uint8_t)(e >> 8);
			key[w++] = (uint8_t)e;
		}
	}
	return w;
}

/* ref[x]: some value other than x's own names pid x in a way its key
 * does not show -- a local of another process, or an element of an
 * array of the class that is not x's.  Only instances named so can make
 * two orders of equal keys give different vectors. */
static void pid_refs(const ProcSym *ps, const State *s, uint8_t *ref)
{
	memset(ref, 0, MAXPROC);
	for (int i = 0; i < ps->npval; i++) {
		const PidVal *pv = &ps->pval[i];
		const Var *v = pv->v;
		int lo = ps->pid_lo[pv->ptype], hi = ps->pid_hi[pv->ptype];
		int k = 0, arr = 0;
		for (int a = 0; a < ps->nparr; a++)
			if (ps->parr[a].v == v) {
				k = ps->parr[a].k;
				arr = 1;
			}
		if (!pv->owner && !arr)
			continue;
		for (int j = pv->owner ? 0 : s->nproc - 1; j < s->nproc; j++) {
			const uint8_t *base = s->b + GOFF;
			if (pv->owner) {
				if (s->b[s->poff[j]] != pv->owner->index)
					continue;
				base = s->b + s->poff[j] + PHDR;
			}
			for (int e = 0; e < var_elems(v); e++) {
				int32_t x = pid_load(v, base, e) - pv->off;
				int own = pv->owner ? j : e + k;
				if (x >= lo && x <= hi && x != own)
					ref[x] = 1;
			}
		}
	}
}

typedef struct PidKeys {
	const State *s;
	int lo;                    /* key[j - lo]: position j's */
	uint8_t (*key)[KEY_MAX];
	int *klen;
} PidKeys;

static int cmp_pid(const PidKeys *pk, int a, int b)
{
	const State *s = pk->s;
	int pca = sv_pc(s, a), pcb = sv_pc(s, b);
	if (pca != pcb)
		return pca < pcb ? -1 : 1;
	a -= pk->lo;
	b -= pk->lo;
	if (pk->klen[a] != pk->klen[b])
		return pk->klen[a] < pk->klen[b] ? -1 : 1;
	return memcmp(pk->key[a], pk->key[b], (size_t)pk->klen[a]);
}

static void sort_pid(const PidKeys *pk, int *v, int k)
{
	for (int i = 1; i < k; i++) {
		int x = v[i], j = i - 1;
		while (j >= 0 && (cmp_pid(pk, v[j], x) > 0 || (!cmp_pid(pk, v[j], x) && v[j] > x))) {
			v[j + 1] = v[j];
			j--;
		}
		v[j + 1] = x;
	}
}

/* dst = s with the processes permuted by from (new position -> old):
 * blocks moved, channel creators renamed, the elements of pid-indexed
 * arrays moved with their pids, pid-holding values mapped */
static void apply_from(const ProcSym *ps, const Model *m, const State *s, const int *from, uint8_t *dst)
{
	(void)m;
	int n = s->nproc, to[MAXPROC];
	for (int j = 0; j < n; j++)
		to[from[j]] = j;
	memcpy(dst, s->b, (size_t)s->len);
	int w = s->poff[0], newoff[MAXPROC];
	for (int j = 0; j < n; j++) {
		int o = from[j], sz = s->poff[o + 1] - s->poff[o];
		memcpy(dst + w, s->b + s->poff[o], (size_t)sz);
		newoff[j] = w;
		w += sz;
	}
	for (int c = 0; c < s->nchan; c++) {
		uint8_t *cr = dst + s->coff[c] + 1;
		if (*cr < n)
			*cr = (uint8_t)to[*cr];
	}
	for (int i = 0; ps->pid_lo && i < ps->nparr; i++) {
		const PidArray *pa = &ps->parr[i];
		const Var *v = pa->v;
		for (int j = ps->pid_lo[pa->ptype]; j <= ps->pid_hi[pa->ptype]; j++)
			memcpy(dst + GOFF + v->offset + (j - pa->k) * v->elemsize,
			       s->b + GOFF + v->offset + (from[j] - pa->k) * v->elemsize, (size_t)v->elemsize);
	}
	for (int i = 0; ps->pid_lo && i < ps->npval; i++) {
		const PidVal *pv = &ps->pval[i];
		const Var *v = pv->v;
		int lo = ps->pid_lo[pv->ptype], hi = ps->pid_hi[pv->ptype];
		for (int j = pv->owner ? 0 : n - 1; j < n; j++) {
			uint8_t *base = dst + GOFF;
			if (pv->owner) {
				if (s->b[s->poff[from[j]]] != pv->owner->index)
					continue;
				base = dst + newoff[j] + PHDR;
			}
			for (int e = 0; e < var_elems(v); e++) {
				uint8_t *a = base + v->offset + e * v->elemsize;
				int32_t x = vm_load(a, v->kind, v->bits) - pv->off;
				if (x >= lo && x <= hi)
					vm_store(a, v->kind, v->bits, to[x] + pv->off);
			}
		}
	}
}

static int has_pidvals(const ProcSym *ps, int t)
{
	for (int i = 0; i < ps->npval; i++)
		if (ps->pval[i].ptype == t)
			return 1;
	return 0;
}

/* ties: runs of equal keys among the sorted instances of classes whose
 * values name pids; every order of each run is tried, the smallest
 * vector wins (a function of the orbit: the set of orders tried is the
 * same for every state of it).  Past TIE_PERMS orders the sorted one is
 * kept: still a state of the orbit, so still sound, only not canonical. */
typedef struct Ties {
	const ProcSym *ps;
	const Model *m;
	const State *s;
	int *from;
	int run[MAXPROC], runlen[MAXPROC], nrun;   /* first new position, length */
	uint8_t *tmp, *best;
	int have;
	int bestfrom[MAXPROC];
} Ties;

static void tie_leaf(Ties *t)
{
	apply_from(t->ps, t->m, t->s, t->from, t->tmp);
	if (!t->have || memcmp(t->tmp, t->best, (size_t)t->s->len) < 0) {
		memcpy(t->best, t->tmp, (size_t)t->s->len);
		memcpy(t->bestfrom, t->from, sizeof(int) * (size_t)t->s->nproc);
		t->have = 1;
	}
}

/* every order of runs r.. (Heap's algorithm on from[] in place) */
static void tie_perm(Ties *t, int r, int k)
{
	if (r == t->nrun) {
		tie_leaf(t);
		return;
	}
	int *v = t->from + t->run[r];
	if (k <= 1) {
		tie_perm(t, r + 1, r + 1 < t->nrun ? t->runlen[r + 1] : 0);
		return;
	}
	for (int i = 0; i < k; i++) {
		tie_perm(t, r, k - 1);
		int sw = k % 2 ? 0 : i, x = v[sw];
		v[sw] = v[k - 1];
		v[k - 1] = x;
	}
}

/* Sort the instances of class t (pids lo..hi, which never move) by
 * their keys into from[lo..hi]; record in ties the runs of equal keys
 * whose order can still matter, and in *nties how many orders they have
 * (counting stops past TIE_PERMS). */
static void sort_class(const ProcSym *ps, const Model *m, const State *s, int t, int *from, Ties *ties, long *nties)
{
	int lo = ps->pid_lo[t], hi = ps->pid_hi[t], k = hi - lo + 1;
	uint8_t (*key)[KEY_MAX] = malloc(sizeof *key * (size_t)k);
	int klen[MAXPROC], sorted[MAXPROC];
	for (int j = lo; j <= hi; j++)
		klen[j - lo] = pid_key(ps, m, s, j, t, key[j - lo]);
	PidKeys pk = { s, lo, key, klen };
	for (int i = 0; i < k; i++)
		sorted[i] = lo + i;
	sort_pid(&pk, sorted, k);
	for (int i = 0; i < k; i++)
		from[lo + i] = sorted[i];
	if (has_pidvals(ps, t)) {
		uint8_t ref[MAXPROC];
		pid_refs(ps, s, ref);
		for (int i = 0; i < k;) {
			int e = i + 1, named = ref[sorted[i]];
			while (e < k && !cmp_pid(&pk, sorted[i], sorted[e]))
				named |= ref[sorted[e++]];
			if (e - i > 1 && named) {
				ties->run[ties->nrun] = lo + i;
				ties->runlen[ties->nrun++] = e - i;
				for (int f = 2; f <= e - i && *nties <= TIE_PERMS; f++)
					*nties *= f;
			}
			i = e;
		}
	}
	free(key);
}

/* from[] := the order of each tie run that gives the smallest vector */
static void break_ties(const ProcSym *ps, const Model *m, const State *s, int *from, Ties *ties)
{
	uint8_t *tmp = malloc(2 * (size_t)s->len);
	ties->ps = ps;
	ties->m = m;
	ties->s = s;
	ties->from = from;
	ties->tmp = tmp;
	ties->best = tmp + s->len;
	ties->have = 0;
	tie_perm(ties, 0, ties->runlen[0]);
	memcpy(from, ties->bestfrom, sizeof(int) * (size_t)s->nproc);
	free(tmp);
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
	Ties ties;
	ties.nrun = 0;
	long nties = 1;
	for (int t = 0; t < vm->m->nptypes; t++) {
		if (!ps->eligible[t]) continue;
		if (ps->pid_lo && ps->pid_lo[t] <= ps->pid_hi[t]) {
			sort_class(ps, vm->m, &s, t, from, &ties, &nties);
			continue;
		}
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
	if (ties.nrun && nties <= TIE_PERMS)
		break_ties(ps, vm->m, &s, from, &ties);
	int moved = 0;
	for (int j = 0; j < n; j++) if (from[j] != j) moved = 1;
	int to[MAXPROC];
	for (int j = 0; j < n; j++) to[from[j]] = j;
	if (moved) {
		if (st)
			st->procs_permuted++;
		uint8_t tmp[MAXSTATE];
		apply_from(ps, vm->m, &s, from, tmp);
		memcpy(s.b, tmp, (size_t)s.len);
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
