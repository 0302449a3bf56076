/* sym_probe.c — the symbolic search's first guess at the layout, from
 * random walks of the explicit next-state function (issue 39, item 1:
 * "growth when a successor does not fit").
 *
 * The layout's cells and every role's significant bits (sym_vars.c) grow
 * when a learned successor does not fit, and each growth is a run again
 * from the initial state: on leader_all(5) under -por=improviso, the
 * growths that came after the attach order were a quarter of the time
 * (bench/RESULTS.md).  Before the first run, a few random walks of the
 * same macro-steps the search learns (search/expand.c: an atomic sequence
 * is one step) note the processes, the channels and the values of every
 * role they meet, so that the layout starts where the walks have been.
 *
 * Only the start changes: a value the walks missed still grows the bits
 * as before, and a value they met is one a reachable state holds, so at
 * worst a byte starts with bits a reduced search never sets (a few nodes,
 * no state).  The walks are deterministic (a fixed seed: a run's figures
 * repeat) and bounded: PROBE_STEPS macro-steps in all, PROBE_DEPTH a walk,
 * PROBE_WORK states expanded in all (a macro-step can be a long atomic
 * sequence), and they stop once PROBE_QUIET walks in a row have met
 * nothing new, so that a small model pays a few hundred steps. */
#include "sym_impl.h"
#include <stdlib.h>
#include <string.h>

#define PROBE_STEPS 20000      /* macro-steps of all the walks, at most */
#define PROBE_WORK 200000      /* states expanded, inside atomic sequences too, at most */
#define PROBE_DEPTH 400        /* macro-steps of one walk, at most */
#define PROBE_QUIET 16         /* walks in a row that met nothing new: enough */

typedef struct Probe {
	Sym *s;
	uint64_t rng;
	int seen;                  /* successors of the state being expanded */
	uint8_t *pick;             /* the one chosen among them (reservoir sampling) */
	int picklen;
	int pmax, kmax;
} Probe;

static uint64_t next_rand(Probe *p)
{
	/* xorshift64* */
	p->rng ^= p->rng >> 12;
	p->rng ^= p->rng << 25;
	p->rng ^= p->rng >> 27;
	return p->rng * 2685821657736338717ULL;
}

static void on_found(void *arg, const ExpandFound *f, const Move *path)
{
	Probe *p = arg;
	(void)path;
	sym_bits_observe(p->s, f->b);
	if (f->b[0] > p->pmax)
		p->pmax = f->b[0];
	if (f->b[1] > p->kmax)
		p->kmax = f->b[1];
	p->seen++;
	if (next_rand(p) % (uint64_t)p->seen == 0) {
		memcpy(p->pick, f->b, (size_t)f->len);
		p->picklen = f->len;
	}
}

/* errors and limits end nothing here: the search meets them itself */
static void on_error(void *arg, const char *msg, const Move *path, int np)
{
	(void)arg, (void)msg, (void)path, (void)np;
}

static int on_stopped(void *arg)
{
	(void)arg;
	return 0;
}

static const ExpandHooks probe_hooks = { on_found, on_error, on_error, on_stopped, NULL };

/* the sum of every role's bits and the cells: "nothing new" is no change */
static long roles_sum(const Sym *s, const Probe *p)
{
	SymLayout l;
	sym_layout_init(&l, s->m, 1, 1);
	long n = p->pmax + p->kmax;
	for (int i = 0; i < l.gbytes; i++)
		n += s->gbits[i];
	for (int i = 0; i < l.pcell; i++)
		n += s->pbits[i];
	for (int i = 0; i < l.kcell; i++)
		n += s->kbits[i];
	return n;
}

static int budget_left(const Expander *x, long steps)
{
	return steps < PROBE_STEPS && steps + (long)x->atomic_steps < PROBE_WORK;
}

int sym_probe(Sym *s, const uint8_t *init, int ilen, int *pmax, int *kmax)
{
	Probe p = { s, 0x9E3779B97F4A7C15ULL, 0, NULL, 0, *pmax, *kmax };
	uint8_t *cur = malloc(MAXSTATE);
	p.pick = malloc(MAXSTATE);
	Expander *x = malloc(sizeof *x);
	if (!cur || !p.pick || !x) {
		free(cur);
		free(p.pick);
		free(x);
		return -1;
	}
	expander_init(x, s->c, &probe_hooks, &p, 0);
	long steps = 0, known = roles_sum(s, &p);
	for (int quiet = 0; quiet < PROBE_QUIET && budget_left(x, steps); ) {
		memcpy(cur, init, (size_t)ilen);
		int len = ilen;
		for (int d = 0; d < PROBE_DEPTH && budget_left(x, steps); d++, steps++) {
			p.seen = 0;
			x->oom = 0;
			expand_state(x, NULL, cur, len, NULL, 0, 0);
			if (!p.seen || x->oom)
				break;
			memcpy(cur, p.pick, (size_t)p.picklen);
			len = p.picklen;
		}
		long now = roles_sum(s, &p);
		quiet = now == known ? quiet + 1 : 0;
		known = now;
	}
	expander_free(x);
	free(x);
	free(cur);
	free(p.pick);
	s->st->probe_steps = steps;
	*pmax = p.pmax < MAXPROC ? p.pmax : MAXPROC;
	*kmax = p.kmax < MAXCHAN ? p.kmax : MAXCHAN;
	return 0;
}
