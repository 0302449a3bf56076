/* next.c — the machinery of the next-state interface (see next.h): the
 * successor buffer, worker contexts, and dispatch down the layer stack. */
#include "next.h"
#include <stdlib.h>
#include <string.h>

void succbuf_clear(SuccBuf *sb)
{
	sb->n = 0;
	sb->used = 0;
	sb->from_atomic = 0;
	sb->oom = 0;
}

void succbuf_free(SuccBuf *sb)
{
	free(sb->v);
	free(sb->arena);
	memset(sb, 0, sizeof *sb);
}

int ns_reserve(uint8_t **buf, size_t *cap, size_t need)
{
	if (need <= *cap)
		return 1;
	size_t nc = *cap ? *cap * 2 : 1 << 16;
	while (nc < need)
		nc *= 2;
	uint8_t *nb = realloc(*buf, nc);
	if (!nb)
		return 0;
	*buf = nb;
	*cap = nc;
	return 1;
}

uint8_t *sb_alloc(SuccBuf *sb, int len)
{
	size_t n = ((size_t)len + 7) & ~(size_t)7;
	if (!ns_reserve(&sb->arena, &sb->acap, sb->used + n)) {
		sb->oom = 1;
		return NULL;
	}
	uint8_t *p = sb->arena + sb->used;
	sb->used += n;
	return p;
}

Succ *sb_push(SuccBuf *sb)
{
	Succ *s = sb_push_raw(sb);
	if (!s)
		return NULL;
	/* everything but the message buffer, which only errors fill */
	memset(s, 0, offsetof(Succ, errmsg));
	s->errmsg[0] = 0;
	s->b = s->aux = NULL;
	return s;
}

Succ *sb_push_raw(SuccBuf *sb)
{
	if (sb->n == sb->cap) {
		int nc = sb->cap ? sb->cap * 2 : 64;
		Succ *nv = realloc(sb->v, sizeof(Succ) * (size_t)nc);
		if (!nv) {
			sb->oom = 1;
			return NULL;
		}
		sb->v = nv;
		sb->cap = nc;
	}
	return &sb->v[sb->n++];
}

/* a copy of `from` whose key and aux are the given bytes */
Succ *sb_copy(SuccBuf *sb, const Succ *from, const uint8_t *key, int len, const uint8_t *aux, int alen)
{
	uint8_t *k = sb_alloc(sb, len);
	uint8_t *a = alen ? sb_alloc(sb, alen) : NULL;
	Succ *d = sb_push(sb);
	if (!k || (alen && !a) || !d)
		return NULL;
	memcpy(d, from, offsetof(Succ, errmsg));
	if (from->err)
		memcpy(d->errmsg, from->errmsg, sizeof d->errmsg);
	/* k and a were taken before any later realloc: recompute */
	d->len = len;
	d->alen = alen;
	d->off = (size_t)(k - sb->arena);
	d->aoff = alen ? (size_t)(a - sb->arena) : 0;
	memcpy(k, key, (size_t)len);
	if (alen)
		memcpy(a, aux, (size_t)alen);
	return d;
}

void sb_finish(SuccBuf *sb)
{
	for (int i = 0; i < sb->n; i++) {
		sb->v[i].b = sb->arena + sb->v[i].off;
		sb->v[i].aux = sb->v[i].alen ? sb->arena + sb->v[i].aoff : NULL;
	}
}

void succ_no_move(Succ *d)
{
	memset(d, 0, sizeof *d);
	d->mv.pid = d->mv.rv_pid = -1;
	d->mv.tid = d->mv.rv_tid = -1;
	d->tmv = d->mv;
	d->atomic_pid = -1;
}

Layer *ns_layer(const Layer *tmpl, void *conf)
{
	Layer *l = xalloc(sizeof *l);
	*l = *tmpl;
	l->conf = conf;
	return l;
}

/* -E (pan -E), and -a on the processes' accept labels (pan checks end
 * states only where a_cycles is off): a state where nothing can move is
 * never an invalid end state.  Under that -a, such a state with a process
 * at an accept label is an acceptance cycle, as in pan ("accept
 * stutter": the run stays there for ever), so it gets itself as its one
 * successor, a move of no process, which the nested search closes. */
static int noends_valid_end(const Layer *l, Ctx *c, const SState *s)
{
	(void)l; (void)c; (void)s;
	return 1;
}

static int noends_next_all(const Layer *l, Ctx *c, const SState *s, SuccBuf *out)
{
	int n = ns_below_next_all(l, c, s, out);
	if (n || out->oom || !l->conf || !ns_below_accepting(l, c, s))
		return n;
	Succ st;
	succ_no_move(&st);
	sb_copy(out, &st, s->b, s->len, s->aux, s->alen);
	sb_finish(out);
	return out->n;
}

static const Layer NOENDS_LAYER = { .name = "noends", .valid_end = noends_valid_end, .next_all = noends_next_all };

Layer *layer_noends(int stutter)
{
	/* conf: non-NULL for the stutter */
	static const int on = 1;
	return ns_layer(&NOENDS_LAYER, stutter ? (void *)&on : NULL);
}

Layer *ns_push(Layer *l, Layer *below)
{
	l->below = below;
	l->slot = below ? below->slot + 1 : 0;
	return l;
}

Ctx *ns_ctx_new(const Layer *top, VM *vm)
{
	Ctx *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->vm = vm;
	c->top = top;
	c->choice = NS_FULL;
	c->force = NS_DECIDE;
	for (const Layer *l = top; l; l = l->below) {
		if (l->slot >= NS_MAXLAYERS || !l->work_new)
			continue;
		c->work[l->slot] = l->work_new(l, c);
		if (!c->work[l->slot]) {
			ns_ctx_free(c);
			return NULL;
		}
	}
	return c;
}

void ns_ctx_free(Ctx *c)
{
	if (!c)
		return;
	for (const Layer *l = c->top; l; l = l->below)
		if (l->slot < NS_MAXLAYERS && l->work_free && c->work[l->slot])
			l->work_free(l, c->work[l->slot]);
	free(c);
}

/* the first layer from l down that has op (the bottom layer has them all
 * but safe_group, valid_end and accepting have defaults below) */
#define FIND(l, op) while ((l) && !(l)->op) (l) = (l)->below

int ns_below_initial(const Layer *l, Ctx *c, SuccBuf *out)
{
	l = l->below;
	FIND(l, initial);
	return l->initial(l, c, out);
}

int ns_below_next_all(const Layer *l, Ctx *c, const SState *s, SuccBuf *out)
{
	l = l->below;
	FIND(l, next_all);
	return l->next_all(l, c, s, out);
}

int ns_below_next_proc(const Layer *l, Ctx *c, const SState *s, int pid, SuccBuf *out)
{
	l = l->below;
	FIND(l, next_proc);
	return l->next_proc(l, c, s, pid, out);
}

/* nothing below objects: a layer that observes a process says so */
int ns_below_safe_group(const Layer *l, Ctx *c, const SState *s, int pid)
{
	l = l->below;
	FIND(l, safe_group);
	return l ? l->safe_group(l, c, s, pid) : 1;
}

int ns_below_valid_end(const Layer *l, Ctx *c, const SState *s)
{
	l = l->below;
	FIND(l, valid_end);
	return l ? l->valid_end(l, c, s) : 1;
}

int ns_below_accepting(const Layer *l, Ctx *c, const SState *s)
{
	l = l->below;
	FIND(l, accepting);
	return l ? l->accepting(l, c, s) : 0;
}

/* the top layer's ops */
int ns_initial(Ctx *c, SuccBuf *out)
{
	const Layer *l = c->top;
	FIND(l, initial);
	return l->initial(l, c, out);
}

int ns_next_all(Ctx *c, const SState *s, SuccBuf *out)
{
	const Layer *l = c->top;
	FIND(l, next_all);
	return l->next_all(l, c, s, out);
}

int ns_safe_group(Ctx *c, const SState *s, int pid)
{
	const Layer *l = c->top;
	FIND(l, safe_group);
	return l ? l->safe_group(l, c, s, pid) : 1;
}

int ns_safe_scope(Ctx *c, const Code *code, int pc)
{
	int r = NS_SAFE_ALWAYS;
	for (const Layer *l = c->top; l; l = l->below) {
		int here = l->safe_scope ? l->safe_scope(l, c, code, pc) : l->safe_group ? NS_SAFE_STATE : NS_SAFE_ALWAYS;
		if (here == NS_SAFE_NEVER)
			return NS_SAFE_NEVER;
		if (here == NS_SAFE_STATE)
			r = NS_SAFE_STATE;
	}
	return r;
}

int ns_valid_end(Ctx *c, const SState *s)
{
	const Layer *l = c->top;
	FIND(l, valid_end);
	return l ? l->valid_end(l, c, s) : 1;
}

int ns_accepting(Ctx *c, const SState *s)
{
	const Layer *l = c->top;
	FIND(l, accepting);
	return l ? l->accepting(l, c, s) : 0;
}
