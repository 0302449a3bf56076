/* compile.c — proctype bodies to control-flow graphs (see code.h).
 *
 * Built backwards: compiling a statement takes the location that follows it
 * and returns its entry location.  if/do locations take copies of the first
 * transitions of their options, so an option that starts with another if
 * is flattened exactly as SPIN does.  atomic blocks tag their locations and
 * transitions with a block id; unless adds the escape's first transitions to
 * every location of the guarded block, with priority.
 */
#include "code.h"
#include "access.h"
#include "lexer.h"
#include <string.h>
#include <stdio.h>

typedef struct Label { const char *name; int loc; Pos pos; int outside_atomic; } Label;
typedef struct Esc { Trans **t; int nt; int prio; struct Esc *up; } Esc;

typedef struct C {
	Program *prog;
	Proctype *pt;
	Code *code;
	Label *labels; int nlabels;
	int *breaks; int nbreaks;
	int atomic_id;
	Esc *esc;
	int esc_depth;
	int *pending; int npending;  /* jump locations waiting for their label */
	const char **pending_lbl;
} C;

static int next_atomic_id;

static int newloc(C *c, Pos pos)
{
	Code *k = c->code;
	k->locs = xgrow(k->locs, k->nlocs + 1, sizeof(Loc));
	Loc *l = &k->locs[k->nlocs];
	memset(l, 0, sizeof *l);
	l->pos = pos;
	l->atomic_id = c->atomic_id;
	for (Esc *e = c->esc; e; e = e->up)
		for (int i = 0; i < e->nt; i++) { PUSH(l->t, l->nt, e->t[i]); l->has_escape = 1; }
	return k->nlocs++;
}

static Trans *newtrans(C *c, Stmt *s, int from, int to)
{
	Trans *t = NEW(Trans);
	t->st = s; t->from = from; t->to = to;
	t->ptype = c->pt->index;
	t->owner = c->pt;
	t->atomic_id = c->atomic_id;
	t->is_else = s && s->k == S_ELSE;
	t->id = c->prog->ntrans;
	PUSH(c->prog->trans, c->prog->ntrans, t);
	return t;
}

/* Add a normal transition; escapes already on the location stay in front. */
static void addtrans(C *c, int loc, Trans *t)
{
	Loc *l = &c->code->locs[loc];
	PUSH(l->t, l->nt, t);
}

static int comp(C *c, Stmt *s, int next);

static int comp_list(C *c, Stmt **body, int n, int next)
{
	for (int i = n - 1; i >= 0; i--) next = comp(c, body[i], next);
	return next;
}

static Stmt *synth(StmtKind k, Pos pos, const char *text)
{
	Stmt *s = NEW(Stmt); s->k = k; s->pos = pos; s->text = text; return s;
}
static Expr *synth_const(int v, Pos pos) { Expr *e = NEW(Expr); e->k = E_CONST; e->val = v; e->pos = pos; e->type = TY_INT; return e; }
static Expr *synth_bin(int op, Expr *a, Expr *b, Pos pos) { Expr *e = NEW(Expr); e->k = E_BIN; e->op = op; e->a = a; e->b = b; e->pos = pos; e->type = TY_INT; return e; }

/* copy the normal (non-escape) first transitions of option entry e into loc */
static void copy_first(C *c, int loc, int e)
{
	Loc *el = &c->code->locs[e];
	for (int i = 0; i < el->nt; i++)
		if (!el->t[i]->escape) addtrans(c, loc, el->t[i]);
}

static int comp_options(C *c, Stmt *s, int loc, int next)
{
	for (int i = 0; i < s->nopts; i++) {
		int e = comp_list(c, s->opts[i], s->optlen[i], next);
		if (e == next && s->optlen[i] == 0) continue;
		if (e == next || e == loc) {
			/* an option with no statement of its own (e.g. only a declaration) */
			Stmt *sk = synth(S_EXPR, s->pos, "(1)"); sk->rhs = synth_const(1, s->pos);
			e = newloc(c, s->pos);
			addtrans(c, e, newtrans(c, sk, e, next));
		}
		copy_first(c, loc, e);
	}
	/* else must be unique and is tried last */
	int nelse = 0;
	Loc *l = &c->code->locs[loc];
	for (int i = 0; i < l->nt; i++) if (l->t[i]->is_else && !l->t[i]->escape) nelse++;
	if (nelse > 1) diag_error(s->pos, "more than one 'else' in one if/do");
	return loc;
}

static int jump(C *c, Stmt *s, int target, const char *label)
{
	int j = newloc(c, s->pos);
	c->code->locs[j].is_jump = 1;
	Trans *t = newtrans(c, s, j, target);
	t->is_goto = 1;
	addtrans(c, j, t);
	if (label) {
		c->pending = xgrow(c->pending, c->npending + 1, sizeof(int));
		c->pending_lbl = xgrow(c->pending_lbl, c->npending + 1, sizeof(char *));
		c->pending_lbl[c->npending] = label;
		c->pending[c->npending++] = j;
	}
	return j;
}

static void comp_dstep(C *c, Stmt *s, Trans *t);

static int comp(C *c, Stmt *s, int next)
{
	if (!s) return next;
	switch (s->k) {
	case S_SEQ: {
		int e = comp_list(c, s->body, s->nbody, next);
		/* SPIN gives a { } block that opens with an if/do an entry state of
		 * its own, distinct from the if/do's loop head */
		if (s->is_block && e != next && c->code->locs[e].is_branch) {
			int l = newloc(c, s->pos);
			c->code->locs[l].is_branch = 1;
			copy_first(c, l, e);
			return l;
		}
		return e;
	}
	case S_EXPR: case S_ASSIGN: case S_INCR: case S_DECR: case S_SEND: case S_RECV:
	case S_PRINTF: case S_PRINTM: case S_ASSERT: case S_ELSE: case S_SKIP:
	case S_CALL: case S_RETURN: {
		int l = newloc(c, s->pos);
		addtrans(c, l, newtrans(c, s, l, next));
		return l;
	}
	case S_GOTO: return jump(c, s, -1, s->label);
	case S_BREAK:
		if (!c->nbreaks) { diag_error(s->pos, "'break' outside a do loop"); return next; }
		return jump(c, s, c->breaks[c->nbreaks - 1], NULL);
	case S_IF: {
		int l = newloc(c, s->pos);
		c->code->locs[l].is_branch = 1;
		return comp_options(c, s, l, next);
	}
	case S_DO: {
		int l = newloc(c, s->pos);
		c->code->locs[l].is_branch = 1;
		c->breaks = xgrow(c->breaks, c->nbreaks + 1, sizeof(int));
		c->breaks[c->nbreaks++] = next;
		comp_options(c, s, l, l);
		c->nbreaks--;
		return l;
	}
	case S_ATOMIC: {
		int save = c->atomic_id;
		if (!save) c->atomic_id = ++next_atomic_id;
		int e = comp_list(c, s->body, s->nbody, next);
		c->atomic_id = save;
		if (e != next && !save) c->code->locs[e].atomic_entry = 1;
		/* a goto that opens an atomic is a step of its own (SPIN) */
		if (e != next && c->code->locs[e].is_jump) c->code->locs[e].is_jump = 0;
		return e;
	}
	case S_DSTEP: {
		int l = newloc(c, s->pos);
		Trans *t = newtrans(c, s, l, next);
		addtrans(c, l, t);
		comp_dstep(c, s, t);
		return l;
	}
	case S_UNLESS: {
		/* the braces of `{ ... } unless { ... }` belong to the unless, they
		 * are not blocks of their own (SPIN gives them no entry state) */
		if (s->sub && s->sub->k == S_SEQ) s->sub->is_block = 0;
		if (s->esc && s->esc->k == S_SEQ) s->esc->is_block = 0;
		int e = comp(c, s->esc, next);
		Esc *es = NEW(Esc);
		Loc *el = &c->code->locs[e];
		c->esc_depth++;
		es->prio = 255 - c->esc_depth;   /* outer escapes take precedence */
		for (int i = 0; i < el->nt; i++) {
			if (el->t[i]->escape) continue;
			Trans *t = NEW(Trans);
			*t = *el->t[i];
			t->escape = (unsigned char)es->prio;
			t->id = c->prog->ntrans;
			PUSH(c->prog->trans, c->prog->ntrans, t);
			PUSH(es->t, es->nt, t);
		}
		es->up = c->esc;
		c->esc = es;
		int b = comp(c, s->sub, next);
		c->esc = es->up;
		c->esc_depth--;
		return b;
	}
	case S_LABEL: {
		int e = comp(c, s->sub, next);
		if (e == next) {
			/* a label on nothing: give it a location of its own */
			Stmt *sk = synth(S_EXPR, s->pos, "(1)"); sk->rhs = synth_const(1, s->pos);
			e = newloc(c, s->pos);
			addtrans(c, e, newtrans(c, sk, e, next));
		}
		for (int i = 0; i < c->nlabels; i++)
			if (!strcmp(c->labels[i].name, s->label)) diag_error(s->pos, "label '%s' defined twice", s->label);
		c->labels = xgrow(c->labels, c->nlabels + 1, sizeof(Label));
		c->labels[c->nlabels].name = s->label; c->labels[c->nlabels].loc = e; c->labels[c->nlabels].pos = s->pos;
		/* `L: atomic { ... goto L }`: the label is outside the atomic, so a
		 * jump to it ends the sequence (SPIN) */
		c->labels[c->nlabels].outside_atomic = s->sub && s->sub->k == S_ATOMIC && !c->atomic_id;
		c->nlabels++;
		Loc *l = &c->code->locs[e];
		if (l->is_jump && (!strncmp(s->label, "end", 3) || !strncmp(s->label, "progress", 8) || !strncmp(s->label, "accept", 6)))
			l->is_jump = 0;   /* SPIN keeps a labelled `progress: goto T` as a step */
		if (!l->label) l->label = s->label;
		if (!strncmp(s->label, "end", 3)) l->end = 1;
		if (!strncmp(s->label, "progress", 8)) l->progress = 1;
		if (!strncmp(s->label, "accept", 6)) l->accept = 1;
		return e;
	}
	case S_FOR: {
		/* i = lo; do :: i <= hi -> body; i++ :: else -> break od  (SPIN's expansion) */
		Expr *i = s->lhs, *hi = s->hi, *lo = s->lo;
		if (!s->hi) {
			lo = synth_const(0, s->pos);
			hi = synth_const(s->lo->var->arrlen ? s->lo->var->arrlen - 1 : 0, s->pos);
		}
		Stmt *init = synth(S_ASSIGN, s->pos, "for-init"); init->lhs = i; init->rhs = lo;
		Stmt *guard = synth(S_EXPR, s->pos, "for-test"); guard->rhs = synth_bin(T_LE, i, hi, s->pos);
		Stmt *inc = synth(S_INCR, s->pos, "for-incr"); inc->lhs = i;
		Stmt *els = synth(S_ELSE, s->pos, "else");
		Stmt *brk = synth(S_BREAK, s->pos, "break");
		Stmt *d = synth(S_DO, s->pos, "do");
		d->nopts = 2;
		d->opts = xalloc(2 * sizeof(Stmt **)); d->optlen = xalloc(2 * sizeof(int));
		Stmt **o1 = xalloc(3 * sizeof(Stmt *)); o1[0] = guard; o1[1] = s->sub; o1[2] = inc;
		Stmt **o2 = xalloc(2 * sizeof(Stmt *)); o2[0] = els; o2[1] = brk;
		d->opts[0] = o1; d->optlen[0] = 3; d->opts[1] = o2; d->optlen[1] = 2;
		int e = comp(c, d, next);
		return comp(c, init, e);
	}
	case S_SELECT: {
		/* one nondeterministic step choosing a value in lo..hi */
		int l = newloc(c, s->pos);
		Trans *t = newtrans(c, s, l, next);
		addtrans(c, l, t);
		return l;
	}
	case S_DECL: return next;
	}
	return next;
}

static void resolve_jumps(C *c, Code *k)
{
	for (int i = 0; i < c->npending; i++) {
		int loc = -1, outside = 0;
		for (int j = 0; j < c->nlabels; j++)
			if (!strcmp(c->labels[j].name, c->pending_lbl[i])) { loc = c->labels[j].loc; outside = c->labels[j].outside_atomic; }
		Trans *t = k->locs[c->pending[i]].t[k->locs[c->pending[i]].nt - 1];
		if (outside) k->locs[c->pending[i]].ends_atomic = 1;
		if (loc < 0) { diag_error(t->st->pos, "goto to undefined label '%s'", c->pending_lbl[i]); loc = k->endloc >= 0 ? k->endloc : 0; }
		t->to = loc;
	}
	/* thread transitions through pure jump locations */
	for (int i = 0; i < k->nlocs; i++) {
		Loc *l = &k->locs[i];
		for (int j = 0; j < l->nt; j++) {
			Trans *t = l->t[j];
			int hops = 0;
			while (t->to >= 0 && k->locs[t->to].is_jump && hops++ <= k->nlocs) {
				Loc *jl = &k->locs[t->to];
				if (jl->ends_atomic) t->no_atomic = 1;
				Trans *g = jl->t[jl->nt - 1];
				if (g->to == t->to) break;
				t->to = g->to;
			}
		}
	}
	/* atomic continuation: the target lies in the same atomic block */
	for (int i = 0; i < k->nlocs; i++) {
		Loc *l = &k->locs[i];
		for (int j = 0; j < l->nt; j++) {
			Trans *t = l->t[j];
			/* the process keeps control when the step stays in its atomic
			 * block, or jumps into the middle (not the start) of another */
			const Loc *tl = t->to >= 0 ? &k->locs[t->to] : NULL;
			t->atomic = t->atomic_id && tl && tl->atomic_id && !t->no_atomic &&
				    (tl->atomic_id == t->atomic_id || !tl->atomic_entry);
			if (l->ends_atomic && t->is_goto) t->atomic = 0;
		}
	}
}

static void comp_dstep(C *c, Stmt *s, Trans *t)
{
	Code *save = c->code;
	int save_atomic = c->atomic_id;
	Esc *save_esc = c->esc;
	Label *sl = c->labels; int snl = c->nlabels;
	int *sp = c->pending; const char **spl = c->pending_lbl; int snp = c->npending;
	int nb = c->nbreaks;
	c->labels = NULL; c->nlabels = 0; c->pending = NULL; c->pending_lbl = NULL; c->npending = 0;
	c->nbreaks = 0;
	c->esc = NULL;
	Code *k = NEW(Code);
	c->code = k;
	c->atomic_id = 0;
	k->exitloc = newloc(c, s->pos);
	k->endloc = k->exitloc;
	k->entry = comp_list(c, s->body, s->nbody, k->exitloc);
	resolve_jumps(c, k);
	t->dstep = k;
	c->code = save; c->atomic_id = save_atomic; c->esc = save_esc;
	c->labels = sl; c->nlabels = snl; c->pending = sp; c->pending_lbl = spl; c->npending = snp;
	c->nbreaks = nb;
}

static void compile_proc(Program *prog, Proctype *pt)
{
	C c; memset(&c, 0, sizeof c);
	c.prog = prog; c.pt = pt;
	Code *k = NEW(Code);
	c.code = k;
	k->endloc = newloc(&c, pt->body ? pt->body->pos : pt->pos);
	k->exitloc = -1;
	if (pt->is_func) {
		/* falling off the end of a function returns (no value): a step */
		Stmt *r = NEW(Stmt);
		r->k = S_RETURN; r->pos = k->locs[k->endloc].pos; r->text = "return (end of function)";
		addtrans(&c, k->endloc, newtrans(&c, r, k->endloc, k->endloc));
	} else k->locs[k->endloc].end = 1;
	k->entry = comp(&c, pt->body, k->endloc);
	resolve_jumps(&c, k);
	/* a process that starts with a jump starts at its target (SPIN) */
	for (int hops = 0; k->locs[k->entry].is_jump && hops <= k->nlocs; hops++) {
		Loc *jl = &k->locs[k->entry];
		int to = jl->t[jl->nt - 1]->to;
		if (to == k->entry || to < 0) break;
		k->entry = to;
	}
	pt->code = k;
	/* keep the labels for remote references */
	pt->labels_ = c.labels; pt->nlabels_ = c.nlabels;
}

int find_label(Proctype *pt, const char *name)
{
	Label *l = pt->labels_;
	for (int i = 0; i < pt->nlabels_; i++) if (!strcmp(l[i].name, name)) return l[i].loc;
	return -1;
}

/* P[i]@L: the label's location, once every proctype is compiled */
static int resolve_remote(Visitor *v, Expr *e, Use use)
{
	(void)v;
	(void)use;
	if (e->k != E_REMOTE_LABEL || !e->ptype)
		return 0;
	e->label_loc = find_label(e->ptype, e->b->name);
	if (e->label_loc < 0)
		diag_error(e->b->pos, "proctype '%s' has no label '%s'", e->ptype->name, e->b->name);
	return 0;
}

/* number every location of k (and of the d_step bodies it holds) */
static void number_locs(Program *p, Code *k)
{
	for (int l = 0; l < k->nlocs; l++) {
		k->locs[l].gid = p->nlocs;
		PUSH(p->locs, p->nlocs, &k->locs[l]);
	}
	for (int l = 0; l < k->nlocs; l++)
		for (int i = 0; i < k->locs[l].nt; i++)
			if (k->locs[l].t[i]->dstep) number_locs(p, k->locs[l].t[i]->dstep);
}

Program *compile_model(Model *m)
{
	Program *p = NEW(Program);
	p->m = m;
	for (int i = 0; i < m->nptypes; i++) compile_proc(p, m->ptypes[i]);
	if (m->never) { m->never->index = m->nptypes; compile_proc(p, m->never); }
	for (int i = 0; i < m->nfuncs; i++) compile_proc(p, m->funcs[i]);
	for (int i = 0; i < m->nptypes; i++) number_locs(p, m->ptypes[i]->code);
	if (m->never) number_locs(p, m->never->code);
	for (int i = 0; i < m->nfuncs; i++) number_locs(p, m->funcs[i]->code);
	if (p->ntrans > 65535) { Pos ps = { m->file, 1, 1 }; diag_error(ps, "model too large: more than 65535 transitions"); }
	for (int i = 0; i < p->ntrans; i++)
		if (p->trans[i]->dstep) {
			Code *k = p->trans[i]->dstep;
			for (int l = 0; l < k->nlocs; l++)
				for (int j = 0; j < k->locs[l].nt; j++) {
					Stmt *st = k->locs[l].t[j]->st;
					if (st && (st->k == S_CALL || st->k == S_RETURN))
						diag_error(st->pos, "calls and returns are not allowed inside d_step");
				}
		}
	Visitor remote = { resolve_remote, NULL, NULL, IN_BODY };
	visit_model(&remote, m);
	/* select ranges must be constant */
	for (int i = 0; i < p->ntrans; i++) {
		Stmt *s = p->trans[i]->st;
		if (s && s->k == S_SELECT) {
			extern int const_eval_pub(Expr *e, int *ok);
			int ok = 1;
			p->trans[i]->select_lo = const_eval_pub(s->lo, &ok);
			p->trans[i]->select_hi = const_eval_pub(s->hi, &ok);
			if (!ok) diag_error(s->pos, "select range must be constant in dspin");
		}
	}
	/* the collector can skip a step that leaves the heap canonical */
	p->access = access_analyze(p);
	for (int i = 0; i < p->ntrans; i++)
		p->trans[i]->heap_effect = (unsigned char)access_heap_effect(p->access->trans[i]);
	/* reaching the closing brace drops the references in the locals */
	for (int i = 0; i < m->nptypes; i++) {
		Proctype *pt = m->ptypes[i];
		Code *k = pt->code;
		pt->refs_dead_at_end = !pt->is_never && !access_find(p->access->model, A_REMOTE, pt);
		if (!pt->refs_dead_at_end || !k || (!pt->nrefoffs && !pt->nchanoffs))
			continue;
		for (int l = 0; l < k->nlocs; l++)
			for (int j = 0; j < k->locs[l].nt; j++)
				if (k->locs[l].t[j]->to == k->endloc)
					k->locs[l].t[j]->heap_effect = 1;
	}
	return p;
}
