/* expand.c — the one expansion step of the level-by-level searches
 * (search/expand.h says what it does and who uses it). */
#include "expand.h"
#include "grow.h"
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void expander_init(Expander *x, Ctx *c, const ExpandHooks *hooks, void *arg, long max_depth)
{
	memset(x, 0, sizeof *x);
	x->c = c;
	x->hooks = hooks;
	x->arg = arg;
	x->max_depth = max_depth;
}

void expander_free(Expander *x)
{
	for (int i = 0; i < x->nsbs; i++)
		succbuf_free(&x->sbs[i]);
	free(x->sbs);
	free(x->hbuf);
	x->sbs = NULL;
	x->nsbs = 0;
	x->hbuf = NULL;
	x->hcap = x->hused = 0;
}

/* the successors of level `level`: the caller's top buffer at level 0 */
static SuccBuf *level_buf(Expander *x, SuccBuf *top, int level)
{
	return level == 0 && top ? top : &x->sbs[level];
}

/* expand s (reached with atomic_pid apid; level > 0: inside the chain),
 * its successors into level_buf(level), which exists */
static void step(Expander *x, SuccBuf *top, const uint8_t *s, int len, const uint8_t *aux, int alen, int apid, int np, uint32_t depth, int level)
{
	const ExpandHooks *hk = x->hooks;
	assert(((level == 0 && top) || level < x->nsbs) && np == level && np <= EXPAND_MAXCHAIN);
	SuccBuf *sb = level_buf(x, top, level);
	SState ss = { s, len, aux, alen, apid };
	int n = ns_next_all(x->c, &ss, sb);
	if (sb->oom) {
		x->oom = 1;
		return;
	}
	if (level > 0 && !sb->from_atomic) {
		/* atomicity lost (or never held): this is a state to store */
		ExpandFound f = { s, len, aux, alen, state_hash(s, len), depth, np, -1 };
		hk->store(x->arg, &f, x->path);
		return;
	}
	if (level > 0) {
		/* an atomic sequence that loops without leaving: stop at the
		 * repeated state, as the depth-first search does */
		for (int k = 1; k < level; k++)
			if (x->chainlen[k] == len && !memcmp(x->chain[k], s, (size_t)len)) {
				x->matched++;
				return;
			}
		x->chain[level] = s;
		x->chainlen[level] = len;
		x->atomic_steps++;
	}
	if (x->max_depth && (long)depth >= x->max_depth) {
		if (n)
			x->depth_cut = 1;
		return;
	}
	if (n == 0 && !ns_valid_end(x->c, &ss))
		hk->error(x->arg, "invalid end state", x->path, np);
	/* The hashes of the successors to store first, each one's bucket
	 * asked for (the prefetch hook) while the rest are hashed, so that
	 * the store's look-up does not wait for memory (bench/RESULTS.md,
	 * "The figures behind the code").  hbuf is a stack: the chains below put theirs
	 * above these. */
	size_t hb = x->hused;
	if (grow_to((void **)&x->hbuf, &x->hcap, hb + (size_t)n, sizeof(uint64_t), 1024) < 0) {
		x->oom = 1;
		return;
	}
	x->hused = hb + (size_t)n;
	for (int i = 0; i < n; i++) {
		const Succ *c = &sb->v[i];
		if (c->atomic_pid >= 0 || c->err == ERR_BOUND || c->err == ERR_RUNTIME)
			continue;
		uint64_t h = state_hash(c->b, c->len);
		x->hbuf[hb + (size_t)i] = h;
		if (hk->prefetch)
			hk->prefetch(x->arg, h, c->len);
	}
	for (int i = 0; i < n && !x->oom && !hk->stopped(x->arg); i++) {
		const Succ *c = &level_buf(x, top, level)->v[i];   /* a deeper level may have moved x->sbs */
		if (np >= EXPAND_MAXCHAIN) {
			/* a limit of these searches, not the model's error: SPIN
			 * and the depth-first search follow the sequence on (a
			 * sequence that loops comes back to a state and stopped
			 * above), so the search is incomplete, not failed */
			char msg[160];
			snprintf(msg, sizeof msg, EXPAND_CHAIN_BOUND "%d moves (the limit of -bfs, -cores, -dist and -symbolic; the depth-first search has none)", EXPAND_MAXCHAIN);
			hk->bound(x->arg, msg, x->path, np);
			break;
		}
		x->path[np] = c->tmv;
		if (c->err == ERR_BOUND) {
			hk->bound(x->arg, c->errmsg, x->path, np + 1);
			continue;
		}
		if (c->err) {
			hk->error(x->arg, c->errmsg, x->path, np + 1);
			if (c->err == ERR_RUNTIME)
				continue;
		}
		uint32_t d = depth + 1 + (c->mv.rv_pid >= 0);
		if (c->atomic_pid >= 0) {
			if (!succbuf_level(&x->sbs, &x->nsbs, level + 1)) {
				x->oom = 1;
				break;
			}
			c = &level_buf(x, top, level)->v[i];
			step(x, top, c->b, c->len, c->aux, c->alen, c->atomic_pid, np + 1, d, level + 1);
		} else {
			ExpandFound f = { c->b, c->len, c->aux, c->alen, x->hbuf[hb + (size_t)i], d, np + 1, level ? -1 : i };
			hk->store(x->arg, &f, x->path);
		}
	}
	x->hused = hb;
}

void expand_state(Expander *x, SuccBuf *top, const uint8_t *b, int len, const uint8_t *aux, int alen, uint32_t depth)
{
	if (!top && !succbuf_level(&x->sbs, &x->nsbs, 0)) {
		x->oom = 1;
		return;
	}
	step(x, top, b, len, aux, alen, -1, 0, depth, 0);
}

SuccBuf *succbuf_level(SuccBuf **sbs, int *nsbs, int level)
{
	if (level >= *nsbs) {
		int n = level + 8;
		SuccBuf *nb = realloc(*sbs, sizeof(SuccBuf) * (size_t)n);
		if (!nb)
			return NULL;
		memset(nb + *nsbs, 0, sizeof(SuccBuf) * (size_t)(n - *nsbs));
		*sbs = nb;
		*nsbs = n;
	}
	return &(*sbs)[level];
}
