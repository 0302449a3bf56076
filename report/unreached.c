/* unreached.c — SPIN's "unreached in proctype" report: the locations of
 * each proctype and function that no process was found at.
 *
 * The bottom layer marks every transition it generates a successor
 * through (vm/next.h, Reached).  A location is reached when a marked
 * transition leads to it, or when it is the entry of a proctype that
 * has an instance: active ones and init at the start, and every proctype
 * a marked transition creates (`run`, in the transition's access set with
 * the creations nested in initialisers, lang/access.h); a function's
 * entry when a marked transition calls it.  Marking at generation, below
 * the reductions, makes a marked statement one that a reachable state can
 * execute, even when partial-order reduction then explored another
 * process's move instead; pan marks what its reduced search executed.
 * What is reported can still be reachable when a reduction (or -m) cut
 * the search short of it, as in pan.  d_step bodies are one transition
 * and have no locations of their own in the report; the never claim is
 * not reported. */
#include "unreached.h"
#include "report.h"
#include "../lang/access.h"
#include <stdlib.h>
#include <string.h>

static void reach_entry(unsigned char *loc, const Proctype *pt)
{
	if (pt && pt->code && pt->code->nlocs > 0)
		loc[pt->code->locs[pt->code->entry].gid] = 1;
}

/* loc[gid] = 1 for every location some process was at */
static unsigned char *reached_locs(const VM *vm, const Reached *r)
{
	const Program *p = vm->prog;
	const Model *m = vm->m;
	unsigned char *loc = calloc((size_t)p->nlocs + 1, 1);
	if (!loc)
		return NULL;
	for (int i = 0; i < m->nptypes; i++) {
		const Proctype *pt = m->ptypes[i];
		if (pt->active > 0 || pt->active_expr || pt->is_init)
			reach_entry(loc, pt);
	}
	for (int t = 0; t < p->ntrans; t++) {
		if (!atomic_load_explicit(&r[t], memory_order_relaxed))
			continue;
		const Trans *tr = p->trans[t];
		const Code *k = tr->owner ? tr->owner->code : NULL;
		if (k && tr->to >= 0 && tr->to < k->nlocs)
			loc[k->locs[tr->to].gid] = 1;
		const Access *a = p->access ? p->access->trans[t] : NULL;
		for (int i = 0; a && i < a->n; i++)
			if (a->v[i].kind == A_RUN || a->v[i].kind == A_CALL)
				reach_entry(loc, a->v[i].obj);
	}
	return loc;
}

/* the codes reported, in source order: proctypes, then functions */
static int ncodes(const Model *m)
{
	return m->nptypes + m->nfuncs;
}

static const Proctype *code_at(const Model *m, int i)
{
	const Proctype *pt = i < m->nptypes ? m->ptypes[i] : m->funcs[i - m->nptypes];
	return pt->is_never || !pt->code ? NULL : pt;
}

/* A location counts if a process can be at it: the entry, or the target
 * of some transition of its code (the compiler leaves a few locations
 * that no transition leads to, such as an option's first statement when
 * the option's guard is a transition of the loop's location). */
static unsigned char *real_locs(const Code *k)
{
	unsigned char *in = calloc((size_t)k->nlocs + 1, 1);
	if (!in)
		return NULL;
	in[k->entry] = 1;
	in[k->endloc] = 1;      /* "-end-" unreached: it never finishes */
	for (int l = 0; l < k->nlocs; l++)
		for (int i = 0; i < k->locs[l].nt; i++) {
			int to = k->locs[l].t[i]->to;
			if (to >= 0 && to < k->nlocs)
				in[to] = 1;
		}
	return in;
}

static const char *loc_text(const Code *k, int l)
{
	if (l == k->endloc)
		return "-end-";
	return k->locs[l].nt ? vm_trans_text(k->locs[l].t[0]) : "-";
}

/* where the location's statement stands, as pan gives it: "-end-" at
 * the closing brace */
static Pos loc_pos(const Proctype *pt, int l)
{
	const Code *k = pt->code;
	const Loc *loc = &k->locs[l];
	if (l == k->endloc && pt->end_pos.line)
		return pt->end_pos;
	if (l != k->endloc && loc->nt && loc->t[0]->st && loc->t[0]->st->pos.line)
		return loc->t[0]->st->pos;
	return loc->pos;
}

static const char *pos_file(const VM *vm, Pos p)
{
	return p.file ? p.file : vm->m->file ? vm->m->file : "?";
}

/* What a report does with the walk: each reported code, before and
 * after its unreached locations (NULL: nothing), and each location. */
typedef struct Out {
	const VM *vm;
	FILE *f;
	int n;                  /* locations reported so far */
	void (*begin)(struct Out *o, const Proctype *pt);
	void (*at)(struct Out *o, const Proctype *pt, int l);
	void (*end)(struct Out *o, const Proctype *pt, int unreached, int real);
} Out;

/* every location of every reported code that no process was at, in
 * source order; -1 out of memory */
static int walk(const Reached *r, Out *o)
{
	unsigned char *loc = reached_locs(o->vm, r);
	if (!loc)
		return -1;
	const Model *m = o->vm->m;
	for (int i = 0; i < ncodes(m); i++) {
		const Proctype *pt = code_at(m, i);
		if (!pt)
			continue;
		const Code *k = pt->code;
		unsigned char *in = real_locs(k);
		if (!in)
			break;
		int n = 0, all = 0;
		if (o->begin)
			o->begin(o, pt);
		for (int l = 0; l < k->nlocs; l++) {
			all += in[l];
			if (!in[l] || loc[k->locs[l].gid])
				continue;
			n++;
			o->at(o, pt, l);
			o->n++;
		}
		if (o->end)
			o->end(o, pt, n, all);
		free(in);
	}
	free(loc);
	return 0;
}

static void text_begin(Out *o, const Proctype *pt)
{
	if (pt->is_init)
		fprintf(o->f, "unreached in init\n");
	else
		fprintf(o->f, "unreached in %s %s\n", pt->is_func ? "function" : "proctype", pt->name);
}

static void text_at(Out *o, const Proctype *pt, int l)
{
	Pos p = loc_pos(pt, l);
	fprintf(o->f, "\t%s:%d, state %d, \"%s\"\n", pos_file(o->vm, p), p.line, l, loc_text(pt->code, l));
}

static void text_end(Out *o, const Proctype *pt, int unreached, int real)
{
	(void)pt;
	fprintf(o->f, "\t(%d of %d states)\n", unreached, real);
}

int unreached_print(const VM *vm, const Reached *r, FILE *f)
{
	Out o = { vm, f, 0, text_begin, text_at, text_end };
	return walk(r, &o);
}

static void json_at(Out *o, const Proctype *pt, int l)
{
	FILE *f = o->f;
	fprintf(f, "%s{\"%s\":", o->n ? "," : "[", pt->is_func ? "function" : "proctype");
	json_text(f, pt->is_init ? "init" : pt->name);
	Pos p = loc_pos(pt, l);
	fprintf(f, ",\"file\":");
	json_text(f, pos_file(o->vm, p));
	fprintf(f, ",\"line\":%d,\"state\":%d,\"statement\":", p.line, l);
	json_text(f, loc_text(pt->code, l));
	fputc('}', f);
}

int unreached_json(const VM *vm, const Reached *r, FILE *f)
{
	/* the bracket opens at the first entry: on -1 nothing is written */
	Out o = { vm, f, 0, NULL, json_at, NULL };
	if (walk(r, &o) < 0)
		return -1;
	fputs(o.n ? "]" : "[]", f);
	return 0;
}
