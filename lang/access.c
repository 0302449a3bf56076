/* access.c — the visitor and the access analysis (see access.h). */
#include "access.h"

/* ---- the visitor ---- */

static void visit_args(Visitor *v, Expr **args, int n, Use use)
{
	for (int i = 0; i < n; i++)
		visit_expr(v, args[i], use);
}

/* an index is read by the evaluating process; under P[i]:x it names
 * another process's variable, which the reference as a whole reads */
static Use index_use(Use use)
{
	return use == USE_REMOTE ? USE_REMOTE : USE_READ;
}

/* a field reached through a reference (or a call returning one) */
static int through_ref(const Expr *field)
{
	const Expr *b = field->b;
	if (b->k == E_CALL)
		return 1;
	return (b->k == E_VAR || b->k == E_FIELD) && b->var && b->var->kind == TY_REF;
}

/* A field through a reference reads the reference and then the heap; a
 * field of a record variable is a part of that variable. */
static Use base_use(const Expr *field, Use use)
{
	if (use == USE_REMOTE)
		return USE_REMOTE;
	if (through_ref(field))
		return USE_READ;
	if (use == USE_WRITE || use == USE_UPDATE)
		return use;
	return USE_READ;
}

void visit_expr(Visitor *v, Expr *e, Use use)
{
	if (!e || v->expr(v, e, use))
		return;
	switch (e->k) {
	case E_VAR:
		visit_expr(v, e->a, index_use(use));
		return;
	case E_FIELD:
		visit_expr(v, e->a, index_use(use));
		visit_expr(v, e->b, base_use(e, use));
		return;
	case E_LEN: case E_EMPTY: case E_NEMPTY: case E_FULL: case E_NFULL:
		visit_expr(v, e->a, USE_TEST);
		return;
	case E_POLL:
		visit_expr(v, e->a, USE_TEST);
		visit_args(v, e->args, e->nargs, USE_READ);
		return;
	case E_REMOTE_VAR:
		visit_expr(v, e->a, USE_READ);
		visit_expr(v, e->b, USE_REMOTE);
		return;
	case E_REMOTE_LABEL:   /* b is the label's name, not an expression */
		visit_expr(v, e->a, USE_READ);
		return;
	default:
		visit_expr(v, e->a, USE_READ);
		visit_expr(v, e->b, USE_READ);
		visit_expr(v, e->c, USE_READ);
		visit_args(v, e->args, e->nargs, USE_READ);
		return;
	}
}

/* statements with a left side: assign, ++/--, send, receive, select,
 * call (the callee's return stores into it), for (its loop variable) */
static Use lhs_use(const Stmt *s)
{
	switch (s->k) {
	case S_SEND: return USE_SEND;
	case S_RECV: return USE_RECV;
	case S_INCR: case S_DECR: case S_FOR: return USE_UPDATE;
	default: return USE_WRITE;
	}
}

/* a receive stores into its variable arguments and matches the others */
static Use arg_use(const Stmt *s, const Expr *arg)
{
	if (s->k == S_RECV && (arg->k == E_VAR || arg->k == E_FIELD))
		return USE_WRITE;
	return USE_READ;
}

void visit_step(Visitor *v, Stmt *s)
{
	if (!s)
		return;
	visit_expr(v, s->lhs, lhs_use(s));
	/* a sorted send (q!!m) inserts by value, ahead of messages already
	 * there: it reads the contents as a test does, and a receive that
	 * takes the head depends on it (found by review: sorted_send.pml) */
	if (s->k == S_SEND && s->sorted)
		visit_expr(v, s->lhs, USE_TEST);
	visit_expr(v, s->rhs, s->k == S_EXPR ? USE_COND : USE_READ);
	visit_expr(v, s->lo, USE_READ);
	visit_expr(v, s->hi, USE_READ);
	for (int i = 0; i < s->nargs; i++)
		visit_expr(v, s->args[i], arg_use(s, s->args[i]));
}

void visit_stmt(Visitor *v, Stmt *s)
{
	if (!s)
		return;
	visit_step(v, s);
	for (int i = 0; i < s->nbody; i++)
		visit_stmt(v, s->body[i]);
	for (int i = 0; i < s->nopts; i++)
		for (int j = 0; j < s->optlen[i]; j++)
			visit_stmt(v, s->opts[i][j]);
	visit_stmt(v, s->sub);
	visit_stmt(v, s->esc);
}

void visit_proctype(Visitor *v, Proctype *pt)
{
	Proctype *scope = v->scope;
	Where where = v->where;
	v->scope = pt;
	v->where = IN_LOCAL_INIT;
	for (int i = 0; i < pt->nlocals; i++)
		visit_expr(v, pt->locals[i]->init, USE_READ);
	v->where = IN_PROVIDED;
	visit_expr(v, pt->provided, USE_COND);
	v->where = IN_BODY;
	visit_stmt(v, pt->body);
	v->scope = scope;
	v->where = where;
}

void visit_model(Visitor *v, Model *m)
{
	v->scope = NULL;
	v->where = IN_GLOBAL_INIT;
	for (int i = 0; i < m->nglobals; i++)
		visit_expr(v, m->globals[i]->init, USE_READ);
	for (int i = 0; i < m->nptypes; i++)
		visit_proctype(v, m->ptypes[i]);
	if (m->never)
		visit_proctype(v, m->never);
	for (int i = 0; i < m->nfuncs; i++)
		visit_proctype(v, m->funcs[i]);
}

/* ---- sets ---- */

void access_add(Access *a, AccKind k, const void *obj, int mode)
{
	for (int i = 0; i < a->n; i++)
		if (a->v[i].kind == k && a->v[i].obj == obj) {
			a->v[i].mode |= (unsigned char)mode;
			return;
		}
	a->v = xgrow(a->v, a->n + 1, sizeof *a->v);
	a->v[a->n].kind = (unsigned char)k;
	a->v[a->n].mode = (unsigned char)mode;
	a->v[a->n].obj = obj;
	a->n++;
}

void access_union(Access *a, const Access *b)
{
	if (!b)
		return;
	for (int i = 0; i < b->n; i++)
		access_add(a, b->v[i].kind, b->v[i].obj, b->v[i].mode);
	a->writes_ref |= b->writes_ref;
	a->writes_chan |= b->writes_chan;
}

int access_find(const Access *a, AccKind k, const void *obj)
{
	int mode = 0;
	for (int i = 0; a && i < a->n; i++)
		if (a->v[i].kind == k && (!obj || a->v[i].obj == obj))
			mode |= a->v[i].mode;
	return mode;
}

int access_private(const Access *a)
{
	if (a->writes_ref)
		return 0;
	for (int i = 0; i < a->n; i++)
		if (a->v[i].kind != A_LOCAL && a->v[i].kind != A_PID)
			return 0;
	return 1;
}

/* Only writes of references or channel ids, allocation, process
 * creation, calls and returns (frames hold references) and messages can
 * change the heap's shape; after any other step it is still canonical. */
int access_heap_effect(const Access *a)
{
	if (a->writes_ref || a->writes_chan)
		return 1;
	for (int i = 0; i < a->n; i++)
		switch (a->v[i].kind) {
		case A_NEW: case A_RUN: case A_CALL: case A_RETURN:
			return 1;
		case A_CHAN:
			if (a->v[i].mode & (AM_SEND | AM_RECV))
				return 1;
			break;
		default:
			break;
		}
	return 0;
}

/* ---- what one expression touches ---- */

typedef struct Collect { Access *acc; const Model *m; } Collect;

static int chan_mode(Use use)
{
	return use == USE_SEND ? AM_SEND : use == USE_RECV ? AM_RECV : AM_TEST;
}

int use_is_chan(Use use)
{
	return use == USE_SEND || use == USE_RECV || use == USE_TEST;
}

static int var_mode(Use use)
{
	switch (use) {
	case USE_WRITE: return AM_WRITE;
	case USE_UPDATE: return AM_READ | AM_WRITE;
	default: return AM_READ;
	}
}

/* a store into a reference or channel id: the element's own type */
static void note_store(Access *a, const Expr *e, Use use)
{
	if (use != USE_WRITE && use != USE_UPDATE)
		return;
	if (e->var->kind == TY_REF)
		a->writes_ref = 1;
	if (e->var->kind == TY_CHAN)
		a->writes_chan = 1;
}

static void note_var(Access *a, const Expr *e, Use use)
{
	if (!e->var || use == USE_REMOTE)
		return;
	if (use_is_chan(use))
		access_add(a, A_CHAN, e, chan_mode(use));
	note_store(a, e, use);
	AccKind k = e->var->scope == SC_LOCAL ? A_LOCAL : A_GLOBAL;
	access_add(a, k, e->var, var_mode(use));
}

/* the field itself: in the heap when reached through a reference; the
 * base is noted on its own (see base_use) */
static void note_field(Access *a, const Expr *e, Use use)
{
	if (!e->var)
		return;
	if (use_is_chan(use))
		access_add(a, A_CHAN, e, chan_mode(use));
	note_store(a, e, use);
	if (through_ref(e))
		access_add(a, A_HEAP, e->var, use_is_chan(use) ? AM_READ : var_mode(use));
}

/* what of P a remote reference reads, finer than A_REMOTE (which every
 * user but the claim layer goes by): the label's location, or the
 * variable at the root of P[i]:x.f[j] */
static void note_remote(Access *a, const Expr *e)
{
	if (!e->ptype)
		return;
	if (e->k == E_REMOTE_LABEL) {
		const Code *k = e->ptype->code;
		if (k && e->label_loc >= 0 && e->label_loc < k->nlocs)
			access_add(a, A_REMOTE_AT, &k->locs[e->label_loc], AM_READ);
		else
			access_add(a, A_REMOTE_AT, NULL, AM_READ);
		return;
	}
	const Expr *x = e->b;
	while (x && x->k == E_FIELD)
		x = x->b;
	access_add(a, A_REMOTE_VAR, x && x->k == E_VAR ? x->var : NULL, AM_READ);
}

static int note_expr(Visitor *v, Expr *e, Use use)
{
	Collect *c = v->ctx;
	Access *a = c->acc;
	switch (e->k) {
	case E_VAR: note_var(a, e, use); break;
	case E_FIELD: note_field(a, e, use); break;
	case E_PID: access_add(a, A_PID, NULL, AM_READ); break;
	case E_NRPR: access_add(a, A_NRPR, NULL, AM_READ); break;
	case E_TIMEOUT: access_add(a, A_TIMEOUT, NULL, AM_READ); break;
	case E_NP: access_add(a, A_NP, NULL, AM_READ); break;
	case E_GETPRIO: access_add(a, A_PRIO, NULL, AM_READ); break;
	case E_ENABLED: case E_PCVALUE: case E_LASTPID:
		access_add(a, A_ALLPROCS, NULL, AM_READ);
		break;
	case E_REMOTE_VAR: case E_REMOTE_LABEL:
		if (e->ptype)
			access_add(a, A_REMOTE, e->ptype, AM_READ);
		note_remote(a, e);
		break;
	case E_NEW:
		access_add(a, A_NEW, e->val >= 0 && e->val < c->m->nrecords ? c->m->records[e->val] : NULL, AM_WRITE);
		break;
	case E_RUN:
		/* `run P()` as a statement only creates; anywhere else its pid is used */
		if (e->ptype)
			access_add(a, A_RUN, e->ptype, use == USE_COND ? AM_WRITE : AM_WRITE | AM_READ);
		break;
	case E_CALL:
		if (e->ptype)
			access_add(a, A_CALL, e->ptype, AM_WRITE);
		break;
	default:
		break;
	}
	return 0;
}

static Access *new_access(void)
{
	return xalloc(sizeof(Access));
}

static Visitor collector(Collect *c, Access *a, const Model *m)
{
	c->acc = a;
	c->m = m;
	Visitor v = { note_expr, c, NULL, IN_BODY };
	return v;
}

static void add_expr(Access *a, const Model *m, Expr *e, Use use)
{
	Collect c;
	Visitor v = collector(&c, a, m);
	visit_expr(&v, e, use);
}

static void add_step(Access *a, const Model *m, Stmt *s)
{
	Collect c;
	Visitor v = collector(&c, a, m);
	visit_step(&v, s);
	if (s && s->k == S_RETURN)
		access_add(a, A_RETURN, NULL, AM_WRITE);
}

/* ---- the analysis ---- */

typedef struct Ana {
	Program *p;
	Model *m;
	AccessTable *t;
	Access **init;        /* by proctype index: local initialisers */
	Access **finit;       /* by function index */
	Access **creation;    /* by proctype index: what a run of it adds */
	unsigned char *busy;  /* creation being computed (a run in an initialiser) */
} Ana;

static Access *initialisers(const Model *m, Proctype *pt)
{
	Access *a = new_access();
	for (int i = 0; i < pt->nlocals; i++)
		add_expr(a, m, pt->locals[i]->init, USE_READ);
	return a;
}

/* What `run P()` touches besides P's creation itself: its initialisers
 * (which only read), except P's own locals and _pid, which are the new
 * process's. */
static Access *creation(Ana *an, const Proctype *pt)
{
	int i = pt->index;
	if (an->creation[i] || an->busy[i])
		return an->creation[i];
	an->busy[i] = 1;
	Access *a = new_access();
	const Access *init = an->init[i];
	for (int j = 0; j < init->n; j++) {
		const AccItem *it = &init->v[j];
		if (it->kind == A_LOCAL || it->kind == A_PID)
			continue;
		access_add(a, it->kind, it->obj, it->mode);
		if (it->kind == A_RUN)
			access_union(a, creation(an, it->obj));
	}
	an->creation[i] = a;
	an->busy[i] = 0;
	return a;
}

static int is_function(const Model *m, const Proctype *f)
{
	return f->is_func && f->index >= 0 && f->index < m->nfuncs && m->funcs[f->index] == f;
}

/* the items a run or a call brings in: what is evaluated in the same step */
static void expand(Ana *an, Access *a)
{
	int n = a->n;
	for (int i = 0; i < n; i++) {
		const Proctype *pt = a->v[i].obj;
		if (a->v[i].kind == A_RUN)
			access_union(a, creation(an, pt));
		else if (a->v[i].kind == A_CALL && is_function(an->m, pt))
			access_union(a, an->finit[pt->index]);
	}
}

static Access *trans_access(Ana *an, Trans *t)
{
	Access **slot = &an->t->trans[t->id];
	if (*slot)
		return *slot;
	Access *a = new_access();
	if (t->dstep) {
		const Code *k = t->dstep;
		for (int l = 0; l < k->nlocs; l++)
			for (int i = 0; i < k->locs[l].nt; i++)
				access_union(a, trans_access(an, k->locs[l].t[i]));
	} else {
		add_step(a, an->m, t->st);
		expand(an, a);
	}
	Proctype *pt = t->owner;
	if (!pt->is_func && pt->provided)
		add_expr(a, an->m, pt->provided, USE_COND);
	*slot = a;
	return a;
}

/* the summary a transition's set joins: its proctype's or function's */
static Access *summary_of(Ana *an, const Proctype *pt)
{
	if (pt == an->m->never)
		return an->t->claim;
	if (pt->is_func)
		return an->t->func[pt->index];
	return an->t->own[pt->index];
}

static void summaries(Ana *an)
{
	Model *m = an->m;
	AccessTable *t = an->t;
	for (int i = 0; i < m->nptypes; i++) {
		t->own[i] = new_access();
		access_union(t->own[i], an->init[i]);
		add_expr(t->own[i], m, m->ptypes[i]->provided, USE_COND);
	}
	for (int i = 0; i < m->nfuncs; i++) {
		t->func[i] = new_access();
		access_union(t->func[i], an->finit[i]);
	}
	if (m->never)
		t->claim = new_access();
	for (int i = 0; i < an->p->ntrans; i++) {
		Trans *tr = an->p->trans[i];
		access_union(summary_of(an, tr->owner), trans_access(an, tr));
	}
}

Access *access_reach(const Model *m, const AccessTable *t, const Access *start)
{
	Access *a = new_access();
	access_union(a, start);
	for (int i = 0; i < a->n; i++) {
		const Proctype *f = a->v[i].obj;
		if (a->v[i].kind == A_CALL && is_function(m, f))
			access_union(a, t->func[f->index]);
	}
	return a;
}

/* own, and the code of every function it can call, transitively */
static Access *reach(Ana *an, int pt)
{
	return access_reach(an->m, an->t, an->t->own[pt]);
}

/* A step of a function is a step of the process that called it, so the
 * process's provided clause is evaluated with it too. */
static void callers_provided(Ana *an)
{
	Model *m = an->m;
	for (int f = 0; f < m->nfuncs; f++) {
		Access *prov = new_access();
		for (int i = 0; i < m->nptypes; i++)
			if (m->ptypes[i]->provided && access_find(an->t->reach[i], A_CALL, m->funcs[f]))
				add_expr(prov, m, m->ptypes[i]->provided, USE_COND);
		if (!prov->n)
			continue;
		for (int i = 0; i < an->p->ntrans; i++)
			if (an->p->trans[i]->owner == m->funcs[f])
				access_union(an->t->trans[i], prov);
	}
}

static void locations(Ana *an)
{
	const Program *p = an->p;
	for (int g = 0; g < p->nlocs; g++) {
		const Loc *l = p->locs[g];
		Access *a = new_access();
		for (int i = 0; i < l->nt; i++)
			access_union(a, an->t->trans[l->t[i]->id]);
		an->t->loc[g] = a;
	}
}

static void whole_model(Ana *an)
{
	const Model *m = an->m;
	AccessTable *t = an->t;
	t->system = new_access();
	access_union(t->system, t->globals);
	for (int i = 0; i < m->nptypes; i++)
		access_union(t->system, t->own[i]);
	for (int i = 0; i < m->nfuncs; i++)
		access_union(t->system, t->func[i]);
	t->model = new_access();
	access_union(t->model, t->system);
	access_union(t->model, t->claim);
}

static void *array(int n, size_t size)
{
	return xalloc((size_t)(n + 1) * size);
}

AccessTable *access_analyze(Program *p)
{
	Model *m = p->m;
	AccessTable *t = xalloc(sizeof *t);
	Ana an = { p, m, t, NULL, NULL, NULL, NULL };
	t->trans = array(p->ntrans, sizeof(Access *));
	t->loc = array(p->nlocs, sizeof(Access *));
	t->own = array(m->nptypes, sizeof(Access *));
	t->reach = array(m->nptypes, sizeof(Access *));
	t->func = array(m->nfuncs, sizeof(Access *));
	an.init = array(m->nptypes, sizeof(Access *));
	an.finit = array(m->nfuncs, sizeof(Access *));
	an.creation = array(m->nptypes, sizeof(Access *));
	an.busy = array(m->nptypes, 1);
	for (int i = 0; i < m->nptypes; i++)
		an.init[i] = initialisers(m, m->ptypes[i]);
	for (int i = 0; i < m->nfuncs; i++)
		an.finit[i] = initialisers(m, m->funcs[i]);
	t->globals = new_access();
	for (int i = 0; i < m->nglobals; i++)
		add_expr(t->globals, m, m->globals[i]->init, USE_READ);
	summaries(&an);
	for (int i = 0; i < m->nptypes; i++)
		t->reach[i] = reach(&an, i);
	callers_provided(&an);
	locations(&an);
	whole_model(&an);
	/* priorities (SPIN 6.5): whether a process may move depends on
	 * whether every process of higher priority is enabled, so every
	 * process is observed, as with enabled() (no POR, no process symmetry) */
	if (m->uses_priority) {
		access_add(t->model, A_ALLPROCS, NULL, AM_READ);
		access_add(t->system, A_ALLPROCS, NULL, AM_READ);
	}
	return t;
}
