/* sym_probe.c — the symbolic search's first guess at its significant
 * bits, from random walks of the explicit next-state function (issue 39,
 * item 1: "growth when a successor does not fit").
 *
 * Every role's significant bits (sym_vars.c) grow when a learned
 * successor does not fit, and each growth is a run again from the
 * initial state: on leader_all(5) under -por=improviso, the growths that
 * came after the attach order were a quarter of the time
 * (bench/RESULTS.md).  Before the first run, a few random walks of the
 * same macro-steps the search learns (search/expand.c: an atomic sequence
 * is one step) note the values of every role they meet, so that the bits
 * start where the walks have been.
 *
 * Only the start changes: a value the walks missed still grows the bits
 * as before, and a value they met is one a reachable state holds, so at
 * worst a byte starts with bits a search that stops early (-m, the first
 * error) or a reduced one never sets: a few nodes, no state, and at most
 * 8 bits a role.  The cells are not taken from the walks: a cell is
 * variables over the whole width (sym.c, proc_cubes), and a walk that
 * goes where the search never does (past its first error) made a
 * 252-process layout of a model whose error is met with 2 (a review's
 * model); cells grow early and cheaply as they did.  The walks are
 * deterministic (a fixed seed) but for a time bound, and bounded:
 * PROBE_STEPS macro-steps in all, PROBE_DEPTH a walk (and no deeper than
 * -m), PROBE_WORK states expanded (a macro-step can be a long atomic
 * sequence), PROBE_SECONDS (one d_step can be a long computation), and
 * they stop once PROBE_QUIET walks in a row have met nothing new, so that
 * a small model pays a few hundred steps.  The unreached-code marks the
 * walks make are put back: the report is the search's. */
#include "sym_impl.h"
#include <stdlib.h>
#include <string.h>

#define PROBE_STEPS 20000      /* macro-steps of all the walks, at most */
#define PROBE_WORK 200000      /* states expanded, inside atomic sequences too, at most */
#define PROBE_DEPTH 400        /* macro-steps of one walk, at most */
#define PROBE_QUIET 16         /* walks in a row that met nothing new: enough */
#define PROBE_SECONDS 0.5      /* wall-clock seconds of walks, at most */

typedef struct Probe {
	Sym *s;
	uint64_t rng;
	int seen;                  /* successors of the state being expanded */
	uint8_t *pick;             /* the one chosen among them (reservoir sampling) */
	int picklen;
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

/* the sum of every role's bits: "nothing new" is no change */
static long roles_sum(const Sym *s)
{
	SymLayout l;
	sym_layout_init(&l, s->m, 1, 1);
	long n = 0;
	for (int i = 0; i < l.gbytes; i++)
		n += s->gbits[i];
	for (int i = 0; i < l.pcell; i++)
		n += s->pbits[i];
	for (int i = 0; i < l.kcell; i++)
		n += s->kbits[i];
	return n;
}

static int budget_left(const Expander *x, long steps, double t0)
{
	return steps < PROBE_STEPS && steps + (long)x->atomic_steps < PROBE_WORK &&
	       search_now() - t0 < PROBE_SECONDS;
}

int sym_probe(Sym *s, const uint8_t *init, int ilen)
{
	Probe p = { s, 0x9E3779B97F4A7C15ULL, 0, NULL, 0 };
	const SearchOpts *o = s->o;
	uint8_t *cur = malloc(MAXSTATE);
	p.pick = malloc(MAXSTATE);
	Expander *x = malloc(sizeof *x);
	size_t nr = o->reached ? o->nreached : 0;
	unsigned char *marks = nr ? malloc(nr) : NULL;
	if (!cur || !p.pick || !x || (nr && !marks)) {
		free(cur);
		free(p.pick);
		free(x);
		free(marks);
		return -1;
	}
	for (size_t i = 0; i < nr; i++)
		marks[i] = atomic_load_explicit(&o->reached[i], memory_order_relaxed);
	expander_init(x, s->c, &probe_hooks, &p, 0);
	int depth = o->max_depth && o->max_depth < PROBE_DEPTH ? (int)o->max_depth : PROBE_DEPTH;
	double t0 = search_now();
	long steps = 0, known = roles_sum(s);
	for (int quiet = 0; quiet < PROBE_QUIET && budget_left(x, steps, t0); ) {
		memcpy(cur, init, (size_t)ilen);
		int len = ilen;
		for (int d = 0; d < depth && budget_left(x, steps, t0); d++, steps++) {
			p.seen = 0;
			x->oom = 0;
			expand_state(x, NULL, cur, len, NULL, 0, 0);
			if (!p.seen || x->oom)
				break;
			memcpy(cur, p.pick, (size_t)p.picklen);
			len = p.picklen;
		}
		long now = roles_sum(s);
		quiet = now == known ? quiet + 1 : 0;
		known = now;
	}
	expander_free(x);
	free(x);
	free(cur);
	free(p.pick);
	for (size_t i = 0; i < nr; i++)
		atomic_store_explicit(&o->reached[i], marks[i], memory_order_relaxed);
	free(marks);
	s->st->probe_steps = steps;
	return 0;
}
