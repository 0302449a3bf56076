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
#include <string.h>
#include <stdio.h>

typedef struct Label { const char *name; int loc; Pos pos; int outside_atomic; } Label;
/* an unless statement: its escape's first transitions (in source order)
 * and the unless statements around it */
typedef struct Esc {
	Trans **t; int nt;     /* the escape's first transitions */
	int prio, id;
	struct Esc *up;
	int jump;              /* the escape opens with a goto/break: its location + 1 */
	Trans **ta; int nta;   /* then t is for states outside atomic sequences, ta inside */
	int entry;             /* the escape's first location */
	int atom_state;        /* it is inside an atomic sequence (SPIN's ATOM) */
} Esc;

/* the ids handed out in one model: atomic blocks and unless statements
 * are numbered across all its proctypes and functions, from 1 */
typedef struct Ids { int esc, atomic; } Ids;

typedef struct C {
	Program *prog;
	Diag *diag;                  /* where its errors go */
	Ids *ids;                    /* the model's */
	Proctype *pt;
	Code *code;
	Label *labels; int nlabels;
	int *breaks; int nbreaks;
	int atomic_id;
	Esc *esc;
	int esc_depth;
	int *pending; int npending;  /* jump locations waiting for their label */
	const char **pending_lbl;
	Esc **loc_esc;               /* per location of code: the unless statements around it */
	Esc **loc_ctx;               /* ... around the outermost atomic/if/do starting there */
	Esc **escs; int nescs;       /* the unless statements of code */
	int in_dstep;                /* compiling a d_step body */
	const char **dlabels; int ndlabels;  /* labels defined inside d_step bodies */
} C;

/* does some P@L name label of the proctype being compiled? (parser.c's
 * parse_remote_label_seen: claims and formulas that -N or -noclaim left out
 * count too, as in pan, whose code SPIN generates once for them all) */
static int remote_target(const C *c, const char *label)
{
	const Model *m = c->prog->m;
	if (!c->pt || c->pt->is_func || c->pt->is_never) return 0;
	const char *name = c->pt->is_init ? ":init:" : c->pt->name;
	for (int i = 0; i < m->nrlabels; i++)
		if (!strcmp(m->rlabel_name[i], label) && !strcmp(m->rlabel_proc[i], name)) return 1;
	return 0;
}

static int newloc(C *c, Pos pos)
{
	Code *k = c->code;
	k->locs = xgrow(k->locs, k->nlocs + 1, sizeof(Loc));
	Loc *l = &k->locs[k->nlocs];
	memset(l, 0, sizeof *l);
	l->pos = pos;
	l->atomic_id = c->atomic_id;
	/* the escapes are added once the code is complete (add_escapes) */
	c->loc_esc = xgrow(c->loc_esc, k->nlocs + 1, sizeof(Esc *));
	c->loc_esc[k->nlocs] = c->esc;
	c->loc_ctx = xgrow(c->loc_ctx, k->nlocs + 1, sizeof(Esc *));
	c->loc_ctx[k->nlocs] = c->esc;
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
static Expr *synth_bin(Op op, Expr *a, Expr *b, Pos pos) { Expr *e = NEW(Expr); e->k = E_BIN; e->op = op; e->a = a; e->b = b; e->pos = pos; e->type = TY_INT; return e; }

/* copy the first transitions of option entry e into loc (its escapes
 * come later, add_escapes) */
static void copy_first(C *c, int loc, int e)
{
	Loc *el = &c->code->locs[e];
	for (int i = 0; i < el->nt; i++)
		if (!el->t[i]->escape) addtrans(c, loc, el->t[i]);
}

/* The unless-escapes of every location, listed as pan lists them (pan.t,
 * retrans): for each transition t of the state in order, for each unless
 * around t's statement, innermost first, the transitions of that escape's
 * state are copied in front of the state's list (each one unless it is
 * there already), tagged with that escape.  The escape's state has the
 * escapes around its own unless statement in front of its first
 * transitions when SPIN numbered it before the state: that is when the
 * unless statement lies inside the atomic, if or do that begins at the
 * state (SPIN numbers those after their contents, and the state at their
 * start is theirs); those then come along under the inner escape's tag.
 * An escape that opens with a jump is its target's transitions
 * (fill_jump_escapes), chosen by the ATOM status of the state.  Once an
 * escape has moved, pan tries no transition with another tag
 * (vm/next_vm.c); one escape's transitions end up in reverse order, so
 * an escape's `else` (last in its if) comes first and always moves. */
static Trans *esc_base(Trans *t) { return t->esc_orig ? t->esc_orig : t; }
static int loc_atom(Code *k, int l);

static void esc_prepend(C *c, Trans ***list, int *n, Trans *t, int tag)
{
	Trans *b = esc_base(t);
	for (int i = 0; i < *n; i++) if (esc_base((*list)[i]) == b) return;
	Trans *u = b;
	if (b->esc_id != tag) {
		/* the same escape under another tag: a transition of its own */
		u = NEW(Trans);
		*u = *b;
		u->esc_id = tag;
		u->esc_orig = b;
		u->id = c->prog->ntrans;
		PUSH(c->prog->trans, c->prog->ntrans, u);
	}
	*list = xgrow(*list, *n + 1, sizeof(Trans *));
	memmove(*list + 1, *list, (size_t)*n * sizeof(Trans *));
	(*list)[0] = u;
	(*n)++;
}

static void add_escapes(C *c, Code *k)
{
	/* the escape states' own status (for the escapes around them) */
	for (int i = 0; i < c->nescs; i++) {
		Esc *es = c->escs[i];
		es->atom_state = es->entry >= 0 && es->entry < k->nlocs && loc_atom(k, es->entry);
	}
	for (int i = 0; i < k->nlocs; i++) {
		Loc *l = &k->locs[i];
		int atom = loc_atom(k, i);
		Trans **list = NULL; int n = 0;
		for (int j = 0; j < l->nt; j++) {
			Trans *t0 = l->t[j];
			if (t0->escape || t0->from < 0 || t0->from >= k->nlocs) continue;
			for (Esc *p = c->loc_esc[t0->from]; p; p = p->up) {
				Trans **pt = p->t; int pnt = p->nt;
				if (p->jump && atom) { pt = p->ta; pnt = p->nta; }
				/* SPIN numbers an atomic, if or do after its contents, and
				 * the state at its start is its own: an unless inside it
				 * has its escape state numbered before */
				int around = 0;
				for (Esc *q = c->loc_ctx[i]; q; q = q->up) if (q == p) around = 1;
				/* the escape state's list: its first transitions, with the
				 * escapes around p in front when it was numbered first */
				Trans **src = NULL; int ns = 0;
				for (int m = 0; m < pnt; m++) PUSH(src, ns, pt[m]);
				if (!around)
					for (Esc *o = p->up; o; o = o->up) {
						/* the escape's state's own status decides there */
						Trans **ot = o->t; int ont = o->nt;
						if (o->jump && p->atom_state) { ot = o->ta; ont = o->nta; }
						for (int m = 0; m < ont; m++) {
							int have = 0;
							for (int q = 0; q < ns; q++) if (src[q] == ot[m]) have = 1;
							if (have) continue;
							src = xgrow(src, ns + 1, sizeof(Trans *));
							memmove(src + 1, src, (size_t)ns * sizeof(Trans *));
							src[0] = ot[m];
							ns++;
						}
					}
				for (int m = 0; m < ns; m++) esc_prepend(c, &list, &n, src[m], p->id);
			}
		}
		if (!n) continue;
		l->t = xgrow(l->t, l->nt + n, sizeof(Trans *));
		memmove(l->t + n, l->t, (size_t)l->nt * sizeof(Trans *));
		memcpy(l->t, list, (size_t)n * sizeof(Trans *));
		l->nt += n;
		l->has_escape = 1;
	}
}

/* does the option open with `else` (its own, not one of an if it opens with)? */
static int opens_with_else(Stmt **body, int n)
{
	for (int i = 0; i < n; i++) {
		Stmt *s = body[i];
		if (!s || s->k == S_DECL) continue;
		while (s && s->k == S_LABEL) s = s->sub;
		return s && s->k == S_ELSE;
	}
	return 0;
}

/* The options' first transitions go into loc in the order SPIN lists them:
 * the options in source order, this if/do's own `else` moved to the end.
 * An option that opens with another if/do brings that one's transitions,
 * its `else` included, to the option's place, so an `else` can stand
 * before other transitions of loc; it is then taken when none listed
 * before it can move (pan's `else`: no earlier transition of the state
 * moved), while those after it are still tried (vm/next_vm.c). */
static int comp_options(C *c, Stmt *s, int loc, int next)
{
	int *late = NULL, nlate = 0;
	for (int i = 0; i < s->nopts; i++) {
		int e = comp_list(c, s->opts[i], s->optlen[i], next);
		if (e == next && s->optlen[i] == 0) continue;
		if (e == next || e == loc) {
			/* an option with no statement of its own (e.g. only a declaration) */
			Stmt *sk = synth(S_EXPR, s->pos, "(1)"); sk->rhs = synth_const(1, s->pos);
			e = newloc(c, s->pos);
			addtrans(c, e, newtrans(c, sk, e, next));
		}
		if (opens_with_else(s->opts[i], s->optlen[i])) PUSH(late, nlate, e);
		else copy_first(c, loc, e);
	}
	for (int i = 0; i < nlate; i++) copy_first(c, loc, late[i]);
	/* else must be unique (pan refuses a state that inherits two); in a
	 * d_step, which pan runs as code, the first one counts */
	int nelse = 0;
	Loc *l = &c->code->locs[loc];
	for (int i = 0; i < l->nt; i++) if (l->t[i]->is_else && !l->t[i]->escape) nelse++;
	if (nelse > 1 && !c->in_dstep) diag_error(c->diag, s->pos, "more than one 'else' in one if/do");
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

/* does s begin with an atomic sequence, through further labels, a block
 * or an unless?  (`L: L2: atomic { ... goto L }` and `L: { atomic { ...
 * goto L } }` jump outside the sequence in SPIN too: found by review,
 * tests/models/spin/corner_atomic_goto_label.pml;
 * bench/RESULTS.md, "The figures behind the code") */
static int opens_atomic(const Stmt *s)
{
	while (s && (s->k == S_LABEL || s->k == S_SEQ || s->k == S_UNLESS))
		s = s->k == S_SEQ ? (s->nbody ? s->body[0] : NULL) : s->sub;
	return s && s->k == S_ATOMIC;
}

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
		if (!c->nbreaks && c->in_dstep) { diag_error(c->diag, s->pos, "'break' out of a d_step sequence (a jump cannot leave a d_step)"); return next; }
		if (!c->nbreaks) { diag_error(c->diag, s->pos, "'break' outside a do loop"); return next; }
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
		if (!save) c->atomic_id = ++c->ids->atomic;
		int e = comp_list(c, s->body, s->nbody, next);
		c->atomic_id = save;
		if (e != next && !save) c->code->locs[e].atomic_entry = 1;
		if (e != next) c->loc_ctx[e] = c->esc;
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
		int id = ++c->ids->esc;
		es->id = id;
		es->entry = e;
		PUSH(c->escs, c->nescs, es);
		if (el->is_jump) es->jump = e + 1;   /* filled in by fill_jump_escapes */
		else for (int i = 0; i < el->nt; i++) {
			if (el->t[i]->escape) continue;
			Trans *t = NEW(Trans);
			*t = *el->t[i];
			t->copy_of = el->t[i];
			t->escape = (unsigned char)es->prio;
			t->esc_id = id;
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
			if (!strcmp(c->labels[i].name, s->label)) diag_error(c->diag, s->pos, "label '%s' defined twice", s->label);
		c->labels = xgrow(c->labels, c->nlabels + 1, sizeof(Label));
		c->labels[c->nlabels].name = s->label; c->labels[c->nlabels].loc = e; c->labels[c->nlabels].pos = s->pos;
		/* `L: atomic { ... goto L }`: the label is outside the atomic, so a
		 * jump to it ends the sequence (SPIN) */
		c->labels[c->nlabels].outside_atomic = opens_atomic(s->sub) && !c->atomic_id;
		c->nlabels++;
		Loc *l = &c->code->locs[e];
		if (l->is_jump && (!strncmp(s->label, "end", 3) || !strncmp(s->label, "progress", 8) || !strncmp(s->label, "accept", 6) ||
				   remote_target(c, s->label)))
			l->is_jump = 0;   /* SPIN keeps a labelled `progress: goto T` as a step, and a `goto` a P@L names */
		if (!l->label) l->label = s->label;
		if (!strncmp(s->label, "end", 3)) l->end = 1;
		if (!strncmp(s->label, "progress", 8)) l->progress = 1;
		if (!strncmp(s->label, "accept", 6)) l->accept = 1;
		return e;
	}
	case S_FOR: {
		/* i = lo; do :: i <= hi -> body; i++ :: else -> break od  (SPIN's expansion) */
		Expr *i = s->lhs, *hi = s->hi, *lo = s->lo;
		if (!s->hi && !s->var) {
			lo = synth_const(0, s->pos);
			hi = synth_const(s->lo->var->arrlen ? s->lo->var->arrlen - 1 : 0, s->pos);
		}
		Stmt *init = synth(S_ASSIGN, s->pos, "for-init"); init->lhs = i; init->rhs = lo;
		Stmt *guard = synth(S_EXPR, s->pos, "for-test"); guard->rhs = synth_bin(OP_LE, i, hi, s->pos);
		Stmt *inc = synth(S_INCR, s->pos, "for-incr"); inc->lhs = i;
		Stmt *els = synth(S_ELSE, s->pos, "else");
		Stmt *brk = synth(S_BREAK, s->pos, "break");
		Stmt *d = synth(S_DO, s->pos, "do");
		d->nopts = 2;
		d->opts = xalloc(2 * sizeof(Stmt **)); d->optlen = xalloc(2 * sizeof(int));
		Stmt **o1 = xalloc(5 * sizeof(Stmt *)); o1[0] = guard; o1[1] = s->sub; o1[2] = inc;
		int n1 = 3;
		if (s->var) {
			/* over a channel (resolve.c's for_in_chan): t = 0; do :: t <
			 * len(c) -> c?x; c!x; body; t++ :: else -> break od */
			Expr *t = NEW(Expr);
			t->k = E_VAR; t->var = s->var; t->pos = s->pos; t->type = TY_BYTE;
			Expr *len = NEW(Expr);
			len->k = E_LEN; len->a = s->lo; len->pos = s->pos; len->type = TY_INT;
			init->lhs = t; init->rhs = synth_const(0, s->pos);
			guard->rhs = synth_bin(OP_LT, t, len, s->pos);
			inc->lhs = t;
			o1[1] = s->body[0]; o1[2] = s->body[1]; o1[3] = s->sub; o1[4] = inc;
			n1 = 5;
		}
		Stmt **o2 = xalloc(2 * sizeof(Stmt *)); o2[0] = els; o2[1] = brk;
		d->opts[0] = o1; d->optlen[0] = n1; d->opts[1] = o2; d->optlen[1] = 2;
		int e = comp(c, d, next);
		return comp(c, init, e);
	}
	case S_SELECT: {
		if (s->select_loop) {
			/* x = lo; do :: break :: x < hi -> x = x + 1 od, as SPIN */
			Stmt *init = synth(S_ASSIGN, s->pos, "select-init"); init->lhs = s->lhs; init->rhs = s->lo;
			Stmt *brk = synth(S_BREAK, s->pos, "break");
			Stmt *guard = synth(S_EXPR, s->pos, "select-test"); guard->rhs = synth_bin(OP_LT, s->lhs, s->hi, s->pos);
			Stmt *inc = synth(S_ASSIGN, s->pos, "select-next"); inc->lhs = s->lhs;
			inc->rhs = synth_bin(OP_ADD, s->lhs, synth_const(1, s->pos), s->pos);
			Stmt *d = synth(S_DO, s->pos, "do");
			d->nopts = 2;
			d->opts = xalloc(2 * sizeof(Stmt **)); d->optlen = xalloc(2 * sizeof(int));
			Stmt **o1 = xalloc(sizeof(Stmt *)); o1[0] = brk;
			Stmt **o2 = xalloc(2 * sizeof(Stmt *)); o2[0] = guard; o2[1] = inc;
			d->opts[0] = o1; d->optlen[0] = 1; d->opts[1] = o2; d->optlen[1] = 2;
			int e = comp(c, d, next);
			return comp(c, init, e);
		}
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

static void resolve_labels(C *c, Code *k)
{
	for (int i = 0; i < c->npending; i++) {
		int loc = -1, outside = 0;
		for (int j = 0; j < c->nlabels; j++)
			if (!strcmp(c->labels[j].name, c->pending_lbl[i])) { loc = c->labels[j].loc; outside = c->labels[j].outside_atomic; }
		Trans *t = k->locs[c->pending[i]].t[k->locs[c->pending[i]].nt - 1];
		if (outside) k->locs[c->pending[i]].ends_atomic = 1;
		if (loc < 0) {
			int in_d = 0;
			for (int j = 0; j < c->ndlabels; j++) if (!strcmp(c->dlabels[j], c->pending_lbl[i])) in_d = 1;
			if (in_d) diag_error(c->diag, t->st->pos, "goto into a d_step sequence (label '%s' is inside one)", c->pending_lbl[i]);
			else if (c->in_dstep) diag_error(c->diag, t->st->pos, "goto to label '%s', which is not in this d_step (a jump cannot leave a d_step)", c->pending_lbl[i]);
			else diag_error(c->diag, t->st->pos, "goto to undefined label '%s'", c->pending_lbl[i]);
			loc = k->endloc >= 0 ? k->endloc : 0;
		}
		if (loc == c->pending[i] && k->locs[loc].is_jump)
			diag_error(c->diag, t->st->pos, "infinite goto loop: 'goto %s' jumps to itself", c->pending_lbl[i]);
		t->to = loc;
	}
}

/* An escape that opens with a goto or break: SPIN threads the jump away
 * (huntele), so the escape's first transitions are those of its target
 * (the goto is no step of its own), except that from a state inside an
 * atomic sequence (not its last statement) the hunt stops at a jump to
 * outside one; a target without transitions keeps the jump. */
static Trans *esc_copy(C *c, Esc *es, Trans *o)
{
	Trans *t = NEW(Trans);
	*t = *o;
	t->copy_of = o;
	t->escape = (unsigned char)es->prio;
	t->esc_id = es->id;
	t->id = c->prog->ntrans;
	PUSH(c->prog->trans, c->prog->ntrans, t);
	return t;
}

/* SPIN's ATOM status of a location: inside an atomic sequence, and not
 * its last statement (a step from it goes on to a location of the same
 * sequence, a jump there included; targets before threading) */
static int loc_atom(Code *k, int l)
{
	const Loc *lp = &k->locs[l];
	if (!lp->atomic_id) return 0;
	for (int i = 0; i < lp->nt; i++) {
		if (lp->t[i]->escape) continue;
		int to = lp->t[i]->to;
		if (to >= 0 && k->locs[to].atomic_id == lp->atomic_id) return 1;
	}
	return 0;
}

static void jump_escape(C *c, Code *k, Esc *es, int atom, Trans ***out, int *nout)
{
	int loc = es->jump - 1;
	for (int hops = 0; k->locs[loc].is_jump && hops <= k->nlocs; hops++) {
		Loc *jl = &k->locs[loc];
		int to = jl->t[jl->nt - 1]->to;
		if (to < 0 || to == loc || (atom && !loc_atom(k, to))) break;
		loc = to;
	}
	Loc *tl = &k->locs[loc];
	if (tl->is_jump || !tl->nt) PUSH(*out, *nout, esc_copy(c, es, tl->t[tl->nt - 1]));
	else for (int m = 0; m < tl->nt; m++) PUSH(*out, *nout, esc_copy(c, es, tl->t[m]));
}

static void fill_jump_escapes(C *c, Code *k)
{
	for (int i = 0; i < c->nescs; i++) {
		Esc *es = c->escs[i];
		if (!es->jump) continue;
		jump_escape(c, k, es, 0, &es->t, &es->nt);
		jump_escape(c, k, es, 1, &es->ta, &es->nta);
	}
}

static void resolve_jumps(Code *k)
{
	/* an escape that opens with a goto copies it: the same target */
	for (int i = 0; i < k->nlocs; i++)
		for (int j = 0; j < k->locs[i].nt; j++) {
			Trans *t = k->locs[i].t[j], *o = t->copy_of;
			if (t->to >= 0 || !o) continue;
			while (o->to < 0 && o->copy_of) o = o->copy_of;
			t->to = o->to;
		}
	/* thread transitions through pure jump locations; but SPIN (huntele)
	 * keeps a jump from a statement inside an atomic sequence (not its
	 * last) to one outside as a state of its own, which shows where
	 * unless-escapes apply to it */
	unsigned char *atom = xalloc((size_t)k->nlocs + 1);
	for (int i = 0; i < k->nlocs; i++) atom[i] = (unsigned char)loc_atom(k, i);
	for (int i = 0; i < k->nlocs; i++) {
		Loc *l = &k->locs[i];
		for (int j = 0; j < l->nt; j++) {
			Trans *t = l->t[j];
			int hops = 0;
			while (t->to >= 0 && k->locs[t->to].is_jump && hops++ <= k->nlocs) {
				Loc *jl = &k->locs[t->to];
				Trans *g = jl->t[jl->nt - 1];
				if (jl->has_escape && t->from >= 0 && t->from < k->nlocs && atom[t->from] &&
				    (!atom[t->to] || (g->to >= 0 && !atom[g->to])))
					break;
				if (jl->ends_atomic) t->no_atomic = 1;
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
	Esc **save_loc_esc = c->loc_esc;
	Esc **save_escs = c->escs; int save_nescs = c->nescs;
	Esc **save_loc_ctx = c->loc_ctx;
	c->loc_esc = NULL; c->loc_ctx = NULL; c->escs = NULL; c->nescs = 0;
	Label *sl = c->labels; int snl = c->nlabels;
	int *sp = c->pending; const char **spl = c->pending_lbl; int snp = c->npending;
	/* the body gets a break stack of its own: a `do` inside the d_step
	 * must not overwrite the break targets of the loops around it */
	int *sb = c->breaks; int nb = c->nbreaks;
	c->labels = NULL; c->nlabels = 0; c->pending = NULL; c->pending_lbl = NULL; c->npending = 0;
	c->breaks = NULL; c->nbreaks = 0;
	c->esc = NULL;
	int save_in = c->in_dstep;
	c->in_dstep = 1;
	Code *k = NEW(Code);
	c->code = k;
	c->atomic_id = 0;
	k->exitloc = newloc(c, s->pos);
	k->endloc = k->exitloc;
	k->entry = comp_list(c, s->body, s->nbody, k->exitloc);
	resolve_labels(c, k);
	fill_jump_escapes(c, k);
	add_escapes(c, k);
	resolve_jumps(k);
	t->dstep = k;
	c->in_dstep = save_in;
	for (int i = 0; i < c->nlabels; i++) {
		c->dlabels = xgrow(c->dlabels, c->ndlabels + 1, sizeof(char *));
		c->dlabels[c->ndlabels++] = c->labels[i].name;
	}
	c->code = save; c->atomic_id = save_atomic; c->esc = save_esc;
	c->loc_esc = save_loc_esc; c->escs = save_escs; c->nescs = save_nescs;
	c->loc_ctx = save_loc_ctx;
	c->labels = sl; c->nlabels = snl; c->pending = sp; c->pending_lbl = spl; c->npending = snp;
	c->breaks = sb; c->nbreaks = nb;
}

static void compile_proc(Diag *d, Program *prog, Ids *ids, Proctype *pt)
{
	C c; memset(&c, 0, sizeof c);
	c.prog = prog; c.diag = d; c.ids = ids; c.pt = pt;
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
	resolve_labels(&c, k);
	fill_jump_escapes(&c, k);
	add_escapes(&c, k);
	resolve_jumps(k);
	/* pan refuses a state that inherits two elses ("inherits 2 'else'
	 * stmnts"); comp_options reports the plain case, this one those with
	 * the else of an unless escape (around the state or opening one of its
	 * options) */
	for (int i = 0; i < k->nlocs; i++) {
		Loc *l = &k->locs[i];
		int nelse = 0, nesc = 0;
		for (int j = 0; j < l->nt; j++)
			if (l->t[j]->is_else) { nelse++; nesc += l->t[j]->escape != 0; }
		if (nelse > 1 && nesc)
			diag_error(c.diag, l->pos, "two 'else' in one state, one of them an unless escape's (SPIN's verifier refuses it: inherits 2 'else' stmnts)");
	}
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
	(void)use;
	if (e->k != E_REMOTE_LABEL || !e->ptype)
		return 0;
	e->label_loc = find_label(e->ptype, e->b->name);
	if (e->label_loc < 0)
		diag_error(v->ctx, e->b->pos, "proctype '%s' has no label '%s'", e->ptype->name, e->b->name);
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

/* A never claim that calls a function which starts a process, itself or
 * through the functions it calls: pan would start it, dspin's claim has
 * no effect on the system (lang/check refuses a `run` in the claim
 * itself; found by review, 2026-12-04) */
static void claim_runs(Diag *d, const Model *m, const Program *p)
{
	for (int i = 0; m->never && i < p->ntrans; i++) {
		const Trans *t = p->trans[i];
		if (t->owner != m->never || !t->st)
			continue;
		const Access *ta = p->access->trans[i];
		if (!access_find(access_reach(m, p->access, ta), A_RUN, NULL))
			continue;
		const char *f = "?";
		for (int k = 0; k < ta->n; k++)
			if (ta->v[k].kind == A_CALL) {
				f = ((const Proctype *)ta->v[k].obj)->name;
				break;
			}
		diag_error(d, t->st->pos, "a never claim calls '%s', which starts a process (run): not supported (pan starts it; dspin's claim has no effect on the system)", f);
	}
}

Program *compile_model(Diag *d, Model *m)
{
	Program *p = NEW(Program);
	p->m = m;
	Ids ids = { 0, 0 };
	for (int i = 0; i < m->nptypes; i++) compile_proc(d, p, &ids, m->ptypes[i]);
	if (m->never) { m->never->index = m->nptypes; compile_proc(d, p, &ids, m->never); }
	for (int i = 0; i < m->nfuncs; i++) compile_proc(d, p, &ids, m->funcs[i]);
	for (int i = 0; i < m->nptypes; i++) number_locs(p, m->ptypes[i]->code);
	if (m->never) number_locs(p, m->never->code);
	for (int i = 0; i < m->nfuncs; i++) number_locs(p, m->funcs[i]->code);
	if (p->ntrans > 65535) { Pos ps = { m->file, 1, 1 }; diag_error(d, ps, "model too large: more than 65535 transitions"); }
	for (int i = 0; i < p->ntrans; i++)
		if (p->trans[i]->dstep) {
			Code *k = p->trans[i]->dstep;
			for (int l = 0; l < k->nlocs; l++)
				for (int j = 0; j < k->locs[l].nt; j++) {
					Stmt *st = k->locs[l].t[j]->st;
					/* a function's body is steps of the caller's
					 * process (call frames), which a d_step, one
					 * step, cannot hold; atomic can, and runs the
					 * call atomically (vm_call_atomic) */
					if (st && st->k == S_CALL)
						diag_error(d, st->pos, "a call inside a d_step: functions and methods cannot run inside d_step (use atomic, which runs the call atomically)");
					else if (st && st->k == S_RETURN)
						diag_error(d, st->pos, "a return inside a d_step: a function cannot return from inside d_step");
				}
		}
	Visitor remote = { resolve_remote, d, NULL, IN_BODY };   /* ctx: the Diag */
	visit_model(&remote, m);
	/* select ranges must be constant */
	for (int i = 0; i < p->ntrans; i++) {
		Stmt *s = p->trans[i]->st;
		if (s && s->k == S_SELECT) {
			int ok = 1;
			p->trans[i]->select_lo = model_const_eval(m, s->lo, &ok);
			p->trans[i]->select_hi = model_const_eval(m, s->hi, &ok);
			if (!ok) diag_error(d, s->pos, "select range must be constant in dspin");
		}
	}
	/* every instance of a record starts as its image (field initializers) */
	layout_record_images(d, m);
	/* the collector can skip a step that leaves the heap canonical */
	p->access = access_analyze(p);
	for (int i = 0; i < p->ntrans; i++)
		p->trans[i]->heap_effect = (unsigned char)access_heap_effect(p->access->trans[i]);
	claim_runs(d, m, p);
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
