/* gen.c — dspin_gen: random small concurrent DPML programs (issue 6).
 *
 *   dspin_gen SEED [--ltl] [--features=LIST] [--ill-typed | --ill-kind=KIND]
 *   dspin_gen --ill-kinds
 *
 * Prints one well-typed program to stdout, one statement per line so that a
 * line-based delta debugger (tests/gen/driver.sh) can shrink it.  The same
 * seed always gives the same program.
 *
 * The program has one or two classes (A: a byte field and one or two A
 * references; B: a byte field, an A reference and maybe a B reference),
 * scalar and reference globals, one or two channels carrying references (and
 * bytes), 2-4 process instances (`active [2] proctype` and/or `run P(k)` from
 * init), bounded loops, `if` with guards and `else`, `atomic`, `new`, field
 * chains, sends and receives, and assertions that are sometimes violable.
 * Dereferences are guarded with `x != null` most of the time; sometimes not,
 * so null-dereference errors occur.
 *
 * By default programs also use the dynamic-DPML call features (each one
 * only sometimes, decided per program):
 *   calls    top-level functions `byte f(A a, byte k)` (maybe recursive, depth
 *            bounded by k) and `A h(A a, byte k)` (walks or allocates), called
 *            as statements, in assignments and inside assertions
 *   methods  `byte get()`, `void set(byte k)` on A (fields of `this`), called
 *            through a (usually null-checked) reference
 *   objchan  a channel field `chan ch = [1] of { byte }` in A, used as a
 *            per-object lock or mailbox
 *   mutual   A gets a `B ob` field while B has `A back` (mutual references)
 * --ltl appends `ltl prop { ... }`: a formula over the globals (values,
 * null tests, reference equality, channel lengths) and, with `control`,
 * the remote references P0[1]:t and P0[1]@Lb, in one of
 * the usual shapes ([] p, <> p, [] <> p, <> [] p, [] (p -> <> q), p U q, ...).
 * The program above it is the same as without --ltl.
 * and, independently of those,
 *   control  local computation on the byte local t (steps partial-order
 *            reduction may take alone: `t = (t + 1) % 3`, a local if,
 *            `d_step { .. }`), a receive that gives up on `timeout`, a
 *            block cut short by `unless { gb }`, and remote references
 *            `P0[1]:t` to the local t of an earlier active process, and
 *            `P0[1]@Lb` to its label Lb (put before a burst of local steps),
 *            and a channel pp that P0 writes and P1 reads (pp!t, pp?t),
 *            in half of those programs as a race: P0's instances send
 *            first thing, P1 asserts on what it gets, others on len(pp);
 *            and sometimes an active process is a spinner that only
 *            computes on t forever (including `atomic { t = 1; t = 0 }`),
 *            and init waits for the end of all others (`end: (_nr_pr ==
 *            1)`) to assert on the globals
 * and, in 40% of the programs (decided on a second random stream, so the
 * other programs are what they were before it existed),
 *   obs      a process W whose private steps `Lb: t = 5; t = 0` only a
 *            reader in the middle can see, and one read of W (W[0]:t,
 *            W[0]@Lb, enabled(0), pc_value(0), _last, or _nr_pr) in one
 *            position: a local, global or function-local initialiser, a
 *            run argument, provided, an unless escape, a d_step or atomic
 *            body, an array index, a send's or a call's argument; the value decides an
 *            assertion, and no other remote reference is in the program
 *            (see obs_plan); sometimes W is `active [2]` and the read
 *            tells its instances apart, for process symmetry
 * and, in 30% of the programs (decided on a third random stream, so the
 * other programs are byte for byte what they were before it existed; such
 * a program has no obs and its process section is all term's; the
 * comment "term: ..." before the processes names the shape):
 *   term     terminating symmetric workers, for process symmetry of
 *            proctypes whose instances end (term_plan).  2-3 instances
 *            of a worker T(byte k) that allocates an A, links it into the
 *            shared list r0 under the lock lk (`atomic { !lk -> lk = true
 *            }` ... `lk = false`), in one atomic step, racily, or with a
 *            path that keeps the lock, counts itself in cnt, maybe does a
 *            random statement, and reaches its closing brace with x0 still
 *            pointing to its object or, in 45% of the programs, null;
 *            often a second terminating proctype U that pops from r0,
 *            interleaved with T in run order (T U T U, T U T, U T T, ...).
 *            The starter is init, or an active M (pid 0, no init) that
 *            reads its own _pid, or an active M declared before
 *            `active [2] proctype T`, or init next to an earlier active P0
 *            (then it waits on cnt), or nobody: `active [2] proctype T`
 *            are pids 0 and 1 and T, or a U each T starts, asks at its
 *            end whether it is alone (`if :: _nr_pr == 1 -> assert(..)
 *            :: else -> skip fi`: in SPIN only pid 0 ever is, since a
 *            process is removed only when it is the last one; a U never
 *            is).  The starter runs the wave (in atomic or not)
 *            and waits with _nr_pr compared with 1 (`_nr_pr == 1`, `<= 1`,
 *            `< 2`, `!(_nr_pr > 1)`, `1 == _nr_pr`) as a plain statement
 *            (maybe `end:`), a busy loop `do :: _nr_pr > 1 -> skip ::
 *            else -> break od`, an unless escape `{ false } unless {
 *            _nr_pr == 1 }`, an atomic or d_step guard, or a blocking if;
 *            then asserts on cnt, the length of r0 and lk (sometimes
 *            wrongly, so that violations come after the wait).  In 12%
 *            the wait compares _nr_pr with 2 instead (`_nr_pr == 2`,
 *            `_nr_pr > 2` ...: the order of deaths shows, T must be
 *            refused).  Later runs: in 35% a second wave (T and/or U)
 *            after the wait, then a second wait and check; in 25% every T
 *            starts a U, or T(1) starts a T(0), before it ends.  Then, in
 *            70% of them, one item in one position (the obs positions:
 *            plain, local initialiser, run argument, provided, unless
 *            escape, d_step, atomic, array index, send argument, call
 *            argument, function-local and global initialiser), whose value
 *            decides an assertion: _nr_pr compared with 1 (harmless: T
 *            stays interchangeable), _nr_pr's value or a comparison with
 *            2 or more, _pid read by a process created after the workers
 *            (R, U or T), a remote reference T[i]:t or T[i]@Lb, a stored
 *            run result (`o = run T(0)`, in atomic, `la[(run T(0) == 3)]`), a local chan
 *            in T (refused), or the starter's own _pid (harmless).  R is
 *            a one-instance reader the starter runs after the workers.
 *            Unreduced searches stay small: median about 1,000 states,
 *            most under 40,000.
 * and, in 25% of the programs (decided on a fourth random stream; such a
 * program has none of the above):
 *   chan     channel guards for the channel rules of partial-order
 *            reduction: byte channels (rendezvous and buffered), sends and
 *            receives beside else/skip/timeout, in unless bodies and
 *            escapes, d_step and atomic, polls, random receives, sorted
 *            sends, nempty/nfull/empty/full/len guards, timeout guards,
 *            deaths in programs without objects; often a race shaped
 *            like one of the hand models (chan_program, rc_race), among
 *            them a process blocked inside an atomic sequence while the
 *            others can move only by timeout
 * and, in 15% of the programs (decided on a fifth random stream, before
 * the others; such a program has none of the above):
 *   pidarr   the flag[_pid] idiom of mutual exclusion under process
 *            symmetry (pid_program)
 * and, in 8% of the programs (decided on a sixth random stream, before all
 * the others; such a program has none of the above):
 *   atomblock  an atomic sequence `atomic { y = 1; OP; y = 0 }` whose OP
 *            (a send, a receive or a channel test on q, `_nr_pr == 1`,
 *            timeout) can block halfway, where a never claim sees y == 1,
 *            and a mate whose private-looking moves (q's only receiver
 *            or sender, a rendezvous partner, a process that ends) decide
 *            whether it does; with --ltl a formula over y (ab_program)
 * and, in 12% of the programs (decided on a seventh random stream, before
 * all the others; such a program has none of the above):
 *   refs     references of classes A, B (and C) through every position a
 *            type checker has to check: function, method and run
 *            arguments, returns, sends and receives, ( -> : ), == and !=,
 *            local, global and field initialisers; typedef and class
 *            field initialisers, calls inside atomic, end/progress/accept
 *            labels in functions (refs_program); --ill-typed writes the
 *            same program with one type error in one of those positions,
 *            for tests/gen/typecheck.sh
 * --features=LIST (comma separated) turns them off: nocalls, nomethods,
 * noobjchan, nomutual, nocontrol, noobs, noterm, nochan, nopidarr,
 * noatomblock, norefs, or nodyn (the first four).  `calls` etc. are accepted and
 * keep a feature on; `term`, `chan`, `pidarr`, `atomblock` and `refs` put those
 * shapes in every program (driver.sh -F term); `noatomobs` takes the
 * watcher of y out of atomblock programs (see ab_program); nofieldinit,
 * noatomcall and nofnlabel take those parts out of refs programs.
 * and, in 10% of the programs (a ninth stream, before all the others):
 *   rules    the soundness rules of issue 37: reads of _nr_pr beside
 *            terminating symmetric proctypes, object channel ids as data,
 *            _pid near the 32-bit wrap, references where heap symmetry
 *            renumbers them (rules_program); `norules` turns it
 *            off, `rules` puts it in every program, `rules-nr`,
 *            `rules-chan`, `rules-pid`, `rules-heap`, `rules-si`,
 *            `rules-dead`, `rules-claim` in every program with that kind.
 * and, only with --features=flat (then in every program, and none of the
 * above is drawn):
 *   flat     programs inside the fragment of dspin -symbolic: no
 *            classes, references, functions, priorities or claims
 *            (flat_program: classic, term, chan, pidarr, atomblock and
 *            rules shapes written with bytes only)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

static uint64_t rs;
static unsigned rnd(unsigned n)
{
	rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
	return n ? (unsigned)((rs >> 11) % n) : 0;
}
static int chance(int pct) { return (int)rnd(100) < pct; }

/* A second stream for the obs feature's decisions, so that a program
 * without obs is the same as the generator made it before obs existed. */
static uint64_t rs2;
static unsigned rnd2(unsigned n)
{
	rs2 ^= rs2 << 13; rs2 ^= rs2 >> 7; rs2 ^= rs2 << 17;
	return n ? (unsigned)((rs2 >> 11) % n) : 0;
}

static int F_CALLS = 1, F_METHODS = 1, F_OBJCHAN = 1, F_MUTUAL = 1, F_CONTROL = 1, F_OBS = 1;
/* what this program actually has */
static int has_f, f_rec, has_h, h_alloc, has_meth, has_ch;
/* flat (--features=flat): every program inside the symbolic fragment (no
 * classes, references, functions, priorities, claims); the shared code
 * below takes the flat branches only then (flat_program) */
static int F_FLAT;
static void flat_simple(void);
static void flat_cond(char *out);
static void flat_locals(void);

/* ---- the program's declarations ---- */
typedef struct Field { const char *name; int cls; } Field;  /* cls: -1 byte, 0 A, 1 B */
typedef struct Cls { const char *name; const char *sfield; Field refs[3]; int nrefs; } Cls;
static Cls cls[2];
static int ncls;

typedef struct Var { char name[16]; int cls; /* -1 byte, -2 bool, 0/1 class */ } Var;
static Var gvars[8]; static int ngvars;
static Var lvars[8]; static int nlvars;
static int has_param;     /* current proctype has byte parameter k */

typedef struct Chan { char name[16]; int cap; int withbyte; } Chan;
static Chan chans[2]; static int nchans;

static int indent;
static int budget;        /* statements left in the current process */
static int depth;         /* nesting of if/atomic blocks */
static int in_atomic;

static void line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
static int quiet;          /* write nothing (--ill-typed's counting pass) */
static void line(const char *fmt, ...)
{
	if (quiet) return;
	for (int i = 0; i < indent; i++) fputs("  ", stdout);
	va_list ap; va_start(ap, fmt); vprintf(fmt, ap); va_end(ap);
	putchar('\n');
}

/* ---- variables ---- */
static int pick_var(int c, char *out, int allow_global, int allow_local)
{
	const Var *cand[16]; int n = 0;
	if (allow_global) for (int i = 0; i < ngvars; i++) if (gvars[i].cls == c) cand[n++] = &gvars[i];
	if (allow_local) for (int i = 0; i < nlvars; i++) if (lvars[i].cls == c) cand[n++] = &lvars[i];
	if (!n) return 0;
	strcpy(out, cand[rnd(n)]->name);
	return 1;
}

/* A path to an object of class c: a variable, or a chain of up to `maxd`
 * reference fields from a variable.  guard gets the null checks needed to
 * dereference every prefix (empty if none).  Returns 0 if none exists. */
static int ref_path(int c, int maxd, char *path, char *guard)
{
	for (int tries = 0; tries < 20; tries++) {
		int d = maxd ? (int)rnd(maxd + 1) : 0;
		/* start from a variable of some class, walk d fields ending in class c */
		int startc = (int)rnd(ncls);
		char p[128], g[512];
		if (!pick_var(startc, p, 1, 1)) continue;
		g[0] = 0;
		int cur = startc, ok = 1;
		for (int i = 0; i < d; i++) {
			Cls *k = &cls[cur];
			if (!k->nrefs) { ok = 0; break; }
			Field *f = &k->refs[rnd(k->nrefs)];
			char q[160];
			if (g[0]) strcat(g, " && ");
			strcat(g, p); strcat(g, " != null");
			snprintf(q, sizeof q, "%s.%s", p, f->name);
			strcpy(p, q);
			cur = f->cls;
		}
		if (!ok || cur != c) continue;
		strcpy(path, p); strcpy(guard, g);
		return 1;
	}
	return 0;
}

/* Guard g with "the object at path is not null" added. */
static void add_nonnull(char *g, const char *path)
{
	if (g[0]) strcat(g, " && ");
	strcat(g, path); strcat(g, " != null");
}

static void scalar_expr(char *out)
{
	char v[16];
	switch (rnd(5)) {
	case 0: sprintf(out, "%u", rnd(4)); break;
	case 1: if (has_param) { strcpy(out, "k"); break; } /* fallthrough */
	case 2: if (pick_var(-1, v, 1, 1)) { sprintf(out, "%s + 1", v); break; } /* fallthrough */
	default: sprintf(out, "%u", 1 + rnd(3)); break;
	}
}

/* Emit `if :: G -> S; :: else -> skip; fi;` or, sometimes (or when there is
 * nothing to guard), just `S;` — the unguarded form can dereference null. */
static void guarded(const char *g, const char *s)
{
	if (g[0] && !chance(6)) line("if :: %s -> %s; :: else -> skip; fi;", g, s);
	else line("%s;", s);
}

static void stmt(void);

/* A statement using a call, a method or an object channel (the features
 * this program has).  Returns 0 if it emitted nothing. */
static int feature_stmt(void)
{
	char p[256], g[768], v[16], x[16], e[64], buf[1400];
	int kinds[8], nk = 0;
	if (has_f) kinds[nk++] = 0, kinds[nk++] = 0;
	if (has_h) kinds[nk++] = 1;
	if (has_meth) kinds[nk++] = 2, kinds[nk++] = 2;
	if (has_ch) kinds[nk++] = 3, kinds[nk++] = 3;
	if (!nk) return 0;
	if (!ref_path(0, 1, p, g)) return 0;
	unsigned karg = rnd(4);
	switch (kinds[rnd(nk)]) {
	case 0: /* byte f(A a, byte k): null-safe itself; only the path needs a guard */
		switch (rnd(4)) {
		case 0: snprintf(buf, sizeof buf, "f(%s, %u)", p, karg); break;
		case 1:
			if (!pick_var(-1, v, 1, 1)) return 0;
			snprintf(buf, sizeof buf, "%s = f(%s, %u)", v, p, karg); break;
		case 2:
			if (!pick_var(-1, v, 1, 1)) return 0;
			snprintf(buf, sizeof buf, "%s = f(%s, %u) + 1", v, p, karg); break;
		default:
			snprintf(buf, sizeof buf, "assert(f(%s, %u) < %u)", p, karg, 2 + rnd(4)); break;
		}
		budget--;
		guarded(g, buf);
		return 1;
	case 1: /* A h(A a, byte k) */
		switch (rnd(3)) {
		case 0: snprintf(buf, sizeof buf, "h(%s, %u)", p, karg); break;
		case 1:
			if (!pick_var(0, x, 1, 1)) return 0;
			snprintf(buf, sizeof buf, "%s = h(%s, %u)", x, p, karg); break;
		default:
			snprintf(buf, sizeof buf, "assert(h(%s, %u) != %s || %s == null)", p, karg, p, p); break;
		}
		budget--;
		guarded(g, buf);
		return 1;
	case 2: /* methods of A, through a reference (null-checked most of the time) */
		add_nonnull(g, p);
		switch (rnd(4)) {
		case 0: case 1:
			scalar_expr(e);
			snprintf(buf, sizeof buf, "%s.set(%s)", p, e); break;
		case 2:
			if (!pick_var(-1, v, 1, 1)) return 0;
			snprintf(buf, sizeof buf, "%s = %s.get()", v, p); break;
		default:
			snprintf(buf, sizeof buf, "assert(%s.get() != %u)", p, 1 + rnd(3)); break;
		}
		budget--;
		guarded(g, buf);
		return 1;
	default: /* the object's channel: mailbox or lock */
		add_nonnull(g, p);
		if (!pick_var(-1, v, 1, 1)) return 0;
		budget--;
		switch (rnd(5)) {
		case 0: /* non-blocking send */
			scalar_expr(e);
			line("if :: %s && nfull(%s.ch) -> %s.ch ! %s; :: else -> skip; fi;", g, p, p, e);
			return 1;
		case 1: /* non-blocking receive */
			line("if :: %s && nempty(%s.ch) -> %s.ch ? %s; :: else -> skip; fi;", g, p, p, v);
			return 1;
		case 2: /* blocking send (mailbox) */
			scalar_expr(e);
			snprintf(buf, sizeof buf, "%s.ch ! %s", p, e);
			guarded(g, buf);
			return 1;
		case 3: /* blocking receive */
			snprintf(buf, sizeof buf, "%s.ch ? %s", p, v);
			guarded(g, buf);
			return 1;
		default: /* lock: take the token, update the object, give it back */
			line("if :: %s -> %s.ch ? %s; %s.v = %s + 1; %s.ch ! %s; :: else -> skip; fi;", g, p, v, p, v, p, v);
			return 1;
		}
	}
}

static void block(int n);

/* ---- obs: one read of another process's state, in one position ----
 * The analysis that decides which steps partial-order reduction may take
 * alone, and which proctypes process symmetry may permute, has to find
 * every read of another process's state: P[i]:x, P[i]@L, enabled(),
 * pc_value(), _last, and _nr_pr (the number of processes, changed by run
 * and by deaths).  A read it misses makes the watched process's moves look
 * private, and the reduction then never lets a reader in between them.
 * In an obs program a process W (pid 0, declared first) has a stretch of
 * private steps that only a reader in the middle can see:
 *     Lb: t = 5; t = 0          (then W ends), or for _last
 *     do :: true -> Lb: t = 5; t = 0 od
 * and one proctype (the reader) reads W in ONE position (a local or global
 * initialiser, a run argument, provided, an unless escape, a d_step or
 * atomic body, an array index, a send's argument, a function's local
 * initialiser), through a condition that holds only inside the stretch
 * (obs_cond); the value decides an assertion.  Remote references elsewhere
 * are left out of such a program, so the read in that position is the
 * only one: a visitor that skips the position makes the reduction miss the
 * violation (tests/gen/mutants.sh has one mutant per position). */
enum { K_RVAR, K_RLABEL, K_ENABLED, K_PCVALUE, K_LAST, K_NRPR, NKIND };
enum { P_LOCALINIT, P_RUNARG, P_PROVIDED, P_UNLESS, P_DSTEP, P_ATOMIC, P_INDEX, P_CHAN,
       P_GLOBALINIT, P_FUNCINIT, P_CALLARG, NPOS };
static const char *const obs_pos_name[NPOS] = { "localinit", "runarg", "provided", "unless",
	"dstep", "atomic", "index", "chan", "globalinit", "funcinit", "callarg" };
static const char *const obs_kind_name[NKIND] = { "remote-var", "remote-label", "enabled",
	"pc_value", "_last", "_nr_pr" };
static int obs_pos = -1, obs_kind = -1;   /* -1: no obs in this program */
static int obs_reader;     /* the proctype being generated is the reader */
static int obs_pending;    /* ... and its read is still to come */
static int pid_base;       /* 1 when W is pid 0 (2 with W2) */
/* W2: W is `active [2]` and spins, and the read tells its two instances
 * apart (W[1] inside the stretch while W[0] is not, or the other way
 * round): process symmetry must then not take them as interchangeable */
static int obs_w2, obs_swap;

/* the condition on W that holds only inside W's stretch of private steps */
static void obs_cond(char *out)
{
	switch (obs_kind) {
	case K_RVAR:
		if (obs_w2) sprintf(out, "(W[%d]:t == 5 && W[%d]:t != 5)", !obs_swap, obs_swap);
		else strcpy(out, "W[0]:t == 5");
		break;
	case K_RLABEL:
		if (obs_w2) sprintf(out, "(W[%d]@Lb && !W[%d]@Lb)", !obs_swap, obs_swap);
		else strcpy(out, "W[0]@Lb");
		break;
	case K_ENABLED: strcpy(out, "enabled(0)"); break;  /* W has not ended */
	/* W's pc inside the stretch: 1 or 2 in SPIN (states numbered from the
	 * entry: 1, 2, end 3) and in dspin (from the end: 2, 1, end 0) */
	case K_PCVALUE: strcpy(out, "(pc_value(0) == 1 || pc_value(0) == 2)"); break;
	/* W spins on private steps forever: a reduction that ignores the read
	 * lets W move before every read, so only a step in between (someone
	 * else moved last) sees _last != 0 */
	case K_LAST: strcpy(out, "_last != 0"); break;
	/* o2 = _nr_pr just before: a run or a death in between */
	default: strcpy(out, "_nr_pr != o2"); break;
	}
}

/* the read as a value: 5 exactly when obs_cond holds, else 0 */
static void obs_val(char *out)
{
	char c[96];
	if (obs_kind == K_RVAR && !obs_w2) { strcpy(out, "W[0]:t"); return; }
	obs_cond(c);
	sprintf(out, "(%s -> 5 : 0)", c);
}

/* Decide whether this program has obs, and where and what it reads. */
static void obs_plan(void)
{
	/* which kinds each position can take: SPIN rejects remote references
	 * in provided, and its pan does not compile enabled() in an
	 * initialiser or pc_value() in a global one; in a local initialiser or
	 * a run argument _nr_pr is read by the (never private) run step, and
	 * in provided no order of private steps changes it */
	static const unsigned char ok[NPOS][NKIND] = {
		[P_LOCALINIT] = { 1, 1, 0, 1, 1, 0 }, [P_RUNARG] = { 1, 1, 1, 1, 1, 0 },
		[P_PROVIDED] = { 0, 0, 1, 1, 1, 0 },  [P_UNLESS] = { 1, 1, 1, 1, 1, 1 },
		[P_DSTEP] = { 1, 1, 1, 1, 1, 1 },     [P_ATOMIC] = { 1, 1, 1, 1, 1, 1 },
		[P_INDEX] = { 1, 1, 1, 1, 1, 1 },     [P_CHAN] = { 1, 1, 1, 1, 1, 1 },
		[P_GLOBALINIT] = { 0, 0, 0, 0, 1, 1 }, [P_FUNCINIT] = { 1, 1, 1, 1, 1, 0 },
		[P_CALLARG] = { 1, 1, 1, 1, 1, 0 },
	};
	static const unsigned char pos_w[NPOS] = { 3, 2, 2, 3, 2, 2, 2, 2, 1, 3, 2 };
	static const unsigned char kind_w[NKIND] = { 3, 3, 1, 1, 1, 1 };
	if (!F_OBS || rnd2(100) >= 40) return;
	unsigned tot = 0, r;
	/* the function positions need f */
	for (int i = 0; i < NPOS; i++) tot += (i == P_FUNCINIT || i == P_CALLARG) && !has_f ? 0 : pos_w[i];
	r = rnd2(tot);
	for (obs_pos = 0; ; obs_pos++) {
		unsigned w = (obs_pos == P_FUNCINIT || obs_pos == P_CALLARG) && !has_f ? 0 : pos_w[obs_pos];
		if (r < w) break;
		r -= w;
	}
	tot = 0;
	for (int k = 0; k < NKIND; k++) tot += ok[obs_pos][k] ? kind_w[k] : 0;
	r = rnd2(tot);
	for (obs_kind = 0; ; obs_kind++) {
		unsigned w = ok[obs_pos][obs_kind] ? kind_w[obs_kind] : 0;
		if (r < w) break;
		r -= w;
	}
	obs_w2 = obs_kind <= K_RLABEL && rnd2(100) < 30;
	obs_swap = (int)rnd2(2);
	pid_base = obs_w2 ? 2 : 1;
}

/* W: pid 0, a stretch of private steps others can only see from inside */
static void obs_watched(void)
{
	line("/* obs: %s in %s */", obs_kind_name[obs_kind], obs_pos_name[obs_pos]);
	line("active %sproctype W() {", obs_w2 ? "[2] " : ""); indent++;
	line("byte t;");
	if (obs_kind == K_LAST || obs_w2) {
		line("do");
		line(":: true -> Lb: t = 5; t = 0");
		line("od");
	} else {
		line("Lb: t = 5;");
		line("t = 0");
	}
	indent--; line("}");
}

/* the reader's extra locals (not in lvars: random statements leave them alone) */
static void obs_locals(void)
{
	char v[128];
	if (obs_pos == P_LOCALINIT) { obs_val(v); line("byte o = %s;", v); }
	else line("byte o;");
	if (obs_kind == K_NRPR) line("byte o2;");
	if (obs_pos == P_INDEX) line("byte la[2];");
}

/* the reader's first statements: the read happened before the body
 * (initialiser, run argument) or gates every step (provided) */
static void obs_prologue(void)
{
	if (obs_pos == P_LOCALINIT) { line("assert(o != 5);"); obs_pending = 0; }
	else if (obs_pos == P_RUNARG) { line("assert(k != 5);"); obs_pending = 0; }
	else if (obs_pos == P_PROVIDED) { line("assert(false);"); obs_pending = 0; }   /* moving at all is the violation */
}

/* the read in the reader's body, and the assertion its value decides */
static void obs_stmt(void)
{
	char c[96], v[128];
	obs_pending = 0;
	obs_cond(c);
	obs_val(v);
	if (obs_kind == K_NRPR) line("o2 = _nr_pr;");
	switch (obs_pos) {
	case P_UNLESS:
		line("{"); indent++;
		line("o = 1;");
		if (budget > 0 && rnd2(2)) { depth++; stmt(); depth--; }
		line("o = 0;");
		indent--; line("} unless { %s -> o = 5 };", c);
		line("assert(o != 5);");
		return;
	case P_DSTEP:
		line("d_step { o = %s; o = o + 1 };", v);
		line("assert(o != 6);");
		return;
	case P_ATOMIC:
		if (rnd2(2)) line("atomic { o = %s; assert(o != 5) };", v);
		else { line("atomic { o = 1; o = %s };", v); line("assert(o != 5);"); }
		return;
	case P_INDEX:
		switch (rnd2(3)) {
		case 0: line("la[%s] = 1;", c); line("assert(la[1] == 0);"); return;
		case 1: line("la[1] = 5;"); line("o = la[%s];", c); line("assert(o != 5);"); return;
		default: line("la[1] = 1;"); line("assert(la[%s] == 0);", c); return;
		}
	case P_CHAN:
		line("ob!%s;", v);
		line("ob?o;");
		line("assert(o != 5);");
		return;
	case P_FUNCINIT:
		line("f(null, 1);");   /* f's own local reads W */
		return;
	case P_CALLARG:
		line("o = f(null, %s);", v);   /* f returns k when a == null */
		line("assert(o != 5);");
		return;
	case P_GLOBALINIT:
		/* evaluated before any process exists: nothing to miss, but the
		 * visitor must still accept it */
		line("assert(gi == 0);");
		return;
	default:
		return;
	}
}

/* earlier active processes with a local t, by pid: targets of P[pid]:t */
static struct { int pt, pid, label; } remotes[8];
static int nremote, next_pid;
static int cur_label;      /* the process being generated has label Lb */
static int has_pipe;       /* chan pp: written by P0's instances, read by P1's */
static int pipe_race;      /* and P0's instances race to send on it first */
static int p0_active2;     /* P0 is `active [2]`: its instances are pids 0 and 1 */
static int cur_pt;         /* the proctype being generated */

static int has_local_t(void)
{
	for (int i = 0; i < nlvars; i++) if (!strcmp(lvars[i].name, "t") && lvars[i].cls == -1) return 1;
	return 0;
}

/* a burst of local steps: intermediate values that only an interleaving in
 * the middle observes; the process's first burst at top level gets Lb */
static void burst(int back_to_zero)
{
	if (!cur_label && !in_atomic && depth == 0) { line("Lb: t = 1;"); cur_label = 1; }
	else line("t = 1;");
	line("t = 2;");
	if (back_to_zero) line("t = 0;");
}

/* one step on the local t that partial-order reduction may take alone */
static void local_step(void)
{
	switch (rnd(in_atomic ? 5 : 6)) {
	case 4: burst(chance(50)); break;
	case 0: line("t = (t + %u) %% 3;", 1 + rnd(2)); break;
	case 1: line("if :: t > %u -> t = 0 :: else -> t = t + 1 fi;", rnd(2)); break;
	case 2: line("d_step { t = t + 1; t = t %% %u };", 2 + rnd(2)); break;
	case 5:  /* entering it disables everybody else (Twophase, bug 2) */
		line("atomic { t = %u; t = %u };", 1 + rnd(2), rnd(2));
		break;
	default: line("t = t * 2 %% 5;"); break;
	}
}

/* A process that computes on its local t forever and does nothing else:
 * a cycle of safe steps, so the reduction's in-stack proviso is what lets
 * the other processes move (the ignoring problem); others may watch it
 * through P[i]:t and P[i]@Lb; it never terminates, so its instances are
 * candidates for process symmetry. */
static void spinner_body(void)
{
	line("do");
	line(":: true ->");
	indent++;
	int n = 1 + (int)rnd(3);
	if (chance(50) && !cur_label) { burst(1); n--; }   /* others may watch t = 2 */
	for (int i = 0; i < n; i++) local_step();
	indent--;
	line("od");
}

/* a statement of the control feature, or 0 if none fits here */
static int control_stmt(void)
{
	if (!F_CONTROL) return 0;
	int t = has_local_t();
	if (pipe_race && cur_pt >= 2 && chance(25)) {
		/* a process that watches the pipe's length: the ends' steps are
		 * visible to it */
		budget--;
		line("assert(len(pp) != %u);", 1 + rnd(2));
		return 1;
	}
	if (has_pipe && t && cur_pt <= 1 && chance(40)) {
		/* a channel with one writer and one reader proctype: its sends and
		 * receives are conditionally safe when P0 and P1 have one
		 * instance each (reduce/por_chan.c) */
		budget--;
		if (cur_pt == 0) line(chance(60) ? "if :: pp!t; :: skip; fi;" : "pp!t;");
		else switch (rnd(3)) {
		case 0: line("if :: pp?t; :: skip; fi;"); break;
		case 1: line("if :: pp?t; :: timeout; fi;"); break;
		default: line("if :: pp?t -> assert(t != %u) :: skip fi;", 1 + rnd(2)); break;
		}
		return 1;
	}
	switch (nremote && chance(45) ? 5 : rnd(5)) {
	case 5: {        /* read another process's local: a remote reference */
		if (!nremote || obs_pos >= 0) return 0;   /* obs: W's read is the only one */
		int r = (int)rnd((unsigned)nremote);
		budget--;
		if (remotes[r].label && chance(40)) line("assert(!P%d[%d]@Lb);", remotes[r].pt, remotes[r].pid);
		else if (chance(50)) line("assert(P%d[%d]:t != %u);", remotes[r].pt, remotes[r].pid, 1 + rnd(2));
		else if (t) line("if :: P%d[%d]:t > 0 -> t = 1 :: else -> skip fi;", remotes[r].pt, remotes[r].pid);
		else line("P%d[%d]:t < 3;", remotes[r].pt, remotes[r].pid);
		return 1;
	}
	case 0: case 1:  /* local computation: safe steps for POR */
		if (!t) return 0;
		budget--;
		local_step();
		return 1;
	case 2: {        /* a receive that gives up when nothing else can move */
		if (!nchans || in_atomic) return 0;
		Chan *ch = &chans[rnd((unsigned)nchans)];
		char p[16], v[16];
		if (!pick_var(0, p, 1, 1)) return 0;
		budget--;
		if (ch->withbyte) {
			if (!pick_var(-1, v, 1, 1)) return 0;
			line("if :: %s?%s,%s; :: timeout; fi;", ch->name, v, p);
		} else line("if :: %s?%s; :: timeout; fi;", ch->name, p);
		return 1;
	}
	case 3: {        /* a block that a global flag cuts short */
		int gb = 0;
		for (int i = 0; i < ngvars; i++) if (gvars[i].cls == -2) gb = 1;
		if (!gb || depth >= 2 || in_atomic || budget < 3) return 0;
		budget--; depth++;
		line("{"); indent++;
		block(1 + rnd(2));
		indent--; line("} unless { gb };");
		depth--;
		return 1;
	}
	default:         /* set the flag (so that unless can fire) */
		for (int i = 0; i < ngvars; i++) if (gvars[i].cls == -2) { budget--; line("gb = true;"); return 1; }
		return 0;
	}
}

static void simple_stmt(void)
{
	if (F_FLAT) { flat_simple(); return; }
	char p[256], g[768], p2[256], g2[768], e[64], v[16], buf[1400];
	int c = (int)rnd(ncls);
	if (chance(35) && feature_stmt()) return;
	if (chance(F_CONTROL && nremote ? 35 : 20) && control_stmt()) return;
	budget--;
	switch (rnd(19)) {
	case 0: case 1: case 16: case 17: case 18: /* allocation into a variable or a field (the guard of
	                 * a path already checks every dereferenced prefix) */
		if (chance(65) || !ref_path(c, 1, p, g)) {
			if (!pick_var(c, p, 1, 1)) { line("skip;"); return; }
			line("%s = new %s;", p, cls[c].name);
			return;
		}
		snprintf(buf, sizeof buf, "%s = new %s", p, cls[c].name);
		guarded(g, buf);
		return;
	case 2: case 3: /* reference assignment */
		if (!ref_path(c, 1, p, g)) { line("skip;"); return; }
		if (chance(25)) strcpy(p2, "null"), g2[0] = 0;
		else if (!ref_path(c, 2, p2, g2)) { line("skip;"); return; }
		if (g2[0]) { if (g[0]) strcat(g, " && "); strcat(g, g2); }
		snprintf(buf, sizeof buf, "%s = %s", p, p2);
		guarded(g, buf);
		return;
	case 4: case 5: /* field write */
		if (!ref_path(c, 1, p, g)) { line("skip;"); return; }
		add_nonnull(g, p);
		scalar_expr(e);
		snprintf(buf, sizeof buf, "%s.%s = %s", p, cls[c].sfield, e);
		guarded(g, buf);
		return;
	case 6: case 7: /* field read */
		if (!ref_path(c, 2, p, g) || !pick_var(-1, v, 1, 1)) { line("skip;"); return; }
		add_nonnull(g, p);
		snprintf(buf, sizeof buf, "%s = %s.%s", v, p, cls[c].sfield);
		guarded(g, buf);
		return;
	case 8: /* scalar globals */
		if (pick_var(-2, v, 1, 1) && chance(50)) {
			/* a bool set from a byte: truncated to its low bit (the
			 * assertion fails where a store does not truncate; a
			 * global byte another process writes in between can fail
			 * it too, interpreted or not).  (x0 here may be a
			 * reference: the first version wrote x0 and made
			 * ill-typed programs, seeds 90 and 292) */
			char w[16];
			if (chance(60) && pick_var(-1, w, 1, 1)) { unsigned k = rnd(3); line("%s = %s + %u;", v, w, k); line("assert(%s == ((%s + %u) & 1));", v, w, k); }
			else line("%s = !%s;", v, v);
			return;
		}
		if (!pick_var(-1, v, 1, 1)) { line("skip;"); return; }
		if (chance(50)) line("%s++;", v);
		else { scalar_expr(e); line("%s = %s;", v, e); }
		return;
	case 9: case 10: { /* send */
		if (!nchans) { line("skip;"); return; }
		Chan *ch = &chans[rnd(nchans)];
		if (!pick_var(0, p, 1, 1)) { line("skip;"); return; }
		if (ch->withbyte) { scalar_expr(e); snprintf(buf, sizeof buf, "%s!%s,%s", ch->name, e, p); }
		else snprintf(buf, sizeof buf, "%s!%s", ch->name, p);
		if (chance(80) && !in_atomic) line("if :: %s; :: skip; fi;", buf);
		else line("%s;", buf);
		return;
	}
	case 11: case 12: { /* receive */
		if (!nchans) { line("skip;"); return; }
		Chan *ch = &chans[rnd(nchans)];
		if (!pick_var(0, p, 1, 1)) { line("skip;"); return; }
		if (ch->withbyte) {
			if (!pick_var(-1, v, 1, 1)) { line("skip;"); return; }
			snprintf(buf, sizeof buf, "%s?%s,%s", ch->name, v, p);
		} else snprintf(buf, sizeof buf, "%s?%s", ch->name, p);
		if (chance(80) && !in_atomic) line("if :: %s; :: skip; fi;", buf);
		else line("%s;", buf);
		return;
	}
	case 13: case 14: { /* assertion */
		switch (rnd(4)) {
		case 0:
			if (!pick_var(-1, v, 1, 0)) { line("skip;"); return; }
			line("assert(%s < %u);", v, 2 + rnd(4));
			return;
		case 1:
			if (!ref_path(c, 1, p, g)) { line("skip;"); return; }
			if (chance(85)) line("assert(%s == null || %s.%s != %u);", p, p, cls[c].sfield, 1 + rnd(3));
			else line("assert(%s.%s != %u);", p, cls[c].sfield, 1 + rnd(3));
			(void)g;
			return;
		case 2:
			if (!pick_var(c, p, 1, 1) || !pick_var(c, p2, 1, 1) || !strcmp(p, p2)) { line("skip;"); return; }
			line("assert(%s != %s || %s == null);", p, p2, p);
			return;
		default:
			if (!pick_var(-2, v, 1, 1) || !pick_var(-1, p, 1, 1)) { line("skip;"); return; }
			line("assert(!%s || %s < %u);", v, p, 1 + rnd(4));
			return;
		}
	}
	default: /* drop a local reference (lets the GC collect) */
		if (!pick_var(c, p, 0, 1)) { line("skip;"); return; }
		line("%s = null;", p);
		return;
	}
}

/* v compared with a constant by any of the six comparisons, v sometimes
 * under an arithmetic operator first: every operator and comparison the
 * flat code (vm/guard.c) compiles and vm/native.c turns into C.  Before
 * 2026-12-03 conditions compared with < and >= only, and the mutants
 * native_le (<= compiled as <) and native_bit went uncaught */
static const char *const arith_bin[] = { "+ 1", "- 1", "* 2", "& 1", "| 2", "^ 3", "<< 1", ">> 1" };
static void arith_cmp(char *out, const char *v)
{
	static const char *const cmp[] = { "<", "<=", ">", ">=", "==", "!=" };
	const char *const *bin = arith_bin;
	const char *c = cmp[rnd(6)];
	unsigned k = 1 + rnd(3);
	switch (rnd(5)) {
	case 0: case 1: sprintf(out, "(%s %s) %s %u", v, bin[rnd(8)], c, k); break;
	case 2: sprintf(out, "%s%s %s %u", chance(50) ? "-" : "~", v, c, k); break;
	default: sprintf(out, "%s %s %u", v, c, k); break;
	}
}

static void cond(char *out)
{
	if (F_FLAT) { flat_cond(out); return; }
	char p[256], g[768], v[16];
	int c = (int)rnd(ncls);
	switch (rnd(4)) {
	case 0:
		if (ref_path(c, 1, p, g)) {
			if (chance(50)) sprintf(out, "%s%s%s != null", g, g[0] ? " && " : "", p);
			else sprintf(out, "%s%s%s == null", g, g[0] ? " && " : "", p);
			return;
		}
		break;
	case 1:
		if (ref_path(c, 1, p, g)) {
			add_nonnull(g, p);
			if (chance(85)) sprintf(out, "%s && %s.%s > %u", g, p, cls[c].sfield, rnd(3));
			else sprintf(out, "%s.%s > %u", p, cls[c].sfield, rnd(3));
			return;
		}
		break;
	case 2:
		if (pick_var(-2, v, 1, 1)) { sprintf(out, "%s%s", chance(50) ? "!" : "", v); return; }
		break;
	default: break;
	}
	if (pick_var(-1, v, 1, 1)) arith_cmp(out, v);
	else strcpy(out, "true");
}

static void block(int n)
{
	for (int i = 0; i < n && budget > 0; i++) stmt();
}

static void stmt(void)
{
	if (obs_pending && depth == 0 && !in_atomic && rnd2(3) == 0) { obs_stmt(); return; }
	if (depth < 2 && budget > 2 && chance(18)) {
		char c[1200];
		depth++; budget--;
		cond(c);
		line("if");
		line(":: %s ->", c); indent++; block(1 + rnd(2)); indent--;
		if (chance(70)) { line(":: else ->"); indent++; block(1); if (!budget) line("skip;"); indent--; }
		else { cond(c); line(":: %s ->", c); indent++; block(1); if (!budget) line("skip;"); indent--; }
		line("fi;");
		depth--;
		return;
	}
	if (depth < 2 && !in_atomic && budget > 2 && chance(12)) {
		depth++; budget--; in_atomic = 1;
		line("atomic {"); indent++; block(2 + rnd(2)); indent--; line("};");
		in_atomic = 0; depth--;
		return;
	}
	simple_stmt();
}

static void locals(int allow_params)
{
	nlvars = 0;
	if (F_FLAT) { flat_locals(); return; }
	int nl = 1 + (int)rnd(2);
	for (int i = 0; i < nl; i++) {
		Var *v = &lvars[nlvars++];
		v->cls = (ncls > 1 && chance(25)) ? 1 : 0;
		sprintf(v->name, "x%d", i);
		line("%s %s;", cls[v->cls].name, v->name);
	}
	if ((has_pipe && cur_pt <= 1) || chance(50)) { Var *v = &lvars[nlvars++]; v->cls = -1; strcpy(v->name, "t"); line("byte t;"); }
	if (obs_reader) obs_locals();
	(void)allow_params;
}

/* start with an object most of the time */
static void first_object(void)
{
	if (F_FLAT) return;
	if (chance(60)) {
		int c = lvars[0].cls;
		line("%s = new %s;", lvars[0].name, cls[c].name);
		if (c == 0 && has_ch && chance(50)) line("%s.ch ! 1;", lvars[0].name);
	}
}

/* The pipe's two ends use it at least once, near the start of the body.
 * In a race (pipe_race) P0's instances send distinct values unconditionally
 * before any other step, and P1 asserts on the value it receives (against a
 * constant or its own _pid), so the order of the sends, or which receiver
 * gets which message, decides the assertion: the situation that
 * reduce/por_chan.c's exclusivity proof exists for.  Without the race, a
 * `new` before the sends or a `skip` instead of a send lets the other order
 * happen anyway, and a reduction that wrongly fixed the order would go
 * unnoticed. */
static void pipe_ends(int np)
{
	if (!has_pipe || np > 1) return;
	if (!pipe_race) {
		if (np == 0) { if (chance(50)) line("t = _pid %% 3;"); else line("t = %u;", rnd(3)); line("if :: pp!t; :: skip; fi;"); }
		else line("if :: pp?t -> assert(t != %u) :: skip fi;", 1 + rnd(2));
		return;
	}
	if (np == 0) { line("t = _pid %% 3;"); line("pp!t;"); return; }
	if (chance(30)) line("pp?t; assert(t != _pid %% 3);");
	else line("pp?t; assert(t != %u);", p0_active2 ? (pid_base + rnd(2)) % 3 : rnd(3));
	if (chance(30)) line("if :: pp?t -> assert(t != %u) :: skip fi;", rnd(3));
}

static void body(int total, int forever)
{
	budget = total <= 2 ? 3 + (int)rnd(4) : total == 3 ? 2 + (int)rnd(3) : 2 + (int)rnd(2);
	if (forever) {
		/* a process that never terminates: its instances are candidates
		 * for process symmetry (terminating ones are not) */
		line("do");
		line(":: true ->");
		indent++;
		block(budget);
		if (obs_pending) obs_stmt();
		indent--;
		line("od");
		return;
	}
	if (chance(55)) {
		unsigned bound = chance(30) ? 2 : 1;
		line("byte i;");
		line("do");
		line(":: i < %u ->", bound);
		indent++;
		block(budget);
		if (obs_pending) obs_stmt();
		if (budget <= 0 || 1) line("i++;");
		indent--;
		line(":: else -> break;");
		line("od;");
	} else {
		block(budget);
		if (obs_pending) obs_stmt();
	}
}

/* ---- term: terminating symmetric workers ----
 * Process symmetry may permute the instances of a proctype that
 * terminates only when no process's pid is observable once they exist:
 * a death out of SPIN's order (SPIN removes the last-created process
 * first) then changes nothing anyone can see, and the trail postpones
 * it.  A term program has a starter (or none, TS_NONE) that runs 2-3
 * (with a second wave, up to 5) instances of a worker T that allocates,
 * links its object into
 * the shared list r0 under the lock lk (or racily), counts itself in cnt
 * and ENDS, and often of a second terminating proctype U that pops from
 * the list, interleaved in run order (T U T U).  The starter waits for
 * them with _nr_pr compared with 1, in one of several positions (a plain
 * wait, a busy loop, an unless escape, an atomic or d_step guard, a
 * blocking if), then asserts on the shared state; sometimes it starts a
 * second wave and waits again, and sometimes a worker starts another
 * before it ends.  Then, in 70% of the programs, one item that makes
 * pids or the order of deaths observable (so T must be refused), or a
 * harmless one, is put in one position (term_plan's table). */
static int F_TERM = 1;      /* 0 noterm, 1 in 30% of the programs, 2 (term) in all */
static int term;            /* this program is a term program */
static uint64_t rs3;        /* third stream: programs without term stay the same */
static unsigned rnd3(unsigned n)
{
	rs3 ^= rs3 << 13; rs3 ^= rs3 >> 7; rs3 ^= rs3 << 17;
	return n ? (unsigned)((rs3 >> 11) % n) : 0;
}
static int chance3(int pct) { return (int)rnd3(100) < pct; }

/* who starts the workers */
enum { TS_INIT,     /* init runs them and waits on _nr_pr */
       TS_MAIN,     /* an active M (pid 0, no init) runs them, waits, reads its own _pid */
       TS_ACTIVE,   /* M declared first waits for `active [N] proctype T(byte k)` declared after it */
       TS_CNT,      /* an earlier active P0 (maybe reading _pid) runs along; init waits on cnt */
       TS_NONE,     /* no starter: `active [N] proctype T` are pids 0.., and T (or a U it
                     * starts) asks whether it is alone: in SPIN only pid 0 ever is */
       NTS };
static const char *const ts_name[NTS] = { "init", "main", "active", "cnt", "none" };
/* the item: harmless (the workers stay interchangeable) or observable */
enum { TK_NONE, TK_NRPR_OK, TK_NRPR_BAD, TK_PID, TK_REMOTE, TK_RUNRES, TK_LCHAN, TK_PIDOK, NTK };
static const char *const tk_name[NTK] = { "none", "_nr_pr-vs-1", "_nr_pr-other", "_pid-later",
	"remote", "run-result", "local-chan", "_pid-starter" };
enum { TP_PLAIN, TP_LOCALINIT, TP_RUNARG, TP_PROVIDED, TP_UNLESS, TP_DSTEP, TP_ATOMIC, TP_INDEX,
       TP_CHAN, TP_CALLARG, TP_FUNCINIT, TP_GLOBALINIT, NTP };
static const char *const tp_name[NTP] = { "plain", "localinit", "runarg", "provided", "unless",
	"dstep", "atomic", "index", "chan", "callarg", "funcinit", "globalinit" };
/* which process holds the item */
enum { RD_STARTER, RD_R, RD_U, RD_T, NRD };
static const char *const rd_name[NRD] = { "starter", "R", "U", "T" };
/* how the starter waits: a plain condition, a busy loop, an unless escape,
 * an atomic or d_step guard, a blocking if */
enum { WP_PLAIN, WP_LOOP, WP_UNLESS, WP_ATOMIC, WP_DSTEP, WP_IF, NWP };
static const char *const wp_name[NWP] = { "plain", "loop", "unless", "atomic", "dstep", "if" };

static struct {
	int starter;
	int wave[4], nwave;      /* the first wave in run order: 0 T, 1 U */
	int wave_k[4];           /* T's argument (T(1) may start a T(0)) */
	int atomic_runs;         /* the first wave inside atomic */
	int has_u;
	int wave2[2], nwave2;    /* a second wave after the first wait */
	int t_spawn;             /* T starts before it ends: 0 nothing, 1 a U, 2 T(k - 1) when k > 0 */
	int lock;                /* 0 test-and-set on lk, 1 none (racy), 2 atomic update, 3 may leak lk */
	int wait_pos, wait_bad;  /* wait_bad: compared with 2 (the order of deaths shows) */
	int nullend;             /* workers drop their references before they end */
	int kind, pos, reader;
	int rdone;               /* the item was emitted */
	int r_run;               /* the starter's run R(...) was emitted */
	int V;                   /* the value the item's assertion is about */
	int firstpid;            /* pid of the first worker of the first wave */
	int uses_r;              /* proctype R exists (reader), run by the starter */
	int r_pid;               /* R's pid if nobody died before it was run */
	int t_active;            /* TS_ACTIVE: number of active T instances */
	int npush, npop;         /* T instances (push) and U instances (pop) so far */
	int alone;               /* TS_NONE: the alone test is in 1 T, 2 U */
	int held;                /* TS_NONE: workers end with fin++, the alone test's else checks it */
} tp;

/* the observable condition (cond positions) and value (value positions) of
 * the item; the assertion is `o != X` on the value */
static char tcond[96], tval[160];
static int tx;                 /* X */

static void term_item_exprs(void)
{
	int V = tp.V;
	switch (tp.kind) {
	case TK_NRPR_OK: {
		static const char *const c1[] = { "_nr_pr == 1", "_nr_pr <= 1", "_nr_pr < 2", "_nr_pr != 1", "_nr_pr > 1", "_nr_pr >= 2" };
		snprintf(tcond, sizeof tcond, "(%s)", c1[rnd3(6)]);
		snprintf(tval, sizeof tval, "(%s -> 5 : 0)", tcond);
		tx = 5;
		break;
	}
	case TK_NRPR_BAD:
		switch (rnd3(4)) {
		case 0: snprintf(tcond, sizeof tcond, "(_nr_pr == %d)", V); break;
		case 1: snprintf(tcond, sizeof tcond, "(_nr_pr > %d)", V > 2 ? V - 1 : 2); break;
		case 2: snprintf(tcond, sizeof tcond, "(_nr_pr <= %d)", V); break;
		default: snprintf(tcond, sizeof tcond, "(_nr_pr != %d)", V); break;
		}
		if (chance3(50)) { strcpy(tval, "_nr_pr"); tx = V; }
		else { snprintf(tval, sizeof tval, "(%s -> 5 : 0)", tcond); tx = 5; }
		break;
	case TK_PID:
		snprintf(tcond, sizeof tcond, "(_pid == %d)", V);
		strcpy(tval, "_pid"); tx = V;
		break;
	case TK_PIDOK:   /* the starter's own pid is fixed: these hold */
		snprintf(tcond, sizeof tcond, "(_pid != %d)", V);
		strcpy(tval, "_pid"); tx = V + 1;
		break;
	case TK_REMOTE: {
		int pid = tp.firstpid + (int)rnd3((unsigned)(tp.nwave > 1 ? 2 : 1));
		if (tp.starter == TS_ACTIVE) pid = 1 + (int)rnd3((unsigned)tp.t_active);
		if (tp.starter == TS_NONE) pid = (int)rnd3((unsigned)tp.t_active);
		if (chance3(35)) {
			snprintf(tcond, sizeof tcond, "T[%d]@Lb", pid);
			snprintf(tval, sizeof tval, "(T[%d]@Lb -> 5 : 0)", pid); tx = 5;
		} else {
			snprintf(tcond, sizeof tcond, "(T[%d]:t == %d)", pid, 1 + (int)rnd3(2));
			snprintf(tval, sizeof tval, "T[%d]:t", pid); tx = 1 + (int)rnd3(2);
		}
		break;
	}
	case TK_RUNRES:
		snprintf(tcond, sizeof tcond, "(run T(0) == %d)", V);
		snprintf(tval, sizeof tval, "run T(0)");
		tx = V;
		break;
	default:
		tcond[0] = tval[0] = 0; tx = 0;
		break;
	}
}

/* Decide the shape of a term program (all on the third stream). */
static void term_plan(void)
{
	if (!F_TERM || (F_TERM == 1 && rnd3(100) >= 30)) return;
	term = 1;
	memset(&tp, 0, sizeof tp);
	tp.starter = (int)rnd3(10);
	tp.starter = tp.starter < 5 ? TS_INIT : tp.starter < 7 ? TS_MAIN : tp.starter < 9 ? TS_ACTIVE : TS_CNT;
	if (tp.starter == TS_CNT && chance3(50)) tp.starter = TS_NONE;   /* (P0 makes it big) */
	if (tp.starter == TS_INIT && chance3(20)) tp.starter = TS_NONE;
	tp.has_u = chance3(55);
	/* the first wave: T T, T T T, T U T U, T U T, U T T, ... */
	/* at most three or four workers at a time: the unreduced search must
	 * stay small (mostly under 40,000 states) */
	if (tp.starter == TS_ACTIVE || tp.starter == TS_NONE) {
		tp.t_active = 2 + (chance3(20) ? 1 : 0);
		tp.nwave = 0;
		if (tp.starter == TS_ACTIVE && tp.has_u && tp.t_active == 2 && chance3(50)) tp.wave[tp.nwave++] = 1;
	} else if (tp.has_u) {
		static const int pats[][4] = { { 0, 1, 0, 1 }, { 0, 1, 0, -1 }, { 1, 0, 0, -1 }, { 0, 0, 1, -1 },
		                               { 0, 1, -1, -1 }, { 0, 1, 1, -1 }, { 1, 0, -1, -1 } };
		static const unsigned char pw[] = { 1, 2, 2, 2, 4, 1, 2 };
		unsigned r = rnd3(14), i = 0;
		while (r >= pw[i]) r -= pw[i++];
		for (int j = 0; j < 4 && pats[i][j] >= 0; j++) tp.wave[tp.nwave++] = pats[i][j];
	} else {
		tp.nwave = chance3(25) ? 3 : 2;
		for (int i = 0; i < tp.nwave; i++) tp.wave[i] = 0;
	}
	tp.atomic_runs = chance3(65);
	tp.lock = (int)rnd3(10);
	tp.lock = tp.lock < 5 ? 0 : tp.lock < 7 ? 1 : tp.lock < 9 ? 2 : 3;
	tp.nullend = chance3(45);
	/* T starts another worker before it ends */
	tp.t_spawn = chance3(25) ? (tp.has_u && chance3(60) ? 1 : 2) : 0;
	for (int i = 0; i < tp.nwave; i++) tp.wave_k[i] = tp.t_spawn == 2 ? (int)rnd3(2) : 1 + (int)rnd3(3);
	/* fewer workers when they spawn */
	if (tp.t_spawn && tp.nwave > 2) tp.nwave = 2;
	int act = tp.starter == TS_ACTIVE || tp.starter == TS_NONE;
	if (tp.t_spawn && act) tp.t_active = 2;
	if (tp.t_spawn == 2 && act) tp.t_spawn = 0;   /* an active T's k is 0 */
	if (tp.starter == TS_NONE) {
		/* U only as the process a T starts; the alone test in T, or in
		 * that U (never alone in SPIN: the T below it are held) */
		if (chance3(50)) { tp.has_u = 1; tp.t_spawn = 1; tp.t_active = 2; }
		if (tp.t_spawn != 1) tp.has_u = 0;
		tp.alone = tp.has_u && chance3(60) ? 2 : 1;
		tp.held = chance3(40);
	}
	/* a second wave once the first has ended */
	if (tp.starter != TS_CNT && tp.starter != TS_NONE && chance3(35)) {
		tp.nwave2 = 1 + (!tp.t_spawn ? (int)rnd3(2) : 0);
		for (int i = 0; i < tp.nwave2; i++) tp.wave2[i] = tp.has_u ? (int)rnd3(2) : 0;
		if (tp.has_u && tp.nwave2 == 2 && tp.wave2[0] == tp.wave2[1]) tp.wave2[1] = !tp.wave2[0];
	}
	tp.wait_pos = (int)rnd3(NWP);
	tp.wait_bad = tp.starter != TS_CNT && chance3(12);
	/* the item */
	static const unsigned char kind_w[NTK] = { 6, 3, 3, 2, 2, 2, 1, 1 };
	unsigned tot = 0, r;
	for (int k = 0; k < NTK; k++) tot += kind_w[k];
	r = rnd3(tot);
	for (tp.kind = 0; r >= kind_w[tp.kind]; tp.kind++) r -= kind_w[tp.kind];
	/* (TK_PIDOK: only the starter reads _pid: init, or the earlier active M) */
	/* which positions each kind can take (SPIN rejects remote references in
	 * provided; a run result only where pan takes a run; _pid read by the
	 * starter is allowed, so TK_PID is read by a later process) */
	static const unsigned char ok[NTK][NTP] = {
		/*                plain linit runarg prov unless dstep atomic index chan callarg finit ginit */
		[TK_NRPR_OK]  = { 1,    1,    1,     1,   1,     1,    1,     1,    1,   1,      1,    0 },
		[TK_NRPR_BAD] = { 1,    1,    1,     1,   1,     1,    1,     1,    1,   1,      1,    1 },
		[TK_PID]      = { 1,    1,    0,     1,   1,     1,    1,     1,    1,   1,      1,    0 },
		[TK_REMOTE]   = { 1,    1,    1,     0,   1,     1,    1,     1,    1,   1,      0,    0 },
		/* SPIN takes run in an assignment, an assertion or an index, not
		 * in an initialiser, another run's argument, a d_step or a send
		 * (`c!run P()` also crashes dspin) */
		[TK_RUNRES]   = { 1,    0,    0,     0,   0,     0,    1,     1,    0,   0,      0,    0 },
		[TK_PIDOK]    = { 1,    1,    1,     0,   1,     1,    1,     1,    1,   0,      0,    0 },
	};
	if (tp.kind != TK_NONE && tp.kind != TK_LCHAN) {
		tot = 0;
		for (int p = 0; p < NTP; p++) tot += ok[tp.kind][p] && !((p == TP_CALLARG || p == TP_FUNCINIT) && !has_f);
		r = rnd3(tot);
		for (tp.pos = 0; ; tp.pos++) {
			if (!ok[tp.kind][tp.pos] || ((tp.pos == TP_CALLARG || tp.pos == TP_FUNCINIT) && !has_f)) continue;
			if (!r--) break;
		}
		/* the reader: a later process for _pid, the starter for its own
		 * _pid; R for a local initialiser or provided of another kind
		 * (the starter's are evaluated before any worker exists) */
		switch (tp.kind) {
		case TK_PID: tp.reader = tp.has_u && chance3(40) ? RD_U : chance3(20) ? RD_T : RD_R; break;
		case TK_PIDOK: tp.reader = RD_STARTER; break;
		/* created before every worker, the starter may ask whether it is
		 * alone; a later process (or a worker) may not */
		case TK_NRPR_OK: tp.reader = chance3(80) ? RD_STARTER : tp.has_u && chance3(50) ? RD_U : RD_R; break;
		case TK_RUNRES: tp.reader = chance3(60) ? RD_STARTER : RD_R; break;
		default: tp.reader = chance3(45) ? RD_STARTER : tp.has_u && chance3(50) ? RD_U : chance3(70) ? RD_R : RD_T; break;
		}
		if (tp.pos == TP_PROVIDED && tp.reader == RD_STARTER) tp.reader = RD_R;
		if (tp.pos == TP_LOCALINIT && tp.reader == RD_STARTER && tp.kind != TK_PIDOK && tp.kind != TK_NRPR_OK) tp.reader = RD_R;
		if (tp.pos == TP_RUNARG) tp.reader = RD_STARTER;   /* the starter's run R(item) */
		if (tp.kind == TK_PIDOK) tp.reader = RD_STARTER;
		if (tp.pos == TP_FUNCINIT || tp.pos == TP_CALLARG || tp.pos == TP_GLOBALINIT) {
			/* _pid in a function: every proctype is told apart */
			if (tp.reader == RD_STARTER && tp.kind == TK_PID) tp.reader = RD_R;
		}
		if (tp.reader == RD_U && !tp.has_u) tp.reader = RD_R;
		/* remote references name T: not from inside T's own positions
		 * where a T reads T (allowed, but keep the reader apart) */
		if (tp.kind == TK_REMOTE && tp.reader == RD_T) tp.reader = RD_R;
		/* T[i]:t needs T declared before it: TS_ACTIVE's M comes first */
		if (tp.kind == TK_REMOTE && tp.starter == TS_ACTIVE && tp.reader == RD_STARTER) {
			if (tp.pos == TP_RUNARG) tp.pos = TP_LOCALINIT;
			tp.reader = RD_R;
		}
		if (tp.starter == TS_NONE) {
			/* nobody runs R, nothing runs a T(0) for a run result (a
			 * T would run T forever), the reader is a T or the U */
			if (tp.kind == TK_RUNRES || tp.kind == TK_PIDOK) tp.kind = TK_NONE;
			if (tp.pos == TP_RUNARG) tp.pos = TP_PLAIN;
			if (tp.reader == RD_STARTER || tp.reader == RD_R) tp.reader = tp.has_u && chance3(40) ? RD_U : RD_T;
		}
		tp.uses_r = tp.reader == RD_R || tp.pos == TP_RUNARG;
	}
	/* the item's process (R, the T a run result starts) is one more */
	if ((tp.uses_r || tp.kind == TK_RUNRES || tp.starter == TS_CNT) && tp.nwave > 2) tp.nwave--;
	/* the T a run result starts is one more worker: no spawns, no second wave */
	if (tp.kind == TK_RUNRES) { if (tp.nwave > 2) tp.nwave = 2; tp.t_spawn = 0; tp.nwave2 = 0; }
	/* spawning workers: no second wave either */
	if (tp.t_spawn) tp.nwave2 = 0;
	if (tp.starter == TS_CNT && tp.nwave > 2) tp.nwave = 2;   /* P0 runs along */
	/* pids: init 0 (TS_CNT: P0 0, init 1); M 0; workers from there */
	tp.firstpid = tp.starter == TS_CNT ? 2 : 1;
	if (tp.starter == TS_ACTIVE) tp.firstpid = 1 + tp.t_active;
	if (tp.starter == TS_NONE) tp.firstpid = 0;
	/* R is run right after the first wave */
	tp.r_pid = tp.firstpid + tp.nwave;
	switch (tp.kind) {
	case TK_NRPR_OK: case TK_NRPR_BAD:
		/* a count of processes the program goes through */
		tp.V = 2 + (int)rnd3((unsigned)(tp.nwave + tp.t_active + (tp.uses_r ? 1 : 0)));
		break;
	case TK_PID: {
		/* the reader's pid when nobody died first, or one less (a dead
		 * worker's pid taken again); for a worker, one of the workers' */
		int lo = tp.starter == TS_ACTIVE ? 1 : tp.firstpid;
		tp.V = tp.reader == RD_R ? tp.r_pid - (int)rnd3(2) : lo + (int)rnd3((unsigned)(tp.firstpid + tp.nwave - lo + 1));
		if (tp.starter == TS_NONE) tp.V = (int)rnd3((unsigned)tp.t_active) + (tp.reader == RD_U ? tp.t_active : 0);
		break;
	}
	case TK_PIDOK: tp.V = tp.starter == TS_CNT ? 1 : 0; break;
	case TK_RUNRES: tp.V = tp.firstpid + tp.nwave + (tp.reader == RD_R) - (int)rnd3(2); break;
	default: break;
	}
	term_item_exprs();
}

/* the reader's extra locals */
static void term_item_locals(void)
{
	if (tp.pos == TP_LOCALINIT) line("byte o = %s;", tval);
	else line("byte o;");
	if (tp.pos == TP_INDEX) line("byte la[2];");
}

/* the item in the reader's body, and the assertion its value decides */
static void term_item_stmt(void)
{
	tp.rdone = 1;
	switch (tp.pos) {
	case TP_LOCALINIT:
		line("assert(o != %d);", tx);
		return;
	case TP_PROVIDED:
		/* moving at all is the violation (sometimes) */
		if (chance3(25)) line("assert(false);");
		else line("o = 1;");
		return;
	case TP_UNLESS:
		if (!tcond[0]) break;
		line("{"); indent++;
		line("o = 1;");
		if (chance3(50)) line("g0 = g0 + 1;");
		line("o = 0;");
		indent--; line("} unless { %s -> o = 5 };", tcond);
		line("assert(o != 5);");
		return;
	case TP_DSTEP:
		line("d_step { o = %s; o = o + 1 };", tval);
		line("assert(o != %d);", tx + 1);
		return;
	case TP_ATOMIC:
		if (chance3(50)) line("atomic { o = %s; assert(o != %d) };", tval, tx);
		else { line("atomic { o = 1; o = %s };", tval); line("assert(o != %d);", tx); }
		return;
	case TP_INDEX:
		if (!tcond[0]) break;
		switch (rnd3(3)) {
		case 0: line("la[%s] = 1;", tcond); line("assert(la[1] == 0);"); return;
		case 1: line("la[1] = 5;"); line("o = la[%s];", tcond); line("assert(o != 5);"); return;
		default: line("la[1] = 1;"); line("assert(la[%s] == 0);", tcond); return;
		}
	case TP_CHAN:
		line("ob!%s;", tval);
		line("ob?o;");
		line("assert(o != %d);", tx);
		return;
	case TP_FUNCINIT:
		line("f(null, 1);");
		return;
	case TP_CALLARG:
		line("o = f(null, %s);", tval);
		line("assert(o != %d);", tx);
		return;
	case TP_GLOBALINIT:
		line("assert(gi == 0);");
		return;
	case TP_RUNARG:
		return;   /* in the starter's run R(...) */
	default:
		break;
	}
	line("o = %s;", tval);
	line("assert(o != %d);", tx);
}

/* T pushes its object onto r0; U pops one.  Under the lock lk, or racily,
 * or in one atomic step, or with a path that keeps the lock (deadlock). */
static void lock_take(void)
{
	if (tp.lock == 0 || tp.lock == 3) line("atomic { !lk -> lk = true };");
	else if (tp.lock == 2) { line("atomic {"); indent++; }
}
static void lock_give(void)
{
	if (tp.lock == 0) line("lk = false;");
	else if (tp.lock == 3) line("if :: lk = false; :: true -> skip; fi;");
	else if (tp.lock == 2) { indent--; line("};"); }
}

/* the program's item is in position pos */
static int term_item(int pos) { return term && tp.kind != TK_NONE && tp.kind != TK_LCHAN && tp.pos == pos; }

static int term_is_reader(int who) { return tp.kind != TK_NONE && tp.kind != TK_LCHAN && tp.reader == who && !tp.rdone; }

/* how many T instances the program can have */
static int term_nt(void)
{
	int n = tp.t_active + (tp.kind == TK_RUNRES);
	for (int i = 0; i < tp.nwave; i++) if (!tp.wave[i]) n += 1 + (tp.t_spawn == 2 ? tp.wave_k[i] : 0);
	for (int i = 0; i < tp.nwave2; i++) if (!tp.wave2[i]) n++;
	return n;
}

static void wait_conds(char *until, char *busy);
static void term_asserts(int n);

/* one worker proctype: T (is_u = 0) or U */
static void term_worker(int is_u)
{
	int who = is_u ? RD_U : RD_T;
	int rd = term_is_reader(who);
	char prov[160] = "";
	if (rd && tp.pos == TP_PROVIDED) snprintf(prov, sizeof prov, " provided %s", tcond);
	else if (chance3(4)) {
		/* always true while a worker lives (the starter is there too),
		 * but the worker reads _nr_pr itself */
		static const char *const pv[] = { "(_nr_pr > 1)", "(_nr_pr >= 2)", "(_nr_pr != 1)" };
		snprintf(prov, sizeof prov, " provided %s", pv[rnd3(3)]);
	}
	int has_k = 1;   /* (an active T's k is 0) */
	if (!is_u && (tp.starter == TS_ACTIVE || tp.starter == TS_NONE)) line("active [%d] proctype T(byte k)%s {", tp.t_active, prov);
	else line("proctype %s(byte k)%s {", is_u ? "U" : "T", prov);
	indent++;
	cur_pt = is_u ? 9 : 8;
	nlvars = 0;
	Var *v = &lvars[nlvars++]; v->cls = 0; strcpy(v->name, "x0"); line("A x0;");
	if (ncls > 1 && chance(40)) { v = &lvars[nlvars++]; v->cls = 1; strcpy(v->name, "x1"); line("B x1;"); }
	line("byte t;");   /* (not in lvars: random statements leave it alone, the remote reads see 0, 1, 2) */
	if (!is_u && tp.kind == TK_LCHAN) line("chan lc = [1] of { byte };");
	if (rd) term_item_locals();
	has_param = has_k;
	const char *K = has_k ? "k" : "1";
	if (rd && (tp.pos == TP_LOCALINIT || tp.pos == TP_PROVIDED)) term_item_stmt();
	if (!is_u) {
		int tt = tp.kind == TK_REMOTE;   /* t: what T[i]:t sees */
		line("x0 = new A;");
		if (chance3(50)) line("x0.v = %s;", K);
		if (tt) line("t = 1;");
		lock_take();
		line("Lb: x0.nx = r0;");
		line("r0 = x0;");
		if (tp.lock == 1 && chance3(50)) { line("t = cnt;"); line("cnt = t + 1;"); }
		else line("cnt++;");
		lock_give();
		if (tt) line("t = 2;");
		if (tp.kind == TK_LCHAN) { line("lc!1;"); line("lc?t;"); }
		/* an object only this T refers to: garbage once it ends (unless
		 * x1 is dropped first); only with few T (-heap=6) */
		if (nlvars > 1 && term_nt() <= 2 && chance3(50)) {
			line("x1 = new B;");
			if (chance3(50)) line("x1.back = x0;");
		}
	} else {
		lock_take();
		line("if :: r0 != null -> x0 = r0; r0 = r0.nx; :: else -> skip; fi;");
		line("cnt++;");
		lock_give();
		if (chance3(60)) line("if :: x0 != null -> x0.v = x0.v + %s; :: else -> skip; fi;", K);
		else line("assert(x0 == null || x0.v != %u);", 2 + rnd3(3));
	}
	/* a statement or two of the usual kind, on x0 (and x1) and the globals */
	budget = chance3(40);
	depth = 0; in_atomic = 0;
	if (budget) block(budget);
	if (rd && !tp.rdone) term_item_stmt();
	if (!is_u && tp.t_spawn == 1) line("run U(%s);", K);
	else if (!is_u && tp.t_spawn == 2) line("if :: k > 0 -> run T(k - 1); :: else -> skip; fi;");
	if (!is_u && chance3(30)) line("assert(r0 != null);");
	if (tp.alone == 1 + is_u) {
		/* am I the last one?  (then check what every worker left) */
		char until[64], busy[64];
		wait_conds(until, busy);
		/* or (held), in one step, that not every other worker has
		 * finished while someone else is still there: SPIN keeps a
		 * finished worker until it dies, so the else branch can see
		 * fin == n - 1; a reduction that removed a finished worker in
		 * its last step could not (mutant procsym_self_nr) */
		int held = tp.held;
		if (held) { line("atomic {"); indent++; }
		line("if");
		line(":: %s ->", until);
		indent++;
		int n = tp.t_active * (1 + (tp.t_spawn == 1));
		/* a U alone means every other worker has ended and counted */
		if (is_u && chance3(50)) line("assert(cnt < %d);", n);
		else term_asserts(n);
		indent--;
		if (held) line(":: else -> assert(fin < %d);", n - 1);
		else line(":: else -> skip;");
		line("fi;");
		if (held) { indent--; line("};"); }
	}
	if (tp.nullend) { line("x0 = null;"); if (nlvars > 1 && chance3(60)) line("x1 = null;"); }
	if (tp.held) line("fin++;");   /* the last step */
	indent--;
	line("}");
}

/* R: a reader run by the starter after the first wave */
static void term_reader(void)
{
	char prov[160] = "";
	if (tp.reader == RD_R && tp.pos == TP_PROVIDED) snprintf(prov, sizeof prov, " provided %s", tcond);
	line("proctype R(byte k)%s {", prov);
	indent++;
	nlvars = 0; has_param = 1;
	if (tp.reader == RD_R) term_item_locals();
	else line("byte o;");
	if (tp.pos == TP_RUNARG) line("assert(k != %d);", tx);
	else if (tp.reader == RD_R) {
		if (tp.pos != TP_LOCALINIT && chance3(50)) line("g0 = k;");
		term_item_stmt();
	}
	indent--;
	line("}");
}

/* the accepted waits (true once every other process has ended), as a
 * condition and as the condition of a busy loop */
static void wait_conds(char *until, char *busy)
{
	static const char *const u1[] = { "_nr_pr == 1", "_nr_pr <= 1", "_nr_pr < 2", "!(_nr_pr > 1)", "!(_nr_pr != 1)", "1 == _nr_pr" };
	static const char *const b1[] = { "_nr_pr > 1", "_nr_pr != 1", "_nr_pr >= 2", "!(_nr_pr <= 1)", "!(_nr_pr == 1)", "1 < _nr_pr" };
	/* refused: the number of processes compared with 2 */
	static const char *const u2[] = { "_nr_pr == 2", "_nr_pr <= 2", "_nr_pr < 3" };
	static const char *const b2[] = { "_nr_pr > 2", "_nr_pr >= 3", "_nr_pr != 2" };
	if (tp.wait_bad) { strcpy(until, u2[rnd3(3)]); strcpy(busy, b2[rnd3(3)]); return; }
	unsigned i = rnd3(12), j = rnd3(12);
	strcpy(until, u1[i < 5 ? i : i < 11 ? 0 : 5]);
	strcpy(busy, b1[j < 5 ? j : j < 11 ? 0 : 5]);
}

/* the final check: 1-2 assertions on what the workers left (some wrong) */
static void term_asserts(int n)
{
	int k = 1 + chance3(30), P = tp.npush, Q = tp.npop;
	for (int i = 0; i < k; i++) {
		switch (rnd3(10)) {
		case 0: case 1: case 2: line("assert(cnt == %d);", n); break;   /* lost updates of a racy count */
		case 3: case 4:
			/* the list holds P - Q objects or more (a pop before any push
			 * takes nothing); a racy push loses one */
			if (P - Q >= 2) line("assert(r0 != null && r0.nx != null);");
			else if (P - Q == 1) line("assert(r0 != null);");
			else line("assert(r0 == null || r0.nx == null%s);", P >= 3 ? " || r0.nx.nx == null" : "");
			break;
		case 5: line("assert(!lk);"); break;   /* a leaked lock */
		case 6: line("assert(r0 == null || r0.v != %u);", 1 + rnd3(3)); break;
		case 7:   /* fewer than two left: depends on when the pops came */
			if (Q > 0 && P >= 2) line("assert(r0 == null || r0.nx == null);");
			else line("assert(cnt == %d);", n);
			break;
		default:
			if (chance3(35)) line("assert(cnt %s %d);", chance3(50) ? "!=" : "<", n);   /* wrong */
			else line("assert(cnt == %d);", n);
			break;
		}
	}
}

/* the starter's wait for every other process, in position tp.wait_pos,
 * then its assertions (in the atomic or d_step, or after) */
static void term_wait(int n)
{
	char until[64], busy[64];
	wait_conds(until, busy);
	int pos = tp.wait_pos;
	switch (pos) {
	case WP_LOOP:
		if (chance3(70)) line("do :: %s -> skip; :: else -> break; od;", busy);
		else line("do :: %s -> break; :: else -> skip; od;", until);
		break;
	case WP_UNLESS:
		line("{ %sfalse; } unless { %s };", chance3(50) ? "end0: " : "", until);
		break;
	case WP_ATOMIC:
		line("atomic { %s -> assert(cnt %s %d) };", until, chance3(80) ? "<=" : "<", n);
		break;
	case WP_DSTEP:
		line("d_step { %s; t = cnt };", until);
		line("assert(t %s %d);", chance3(80) ? "==" : "!=", n);
		break;
	case WP_IF:
		line("if :: %s -> skip; fi;", until);
		break;
	default:
		line("%s(%s);", chance3(50) ? "end: " : "", until);
		break;
	}
	term_asserts(n);
}

/* the runs of one wave; returns how many count themselves in cnt */
static int term_runs(const int *w, int nw, const int *wk, int inatomic)
{
	int n = 0;
	if (inatomic) { line("atomic {"); indent++; }
	for (int i = 0; i < nw; i++) {
		int kk = wk ? wk[i] : 1 + (int)rnd3(3);
		if (w[i]) line("run U(%d);", kk);
		else line("run T(%d);", tp.t_spawn == 2 ? (wk ? kk : 0) : kk);
		n++;
		if (w[i]) tp.npop++;
		else tp.npush++;
		if (!w[i] && tp.t_spawn == 1) n++, tp.npop++;
		if (!w[i] && tp.t_spawn == 2 && wk) n += kk, tp.npush += kk;
	}
	if (inatomic) { indent--; line("};"); }
	return n;
}

/* the starter: init or the active M */
static void term_starter(void)
{
	int rd = term_is_reader(RD_STARTER);
	if (tp.starter == TS_INIT || tp.starter == TS_CNT) line("init {");
	else line("active proctype M() {");
	indent++;
	nlvars = 0; has_param = 0;
	line("byte t;");
	int me = tp.kind == TK_PIDOK || (tp.starter == TS_MAIN && chance3(50));
	if (me) line("byte me = _pid;");
	if (rd) term_item_locals();
	if (chance3(40)) line("r0 = new A;");
	int n = 0;
	if (tp.starter == TS_ACTIVE) {
		n = tp.t_active * (tp.t_spawn == 1 ? 2 : 1);
		tp.npush = tp.t_active;
		tp.npop = tp.t_spawn == 1 ? tp.t_active : 0;
	}
	/* the first wave, maybe with the item among the runs */
	int early = rd && (tp.pos == TP_RUNARG || tp.kind == TK_RUNRES) && chance3(40);
	/* the T(0) a run result comes from (and the U it starts) counts too */
	if (tp.kind == TK_RUNRES) { n += 1 + (tp.t_spawn == 1); tp.npush++; tp.npop += tp.t_spawn == 1; }
	if (early && !tp.atomic_runs) {
		/* between the runs: the order of deaths so far shows */
		int h = tp.nwave / 2;
		n += term_runs(tp.wave, h, tp.wave_k, 0);
		if (tp.pos == TP_RUNARG) { line("run R(%s);", tval); tp.r_run = 1; }
		else term_item_stmt();
		tp.rdone = 1;
		n += term_runs(tp.wave + h, tp.nwave - h, tp.wave_k + h, 0);
	} else if (tp.nwave) n += term_runs(tp.wave, tp.nwave, tp.wave_k, tp.atomic_runs);
	if (tp.uses_r && !tp.r_run) {
		if (tp.pos == TP_RUNARG) { line("run R(%s);", tval); tp.rdone = 1; }
		else line("run R(%u);", 1 + rnd3(3));
		tp.r_run = 1;
	}
	if (rd && !tp.rdone) term_item_stmt();
	if (tp.starter == TS_CNT) {
		line("%s(cnt %s %d);", chance3(50) ? "end: " : "", chance3(70) ? "==" : ">=", n);
		term_asserts(n);
	} else term_wait(n);
	if (tp.nwave2) {
		int n2 = n + term_runs(tp.wave2, tp.nwave2, NULL, chance3(50));
		char until[64], busy[64];
		tp.wait_bad = 0;   /* one refused wait is enough */
		wait_conds(until, busy);
		if (chance3(35)) line("do :: %s -> skip; :: else -> break; od;", busy);
		else line("(%s);", until);
		term_asserts(n2);
	}
	if (me && chance3(60)) line("assert(me == %d);", tp.starter == TS_CNT ? 1 : 0);
	indent--;
	line("}");
}

/* the process section of a term program */
static void term_procs(void)
{
	line("/* term: starter %s, wave %d%s%s, lock %d, wait %s%s, item %s in %s (%s) */",
	     ts_name[tp.starter], tp.nwave + tp.t_active, tp.nwave2 ? " + second wave" : "",
	     tp.t_spawn ? (tp.t_spawn == 1 ? ", T runs U" : ", T runs T") : "", tp.lock,
	     wp_name[tp.wait_pos], tp.wait_bad ? " (refused)" : "",
	     tk_name[tp.kind], tp.kind == TK_NONE || tp.kind == TK_LCHAN ? "-" : tp_name[tp.pos],
	     tp.kind == TK_NONE || tp.kind == TK_LCHAN ? "-" : rd_name[tp.reader]);
	has_pipe = pipe_race = 0; nremote = 0;
	/* an earlier active process alongside (TS_CNT): it may read _pid */
	if (tp.starter == TS_CNT) {
		line("active proctype P0() {"); indent++;
		cur_pt = 0;
		locals(0);
		if (chance3(50)) line("assert(_pid == 0);");
		first_object();
		budget = 1 + chance3(30);
		block(budget);
		indent--; line("}");
	}
	/* M, the only active process of TS_MAIN, is pid 0 wherever it is
	 * declared: after T (remote references need T declared first);
	 * TS_ACTIVE's M must be created before T's instances */
	if (tp.starter == TS_ACTIVE) term_starter();
	if (tp.starter == TS_NONE) {
		tp.npush = tp.t_active;
		tp.npop = tp.t_spawn == 1 ? tp.t_active : 0;
	}
	term_worker(0);
	if (tp.has_u) term_worker(1);
	if (tp.uses_r) term_reader();
	if (tp.starter != TS_ACTIVE && tp.starter != TS_NONE) term_starter();
}

/* ---- an LTL property over the globals (--ltl) ---- */
static void atom(char *out)
{
	const Var *v = &gvars[rnd((unsigned)ngvars)];
	unsigned k = rnd(3);
	/* a remote reference: the claim layer judges which of the target's
	 * moves it sees (a move into or out of Lb, a write of t) */
	if (nremote && chance(25)) {
		int r = (int)rnd((unsigned)nremote);
		if (remotes[r].label && chance(50)) sprintf(out, "P%d[%d]@Lb", remotes[r].pt, remotes[r].pid);
		else sprintf(out, "(P%d[%d]:t %s %u)", remotes[r].pt, remotes[r].pid, chance(50) ? "==" : ">", k);
		return;
	}
	if (nchans && chance(15)) { sprintf(out, "(len(%s) > 0)", chans[rnd((unsigned)nchans)].name); return; }
	switch (v->cls) {
	case -1: sprintf(out, chance(60) ? "(%s == %u)" : "(%s > %u)", v->name, k); break;
	case -2: sprintf(out, chance(70) ? "gb" : "(!gb)"); break;
	case 0:
		/* no field reads: the tableau splits `r != null && r.v == k` into
		 * two guards, and the second dereferences null in the claim */
		if (chance(40) && v + 1 < gvars + ngvars && v[1].cls == 0) sprintf(out, "(%s == %s)", v->name, v[1].name);
		else sprintf(out, "(%s %s null)", v->name, chance(50) ? "==" : "!=");
		break;
	default: sprintf(out, "(%s != null)", v->name); break;
	}
}

/* One of the usual property shapes, over one or two atoms.  Drawn from a
 * second random stream, so that the program itself is the same with and
 * without --ltl (the driver checks safety on the program alone). */
static void ltl_block(unsigned long seed)
{
	char p[96], q[96];
	rs = seed * 0xD1B54A32D192ED03ull + 0x5bd1e995ull;
	if (!rs) rs = 1;
	for (int i = 0; i < 8; i++) rnd(2);
	atom(p); atom(q);
	static const char *shapes[] = {
		"[] %s", "<> %s", "[] <> %s", "<> [] %s", "[] (%s -> <> %s)",
		"%s U %s", "[] (%s -> (%s U %s))", "!(<> %s)", "<> (%s && %s)", "[] (%s || <> %s)",
	};
	char f[512];
	switch (rnd(10)) {
	case 0: sprintf(f, shapes[0], p); break;
	case 1: sprintf(f, shapes[1], p); break;
	case 2: sprintf(f, shapes[2], p); break;
	case 3: sprintf(f, shapes[3], p); break;
	case 4: sprintf(f, shapes[4], p, q); break;
	case 5: sprintf(f, shapes[5], p, q); break;
	case 6: sprintf(f, shapes[6], p, p, q); break;
	case 7: sprintf(f, shapes[7], p); break;
	case 8: sprintf(f, shapes[8], p, q); break;
	default: sprintf(f, shapes[9], p, q); break;
	}
	printf("ltl prop { %s }\n", f);
}

/* the process section of an ordinary program: 2-4 instances of P0, P1, ...
 * (active, or run from init), W first when obs has one */
static void classic_procs(void)
{
	/* processes: 2-4 instances in total */
	/* W, when there is one, is one of the instances */
	int total = 2 + (int)rnd(3), made = obs_pos < 0 ? 0 : obs_w2 ? 2 : 1, np = 0;
	if (total <= made) total = made + 1;   /* room for the reader */
	int runs[4], nruns = 0;     /* proctype numbers started from init */
	next_pid = pid_base;
	while (made < total) {
		int left = total - made;
		int kind = (int)rnd(3);   /* 0: active [2], 1: active, 2: run from init */
		if (kind == 0 && left < 2) kind = 1 + (int)rnd(2);
		/* obs: P0 reads W; an initialiser or a run argument is read when
		 * init runs it */
		obs_reader = obs_pos >= 0 && np == 0;
		obs_pending = obs_reader;
		if (obs_reader && (obs_pos == P_LOCALINIT || obs_pos == P_RUNARG)) kind = 2;
		/* a d_step or an unless block read by an active P0 first thing:
		 * see obs_stmt's call below */
		if (obs_reader && (obs_pos == P_DSTEP || obs_pos == P_UNLESS) && kind == 2) kind = 1;
		char prov[128] = "";
		if (obs_reader && obs_pos == P_PROVIDED) {
			char c[96];
			obs_cond(c);
			snprintf(prov, sizeof prov, " provided (%s)", c);
		}
		/* flat: a provided clause on a global (one that a process sets) */
		if (F_FLAT && !prov[0] && chance(15))
			snprintf(prov, sizeof prov, " provided (%s)", chance(50) && ngvars > 1 && gvars[ngvars - 1].cls == -2
			         ? (chance(50) ? "!gb" : "gb || g0 > 0") : chance(50) ? "g0 < 3" : "g0 != 1");
		has_param = kind == 2;
		if (kind == 0) line("active [2] proctype P%d()%s {", np, prov);
		else if (kind == 1) line("active proctype P%d()%s {", np, prov);
		else line("proctype P%d(byte k)%s {", np, prov);
		indent++;
		cur_pt = np;
		locals(kind == 2);
		int with_t = has_local_t();
		cur_label = 0;
		if (np == 0) p0_active2 = kind == 0;   /* (P0 is declared first, init last) */
		if (obs_reader) obs_prologue();
		/* often the read is the reader's first step: a reduction that
		 * takes the reading step itself as private (a d_step, the steps
		 * of an unless block) then runs it before W can move at all,
		 * which only W[0]:t == 5, _nr_pr and _last (W moved, someone else
		 * moved) tell from the start */
		if (obs_pending && rnd2(4) < (obs_pos == P_DSTEP || obs_pos == P_UNLESS ? 3 : 2)) obs_stmt();
		if (F_CONTROL && with_t && kind != 2 && !obs_reader && chance(kind == 1 ? 25 : 20)) {
			/* no `new` first: the loop starts while the others still
			 * have everything to do */
			pipe_ends(np);
			spinner_body();
		} else {
			if (pipe_race && np <= 1) { pipe_ends(np); first_object(); }
			else { first_object(); pipe_ends(np); }
			body(total, kind == 0 && chance(35));
		}
		indent--;
		line("}");
		obs_reader = 0;
		if (kind != 2) {
			for (int j = 0; j < (kind == 0 ? 2 : 1); j++) {
				if (with_t && F_CONTROL && nremote < 8) { remotes[nremote].pt = np; remotes[nremote].pid = next_pid; remotes[nremote].label = cur_label; nremote++; }
				next_pid++;
			}
		}
		if (kind == 2) {
			int n = (left >= 2 && chance(40)) ? 2 : 1;
			for (int j = 0; j < n; j++) runs[nruns++] = np;
			made += n;
		} else made += kind == 0 ? 2 : 1;
		np++;
	}
	if (nruns) {
		line("init {"); indent++;
		nlvars = 0; has_param = 0;
		/* obs: _last read by init's run is 0 unless init moved first */
		if (F_FLAT) {
			/* (a move of init's own first, for _last as new A above) */
			if (chance(50) || ((obs_pos == P_LOCALINIT || obs_pos == P_RUNARG) && obs_kind == K_LAST))
				line("g0 = %u;", rnd(3));
		} else if (chance(50) || ((obs_pos == P_LOCALINIT || obs_pos == P_RUNARG) && obs_kind == K_LAST)) {
			char p[16];
			pick_var(0, p, 1, 0);
			line("%s = new A;", p);
		}
		line("atomic {"); indent++;
		for (int j = 0, read = 0; j < nruns; j++) {
			unsigned k = 1 + rnd(3);
			if (obs_pos == P_RUNARG && runs[j] == 0 && !read) {
				char v[128];
				obs_val(v);
				line("run P0(%s);", v);
				read = 1;
			} else line("run P%d(%u);", runs[j], k);
		}
		indent--; line("};");
		if (F_CONTROL && chance(45)) {
			/* the usual final check: once every other process has ended
			 * (the end label makes waiting forever a valid end state) */
			char a[128];
			atom(a);
			line("end: (_nr_pr == 1);");
			line("assert(%s%s);", chance(50) ? "!" : "", a);
		}
		indent--; line("}");
	}
}

/* ---- chan: channel guards for the channel rules of partial-order reduction ----
 * reduce/por_chan.c takes a send or a receive on a buffered channel, a
 * guard over nempty/nfull/empty/full, a timeout guard, and (on programs
 * without objects) a process's death as safe in the states where it can
 * prove that nobody else can tell; each rule has a place where an
 * expression can stand that makes the proof fail.  A chan program (25% of
 * the programs, decided on a fourth random stream, so that every other
 * program is byte for byte what the generator made before) puts channel
 * operations in each of those places, in processes that also race for the
 * channel:
 *   - a send or a receive beside an else, beside skip or timeout, in an
 *     unless escape or in a body an escape cuts short, inside a d_step
 *     (with an else: what the d_step does depends on the length), inside
 *     atomic, and as a poll (c?[v]), a random receive (c??v), a sorted
 *     send (c!!v), on buffered channels and on rendezvous ones;
 *   - guards nempty/nfull/empty/full/len(c), alone, with a conjunct over
 *     the process's own variables or over a global that another process
 *     sets, and timeout as a guard, as a conjunct and in a disjunct (SPIN
 *     refuses the channel tests under a negation or a comparison, so they
 *     stand only under && and ||);
 *   - receivers, senders and testers of one channel in different processes
 *     (one or two of each), so that exclusivity holds in some programs and
 *     not in others, xr/xs where SPIN would accept them (dspin proves
 *     exclusivity itself and only parses them);
 *   - programs without objects (70%), where a process's death can be safe:
 *     a process that runs another (which asserts on its own _pid), reads of
 *     _nr_pr that a death changes, short processes that end first;
 *   - an atomic sequence whose later step is not safe, and a spinner whose
 *     loop is one atomic sequence (the proviso at the end of a sequence).
 * What a reduction may not lose is what happens in between: a branch that
 * only one order takes ends in `assert(x == N)` with N unique in the
 * program (x is at most 2: it fails wherever it is reached), so that the error kinds tell the branches
 * apart, or in a write that a later assertion reads. */
static int F_CHAN = 1;      /* 0 nochan, 1 in 25% of the programs, 2 (chan) in all */
static uint64_t rs4;        /* fourth stream: the decision only */
static unsigned rnd4(unsigned n)
{
	rs4 ^= rs4 << 13; rs4 ^= rs4 >> 7; rs4 ^= rs4 << 17;
	return n ? (unsigned)((rs4 >> 11) % n) : 0;
}

enum { CR_SEND = 1, CR_RECV = 2, CR_TEST = 4 };
typedef struct CProc {
	int ninst;              /* 1, or 2 (active [2]) */
	int active;             /* 0: run from init */
	int role[3];            /* by channel: CR_SEND | CR_RECV | CR_TEST */
	int spawns;             /* runs K */
} CProc;
static struct {
	int heap;               /* objects: class A, si and heap-local steps; no safe deaths */
	int nq, cap[3], two[3]; /* channels q0.., capacity, { byte, byte } */
	CProc p[3];
	int np, total;          /* proctypes, instances (without init, K, the spinner) */
	int spinner;            /* 0 none, else the kind of Sp's atomic loop */
	int nrpr;               /* _nr_pr is read */
	int spawn;              /* proctype K, run by one process, asserts on _pid */
	int excl;               /* xr/xs declarations: SPIN then refuses an else beside i/o */
	int ntrap;              /* unique constants of the assertions in branches */
	int cur;                /* the proctype being generated */
} cg;

/* a branch that only some orders take: an assertion with a constant of its
 * own (the error kinds then tell the branches apart), or a write that other
 * assertions read */
static void cg_trap(char *out)
{
	switch (rnd(10)) {
	case 0: strcpy(out, "g0 = 2"); break;
	case 1: strcpy(out, "t = 2"); break;
	case 2: strcpy(out, "skip"); break;
	default: sprintf(out, "assert(x == %d)", 7 + cg.ntrap++); break;
	}
}

/* the other option beside a send, a receive or a channel test */
static const char *cg_else(void)
{
	return !cg.excl ? "else" : chance(50) ? "skip" : "timeout";
}

/* a value to send: a constant, a local, the sender's pid */
static void cg_val(char *out)
{
	switch (rnd(5)) {
	case 0: strcpy(out, "_pid % 3"); break;
	case 1: strcpy(out, "t"); break;
	default: sprintf(out, "%u", rnd(3)); break;
	}
}

/* the message: one byte or two */
static void cg_msg(int q, const char *v, char *out)
{
	if (cg.two[q]) sprintf(out, "%s,%u", v, rnd(2));
	else strcpy(out, v);
}

/* the variables a receive stores into */
static const char *cg_into(int q) { return cg.two[q] ? "x,t" : "x"; }

/* a channel on which the current proctype has role r, or -1 */
static int cg_chan(int r)
{
	int c[3], n = 0;
	for (int i = 0; i < cg.nq; i++) if (cg.p[cg.cur].role[i] & r) c[n++] = i;
	return n ? c[rnd((unsigned)n)] : -1;
}

/* a guard that only a send can make false, or only a receive */
static const char *cg_test(int q, int side_recv, int positive, char *out)
{
	/* nempty(q), full(q): made false by a receive; nfull(q), empty(q): by a send */
	static const char *const f[2][2] = { { "empty", "nfull" }, { "full", "nempty" } };
	sprintf(out, "%s(q%d)", f[side_recv][positive ? 1 : 0], q);
	return out;
}

/* one statement of a sender on channel q */
static void cg_send(int q)
{
	char v[32], m[48], tr[32], g[48];
	cg_val(v);
	cg_msg(q, v, m);
	cg_trap(tr);
	int buffered = cg.cap[q] > 0;
	switch (rnd(11)) {
	case 0: line("q%d!%s;", q, m); break;
	case 1: case 2: line("if :: q%d!%s :: %s -> %s fi;", q, m, cg_else(), tr); break;   /* chan_else */
	case 3: line("if :: q%d!%s :: %s -> %s fi;", q, m, chance(50) ? "skip" : "timeout", tr); break;
	case 4:
		if (!buffered) { line("if :: q%d!%s :: %s -> %s fi;", q, m, cg_else(), tr); break; }
		line("if :: %s -> q%d!%s :: %s -> %s fi;", cg_test(q, 0, 1, g), q, m, chance(50) ? cg_test(q, 0, 0, g + 24) : cg_else(), tr);
		break;
	case 5:   /* a sorted send puts its message ahead of bigger ones: receives depend on it */
		if (buffered) line("if :: q%d!!%s :: %s -> %s fi;", q, m, cg_else(), tr);
		else line("q%d!%s;", q, m);
		break;
	case 6:   /* inside d_step: what it does depends on the length (buffered: SPIN refuses rendezvous there) */
		if (buffered && !cg.excl) {
			int n = 7 + cg.ntrap++;
			line("d_step { if :: q%d!%s :: else -> x = %d fi; t = t + 1 };", q, m, n);
			line("assert(x != %d);", n);
		}
		else line("atomic { t = 1; q%d!%s };", q, m);
		break;
	case 7:   /* in a body that an escape cuts short */
		line("{ q%d!%s; %s } unless { %s };", q, m, tr, chance(50) ? "g0 == 2" : chance(50) ? "timeout" : "x == 1");
		break;
	case 8:   /* atomic: a private step first, the send later */
		line("atomic { t = %u; q%d!%s };", 1 + rnd(2), q, m);
		break;
	default:  /* with a conjunct over the process's own variables, or a global */
		if (!buffered) { line("if :: q%d!%s :: timeout -> %s fi;", q, m, tr); break; }
		line("if :: %s && %s -> q%d!%s :: %s -> %s fi;", chance(60) ? "t < 2" : "g0 != 1", cg_test(q, 0, 1, g), q, m, cg_else(), tr);
		break;
	}
}

/* one statement of a receiver on channel q */
static void cg_recv(int q)
{
	char tr[32], g[48], a[40];
	const char *into = cg_into(q);
	cg_trap(tr);
	int buffered = cg.cap[q] > 0;
	sprintf(a, "assert(x != %u)", rnd(3));
	switch (rnd(12)) {
	case 0: line("q%d?%s;", q, into); break;
	case 1: line("q%d?%s; %s;", q, into, a); break;
	case 2: case 3: line("if :: q%d?%s :: %s -> %s fi;", q, into, cg_else(), tr); break;   /* chan_else */
	case 4: line("if :: q%d?%s -> %s :: timeout -> %s fi;", q, into, a, tr); break;
	case 5:
		if (!buffered) { line("if :: q%d?%s :: skip -> %s fi;", q, into, tr); break; }
		line("if :: %s -> q%d?%s :: %s -> %s fi;", cg_test(q, 1, 1, g), q, into, chance(50) ? cg_test(q, 1, 0, g + 24) : cg_else(), tr);
		break;
	case 6:   /* inside d_step: takes the else when the channel is empty */
		if (buffered && !cg.excl) {
			int n = 7 + cg.ntrap++;
			line("d_step { if :: q%d?%s :: else -> x = %d fi; t = t + 1 };", q, into, n);
			line("assert(x != %d);", n);
		}
		else line("atomic { q%d?%s; %s };", q, into, a);
		break;
	case 7:   /* an escape that receives: it disables the body once a send enables it */
		line("{ t = 1; %s; t = 0 } unless { q%d?%s };", tr, q, into);
		break;
	case 8:   /* a poll first, then the receive */
		if (!buffered) { line("q%d?%s;", q, into); break; }
		if (cg.two[q]) line("if :: q%d?[%u,_] -> q%d?%s :: %s -> %s fi;", q, rnd(3), q, into, cg_else(), tr);
		else line("if :: q%d?[%u] -> q%d?%s :: %s -> %s fi;", q, rnd(3), q, into, cg_else(), tr);
		break;
	case 9:   /* a random receive: the first matching message, anywhere in the queue */
		if (!buffered) { line("q%d?%s;", q, into); break; }
		if (cg.two[q]) line("if :: q%d??%u,t -> %s :: %s -> skip fi;", q, rnd(3), tr, cg_else());
		else line("if :: q%d??%u -> %s :: %s -> skip fi;", q, rnd(3), tr, cg_else());
		break;
	case 10:  /* a guard with a conjunct over a global another process sets (guard_private) */
		if (!buffered) { line("if :: q%d?%s :: timeout -> %s fi;", q, into, tr); break; }
		line("if :: g0 == 1 && %s -> %s :: skip fi;", cg_test(q, 1, 1, g), tr);
		break;
	default:  /* atomic: the receive, then a step on the value */
		line("atomic { q%d?%s; t = x };", q, into);
		break;
	}
}

/* one statement of a process that only looks at channel q */
static void cg_look(int q)
{
	char tr[32], tr2[32], g[48];
	cg_trap(tr);
	cg_trap(tr2);
	switch (rnd(6)) {
	case 0: line("if :: %s -> %s :: %s -> %s fi;", cg_test(q, 1, 1, g), tr, cg_test(q, 1, 0, g + 24), tr2); break;
	case 1: line("if :: %s -> %s :: %s -> %s fi;", cg_test(q, 0, 1, g), tr, cg_test(q, 0, 0, g + 24), tr2); break;
	case 2: line("if :: len(q%d) > 0 && t == 0 -> %s :: %s -> %s fi;", q, tr, cg_else(), tr2); break;
	case 3: line("assert(len(q%d) != %u);", q, 1 + rnd(2)); break;
	case 4: line("if :: %s || %s -> %s :: %s -> skip fi;", cg_test(q, 1, 1, g), cg_test(q, 0, 0, g + 24), tr, cg_else()); break;
	default: line("if :: x == 0 && %s -> %s :: skip fi;", cg_test(q, rnd(2), 1, g), tr); break;
	}
}

/* one statement that touches no channel */
static void cg_other(void)
{
	char tr[32];
	cg_trap(tr);
	switch (rnd(cg.heap ? 14 : 11)) {
	case 0: case 1: line("t = (t + 1) %% 3;"); break;                   /* safe */
	case 2: line("x = t;"); break;
	case 3: line("g0 = %u;", 1 + rnd(2)); break;
	case 4: line("assert(g0 != %u);", 1 + rnd(2)); break;
	case 5:   /* timeout as a conjunct (never enabled while the process can move) or in a disjunct */
		if (chance(50)) line("if :: timeout && t == 0 -> %s :: else -> skip fi;", tr);
		else line("if :: timeout || g0 == 1 -> %s :: skip fi;", tr);
		break;
	case 6:   /* an atomic sequence whose later step is not safe */
		line("atomic { t = 1; %s };", chance(50) ? "assert(g0 != 2)" : "g0 = t");
		break;
	case 7: line("d_step { t = t + 1; t = t %% 2 };"); break;
	case 8:
		if (cg.nrpr) { line("if :: _nr_pr == %d -> %s :: else -> skip fi;", 1 + (int)rnd(3), tr); break; }
		line("t = 1;");
		break;
	case 9:
		if (cg.nrpr) { line("assert(_nr_pr != %d);", 1 + (int)rnd((unsigned)cg.total + 1)); break; }
		line("x = (x + 1) %% 2;");
		break;
	case 10: line("t = 2;"); line("t = 0;"); break;
	case 11: line("a = new A;"); break;                                  /* si */
	case 12: line("if :: a != null -> a.v = t :: else -> skip fi;"); break;   /* heap-local */
	default:
		if (chance(50)) line("r0 = a;");
		else line("atomic { a = new A; a.v = %u };", rnd(3));
		break;
	}
}

/* one statement; first: a channel operation most of the time, so that a
 * reduction that takes it alone does so before anything else happens */
static void cg_stmt(int first)
{
	const CProc *p = &cg.p[cg.cur];
	if (first && chance(70)) {
		int q, r = (int)rnd(3);
		if (r == 0 && (q = cg_chan(CR_SEND)) >= 0) { cg_send(q); return; }
		if (r <= 1 && (q = cg_chan(CR_RECV)) >= 0) { cg_recv(q); return; }
		if ((q = cg_chan(CR_SEND)) >= 0) { cg_send(q); return; }
		if ((q = cg_chan(CR_TEST)) >= 0) { cg_look(q); return; }
	}
	if (p->spawns == 1 && chance(40)) { line("run K();"); cg.p[cg.cur].spawns = 2; return; }
	for (int tries = 0; tries < 3; tries++) {
		unsigned k = rnd(10);
		int q;
		if (k < 3 && (q = cg_chan(CR_SEND)) >= 0) { cg_send(q); return; }
		if (k >= 3 && k < 6 && (q = cg_chan(CR_RECV)) >= 0) { cg_recv(q); return; }
		if (k >= 6 && k < 8 && (q = cg_chan(CR_TEST)) >= 0) { cg_look(q); return; }
		if (k >= 8) break;
	}
	cg_other();
}

/* the channel roles and processes */
static void cg_plan(void)
{
	memset(&cg, 0, sizeof cg);
	cg.heap = chance(30);
	if (F_FLAT) cg.heap = 0;   /* flat: no objects */
	cg.nq = chance(60) ? 1 : 2;
	for (int i = 0; i < cg.nq; i++) {
		unsigned r = rnd(20);
		cg.cap[i] = r < 5 ? 0 : r < 14 ? 1 : 2;
		cg.two[i] = chance(20);
	}
	cg.np = chance(55) ? 2 : 3;
	cg.total = 0;
	for (int i = 0; i < cg.np; i++) {
		CProc *p = &cg.p[i];
		p->ninst = cg.total + (cg.np - i) < 4 && chance(25) ? 2 : 1;
		p->active = chance(75);
		cg.total += p->ninst;
	}
	for (int q = 0; q < cg.nq; q++) {
		int s = (int)rnd((unsigned)cg.np), r = (int)rnd((unsigned)cg.np - 1);
		if (r >= s) r++;
		cg.p[s].role[q] |= CR_SEND;
		cg.p[r].role[q] |= CR_RECV;
		if (chance(25)) cg.p[rnd((unsigned)cg.np)].role[q] |= CR_SEND;
		if (chance(25)) cg.p[rnd((unsigned)cg.np)].role[q] |= CR_RECV;
		if (chance(40)) cg.p[rnd((unsigned)cg.np)].role[q] |= CR_TEST;
	}
	cg.spinner = chance(15) ? 1 + (int)rnd(2) : 0;
	cg.nrpr = chance(30);
	cg.spawn = !cg.heap && chance(35);
	cg.excl = chance(25);
	if (cg.spawn) cg.p[rnd((unsigned)cg.np)].spawns = 1;
}

/* xr/xs: only where SPIN accepts them (one instance is the only process
 * that receives or tests, or sends or tests) */
static void cg_excl(void)
{
	const CProc *p = &cg.p[cg.cur];
	if (p->ninst != 1 || !cg.excl) return;
	for (int q = 0; q < cg.nq; q++) {
		int others_r = 0, others_s = 0;
		for (int j = 0; j < cg.np; j++) {
			if (j == cg.cur) continue;
			others_r |= cg.p[j].role[q] & (CR_RECV | CR_TEST);
			others_s |= cg.p[j].role[q] & (CR_SEND | CR_TEST);
		}
		if ((p->role[q] & CR_RECV) && !others_r && chance(30)) line("xr q%d;", q);
		if ((p->role[q] & CR_SEND) && !others_s && chance(30)) line("xs q%d;", q);
	}
}

/* ---- chan races: one rule of reduce/por_chan.c at a time ----
 * In 60% of the chan programs the processes begin with a race whose
 * outcome one of the rules exists for: the two (or three) processes of
 * a hand-written model of tests/models/sym, with the values, the
 * capacity, the order of the declarations, private steps before the
 * racing ones and a random process beside them drawn at random.  The
 * branch that only the order the rule protects takes ends in an
 * assertion with a constant of its own. */
enum { RC_ELSE_RECV, RC_ELSE_SEND, RC_UNLESS, RC_DSTEP, RC_GUARD_RECV, RC_GUARD_SEND, RC_GUARD_PRIV,
       RC_TIMEOUT, RC_ATOMIC, RC_RV_ELSE, RC_SORTED, RC_DEATH_NR, RC_DEATH_RUN, RC_TIMEOUT_ATOMIC, NRC };
static const char *const rc_name[NRC] = { "else-recv", "else-send", "unless", "dstep", "guard-recv",
	"guard-send", "guard-private", "timeout", "atomic", "rendezvous-else", "sorted", "death-nr_pr",
	"death-run", "timeout-atomic" };

/* a private step, sometimes */
static void rc_noise(void)
{
	if (chance(35)) line(chance(50) ? "t = %u;" : "t = (t + %u) %% 3;", 1 + rnd(2));
}

/* the processes of a race: the lines of each in `body`, emitted in a
 * random order (pids: the order of declaration) */
typedef struct RcProc { char name[4]; char body[6][96]; int n; } RcProc;
static RcProc rcp[3];
static int nrcp;

static RcProc *rc_proc(const char *name)
{
	RcProc *p = &rcp[nrcp++];
	strcpy(p->name, name);
	p->n = 0;
	return p;
}
static void rc_add(RcProc *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void rc_add(RcProc *p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->body[p->n++], sizeof p->body[0], fmt, ap);
	va_end(ap);
}

/* the race's processes; `last` is declared last (the highest pid), or -1 */
static void rc_emit(int last)
{
	int order[3] = { 0, 1, 2 };
	for (int i = nrcp - 1; i > 0; i--) {
		int j = (int)rnd((unsigned)i + 1), k = order[i];
		order[i] = order[j]; order[j] = k;
	}
	if (last >= 0)
		for (int i = 0; i < nrcp; i++)
			if (order[i] == last) { order[i] = order[nrcp - 1]; order[nrcp - 1] = last; }
	for (int i = 0; i < nrcp; i++) {
		const RcProc *p = &rcp[order[i]];
		line("active proctype %s() {", p->name); indent++;
		line("byte x;");
		line("byte t;");
		rc_noise();
		for (int j = 0; j < p->n; j++) line("%s", p->body[j]);
		indent--; line("}");
	}
}

/* the race: its channels are q0 (and q1); returns the kind */
static int rc_race(int kind)
{
	char v[16];
	int N = 7 + cg.ntrap++;
	nrcp = 0;
	sprintf(v, "%u", rnd(3));
	RcProc *a = rc_proc("Ra"), *b = rc_proc("Rb"), *c;
	switch (kind) {
	case RC_ELSE_RECV:    /* the else beside a receive sees the channel empty */
		rc_add(a, "if :: q0?x :: else -> assert(x == %d) fi;", N);
		rc_add(b, "q0!%s;", v);
		break;
	case RC_ELSE_SEND:    /* the else beside a send sees it full */
		for (int i = 0; i < cg.cap[0]; i++) rc_add(a, "q0!%u;", rnd(3));
		rc_add(a, "if :: q0!%s :: else -> assert(x == %d) fi;", v, N);
		for (int i = 0; i < cg.cap[0]; i++) rc_add(b, "q0?x;");
		break;
	case RC_UNLESS:       /* the escape disables the body once the send enables it */
		rc_add(a, "{ t = 1; assert(x == %d) } unless { q0?x };", N);
		rc_add(b, "q0!%s;", v);
		break;
	case RC_DSTEP:        /* what the d_step does depends on the length */
		rc_add(a, "d_step { if :: q0?x :: else -> x = %d fi };", N);
		rc_add(a, "assert(x != %d);", N);
		rc_add(b, "q0!%s;", v);
		break;
	case RC_GUARD_RECV:   /* another receiver can still empty q0 */
		c = rc_proc("Rc");
		rc_add(a, "q1?t;");
		rc_add(a, "if :: nempty(q0) -> skip :: %s -> assert(x == %d) fi;", chance(70) ? "empty(q0)" : "else", N);
		rc_add(b, "q0!%s;", v);
		rc_add(b, "q1!1;");
		rc_add(c, "q0?x;");
		break;
	case RC_GUARD_SEND:   /* another sender can still fill q0 */
		c = rc_proc("Rc");
		rc_add(a, "q1?t;");
		for (int i = 1; i < cg.cap[0]; i++) rc_add(b, "q0!%s;", v);
		rc_add(a, "if :: nfull(q0) -> skip :: %s -> assert(x == %d) fi;", chance(70) ? "full(q0)" : "else", N);
		rc_add(b, "q1!1;");
		rc_add(c, "q0!%s;", v);
		break;
	case RC_GUARD_PRIV:   /* the conjunct reads a global another process sets */
		c = rc_proc("Rc");
		rc_add(a, "if :: g0 == 1 && nempty(q0) -> assert(x == %d) :: skip fi;", N);
		rc_add(b, "g0 = 1;");
		rc_add(c, "q0!%s;", v);
		break;
	case RC_TIMEOUT:      /* timeout in a disjunct: the other disjunct can become true */
		rc_add(a, chance(50) ? "if :: timeout || g0 == 1 -> assert(x == %d) :: skip fi;"
		                     : "if :: g0 == 1 || timeout -> assert(x == %d) :: skip fi;", N);
		rc_add(b, "g0 = 1;");
		break;
	case RC_ATOMIC:       /* a private first step, a shared later one */
		rc_add(a, chance(50) ? "atomic { t = 1; assert(g0 != %d) };" : "atomic { t = 1; x = g0; assert(x != %d) };", N % 3 + 1);
		rc_add(b, "g0 = %d;", N % 3 + 1);
		break;
	case RC_RV_ELSE:      /* a rendezvous send's else sees where the receiver is */
		rc_add(a, "t = 1;");
		rc_add(a, "q0?x;");
		rc_add(a, "assert(x != 2);");
		rc_add(b, "if :: q0!1 :: else -> q0!2 fi;");
		break;
	case RC_SORTED:       /* a sorted send goes ahead of the head */
		c = rc_proc("Rc");
		rc_add(a, "q0!2;");
		rc_add(a, "g0 = 1;");
		rc_add(b, "g0 == 1;");
		rc_add(b, "q0!!0;");
		rc_add(c, "q0?x;");
		rc_add(c, "assert(x == 2);");
		break;
	case RC_DEATH_NR:     /* a death lowers _nr_pr */
		if (chance(50)) rc_add(a, "assert(_nr_pr != %d);", 2 + (cg.spinner != 0));
		else {
			rc_add(a, "if :: _nr_pr == %d -> x = %d :: else -> skip fi;", 2 + (cg.spinner != 0), N);
			rc_add(a, "assert(x != %d);", N);
		}
		rc_add(b, "t = 2;");
		return 1;             /* b last */
	case RC_TIMEOUT_ATOMIC: /* blocked inside an atomic sequence, the others move by timeout only:
	                         * their timeouts disable each other (review, 2026-11-27) */
		c = rc_proc("Rc");
		rc_add(a, "atomic { t = 1; g0 == 1 -> x = %d };", N);
		rc_add(a, "assert(x != %d);", N);
		rc_add(b, "timeout -> g0 = 1;");
		rc_add(c, "timeout;");
		rc_add(c, "do :: t = (t + 1) %% 3 od;");
		break;
	default:              /* RC_DEATH_RUN: a death changes the pid of a process created later */
		rc_add(a, "run K();");
		rc_add(b, "t = 2;");
		return 1;
	}
	return -1;
}

/* a race's demands on the plan: channels, no objects for a death, the
 * random processes beside it (none or one) */
static void rc_plan(int race)
{
	cg.excl = 0;        /* the race's processes are not in the roles */
	cg.two[0] = 0;
	cg.cap[0] = race == RC_RV_ELSE ? 0 : race == RC_SORTED ? 2 : 1 + (int)rnd(2);
	if (race == RC_GUARD_RECV || race == RC_GUARD_SEND) {
		cg.nq = 2;
		cg.cap[1] = 1 + (int)rnd(2);
		cg.two[1] = 0;
	}
	if (race == RC_DEATH_NR || race == RC_DEATH_RUN) {
		cg.heap = 0;
		cg.np = 0;
		cg.nrpr = 0;
	} else if (chance(60))
		cg.np = 0;
	else {
		cg.np = 1;
		cg.p[0].ninst = 1;
		cg.p[0].active = 1;
	}
	cg.spawn = 0;
	cg.total = 2 + (race == RC_GUARD_RECV || race == RC_GUARD_SEND || race == RC_GUARD_PRIV || race == RC_SORTED ||
	                race == RC_TIMEOUT_ATOMIC);
	for (int i = 0; i < cg.np; i++) {
		cg.total += cg.p[i].ninst;
		cg.p[i].spawns = 0;
	}
}

static void chan_program(void)
{
	cg_plan();
	int race = chance(60) ? (int)rnd(NRC) : -1;
	if (race >= 0) rc_plan(race);
	line("/* chan: %d channel%s (capacity %d%s), %s, %d proctypes%s%s%s%s%s */", cg.nq, cg.nq > 1 ? "s" : "",
	     cg.cap[0], cg.nq > 1 ? (cg.cap[1] ? ", buffered" : ", rendezvous") : "",
	     cg.heap ? "objects" : "no objects", cg.np, cg.spinner ? ", spinner" : "",
	     cg.nrpr ? ", reads _nr_pr" : "", cg.spawn ? ", runs K" : "", race >= 0 ? ", race " : "",
	     race >= 0 ? rc_name[race] : "");
	ngvars = 0;
	strcpy(gvars[ngvars].name, "g0"); gvars[ngvars++].cls = -1;
	strcpy(gvars[ngvars].name, "gb"); gvars[ngvars++].cls = -2;
	if (cg.heap) {
		ncls = 1;
		line("class A {"); indent++; line("byte v;"); line("A nx;"); indent--; line("}");
		strcpy(gvars[ngvars].name, "r0"); gvars[ngvars++].cls = 0;
	}
	line("byte g0;");
	line("bool gb;");
	if (cg.heap) line("A r0;");
	nchans = cg.nq;
	for (int q = 0; q < cg.nq; q++) {
		sprintf(chans[q].name, "q%d", q);
		line("chan q%d = [%d] of { byte%s };", q, cg.cap[q], cg.two[q] ? ", byte" : "");
	}
	if (cg.spawn) {
		/* its pid: which processes exist when it is run, and which died */
		unsigned v = (unsigned)cg.total - 1 + rnd(3);
		line("proctype K() {"); indent++;
		line(chance(50) ? "assert(_pid != %u)" : "assert(_pid == %u)", v);
		indent--; line("}");
	}
	if (race == RC_DEATH_RUN) {
		/* pid 1 (after the spinner: 2) if the last process died first */
		line("proctype K() {"); indent++;
		line(chance(50) ? "assert(_pid == %d)" : "assert(_pid != %d)", 1 + (cg.spinner != 0) + (int)rnd(2));
		indent--; line("}");
	}
	if (cg.spinner) {
		/* its loop is one atomic sequence: the states where the sequence
		 * ends are where the proviso must be asked */
		line("active proctype Sp() {"); indent++;
		line("byte t;");
		line("do");
		if (cg.spinner == 1) line(":: atomic { t = 1; t = 0 }");
		else line(":: atomic { t = t + 1; t = t %% 2 }");
		line("od");
		indent--; line("}");
	}
	if (race >= 0) {
		int last = rc_race(race);
		rc_emit(last);
	}
	int runs = 0;
	for (cg.cur = 0; cg.cur < cg.np; cg.cur++) {
		CProc *p = &cg.p[cg.cur];
		if (p->active) line("active %sproctype C%d() {", p->ninst > 1 ? "[2] " : "", cg.cur);
		else { line("proctype C%d() {", cg.cur); runs += p->ninst; }
		indent++;
		line("byte x;");
		line("byte t;");
		if (cg.heap) line("A a;");
		cg_excl();
		int n = cg.total <= 2 ? 3 + (int)rnd(3) : cg.total == 3 ? 2 + (int)rnd(3) : 2 + (int)rnd(2);
		if (chance(30)) {
			/* a bounded loop: the statements run again on what they left */
			line("byte i;");
			line("do");
			line(":: i < 2 ->"); indent++;
			for (int i = 0; i < n; i++) cg_stmt(i == 0);
			line("i++");
			indent--;
			line(":: else -> break");
			line("od;");
		} else
			for (int i = 0; i < n; i++) cg_stmt(i == 0);
		if (p->spawns == 1) line("run K();");
		/* a process that waits for a message that never comes is not in error */
		if (chance(30)) line("end: skip");
		else line("skip");
		indent--;
		line("}");
	}
	if (runs) {
		line("init {"); indent++;
		line("atomic {"); indent++;
		for (int i = 0; i < cg.np; i++)
			for (int j = 0; !cg.p[i].active && j < cg.p[i].ninst; j++) line("run C%d();", i);
		indent--; line("};");
		indent--; line("}");
	}
}

/* name is one of the comma-separated words of list */
static int has_feature(const char *list, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = list; *p; ) {
		const char *e = strchr(p, ',');
		size_t l = e ? (size_t)(e - p) : strlen(p);
		if (l == n && !strncmp(p, name, n)) return 1;
		if (!e) break;
		p = e + 1;
	}
	return 0;
}

/* ---- pidarr: the flag[_pid] idiom (issue 12, item 2) ----
 * Process symmetry keeps a class that reads _pid only to index global
 * arrays (one offset), in == / != with pids, or stored into variables
 * that then hold pids, and permutes those arrays and variables with the
 * processes (reduce/procsym_pid.c).  These programs have 2-3 active,
 * never-ending instances of W that take a lock (or, in a third, race),
 * mark flag[IDX], write turn = _pid, and assert on crit, their own flag
 * and turn; IDX is `_pid`, `_pid - 1` (an active M before W shifts the
 * pids), `_pid + 1`, or a local me that holds _pid.  In a fifth of them
 * one use breaks the rules (arithmetic on _pid, an order comparison, a
 * comparison with a pid constant, a constant index into flag from an
 * observer), and W must be refused.  A tenth assert the wrong flag
 * value.  Decided on a fifth random stream: other programs are as before. */
static int F_PIDARR = 1;     /* 0 nopidarr, 1 in 15% of the programs, 2 (pidarr) in all */
static uint64_t rs5;
static unsigned rnd5(unsigned n)
{
	rs5 ^= rs5 << 13; rs5 ^= rs5 >> 7; rs5 ^= rs5 << 17;
	return n ? (unsigned)((rs5 >> 11) % n) : 0;
}

static void pid_program(void)
{
	static const char *const rname[] = { "none", "arithmetic", "order", "pid-constant", "constant-index" };
	int n = 2 + (int)rnd(2);
	int pre = rnd(3) == 0;            /* an active M first: W's pids start at 1 */
	int lo = pre;
	int shape = (int)rnd(3);          /* 0 _pid - lo, 1 _pid + 1, 2 a local me */
	int len = n + lo + (shape == 1) + (int)rnd(2);
	int lock = rnd(3) != 0;
	int turn = chance(60);
	int refuse = chance(20) ? 1 + (int)rnd(4) : 0;
	if (refuse == 3 && !turn) refuse = 1;
	int wrong = chance(10);
	/* locals that only an escape's guard or a d_step's untaken branch
	 * keep live (for -deadvars: reduce/deadvars.c) */
	int esc = chance(25), dstep = chance(25);
	char idx[32];
	const char *base = shape == 2 ? "me" : "_pid";
	if (shape == 1) snprintf(idx, sizeof idx, "%s + 1", base);
	else if (lo) snprintf(idx, sizeof idx, "%s - 1", base);
	else snprintf(idx, sizeof idx, "%s", base);
	line("/* pidarr: %d instances of W at pids %d..%d, flag[%s] of %d, %s%s, refuse: %s%s%s%s */", n, lo, lo + n - 1, idx, len,
	     lock ? "lock" : "race", turn ? ", turn" : "", rname[refuse], wrong ? ", wrong flag assertion" : "",
	     esc ? ", escape on a local" : "", dstep ? ", d_step writes a local on one branch" : "");
	line("byte flag[%d];", len);
	if (turn) line("byte turn;");
	line("byte crit;");
	line("bool lk;");
	if (esc) line("bool esc;");
	if (pre) {
		line("active proctype M() {"); indent++;
		line("end: !lk && crit > 0 -> assert(false)");
		indent--; line("}");
	}
	line("active [%d] proctype W() {", n); indent++;
	line("byte t;");
	if (esc) line("byte v;");
	if (dstep) line("byte u = 1;");
	if (shape == 2) line("byte me = _pid;");
	line("end:");
	line("do");
	line(":: %s", lock ? "atomic { !lk -> lk = true };" : "skip;"); indent++;
	line("flag[%s] = 1;", idx);
	if (turn) line("turn = %s;", base);
	line("crit++;");
	line("assert(crit == 1);");
	line("assert(flag[%s] == %d);", idx, wrong ? 0 : 1);
	if (turn && lock) line("assert(turn == _pid);");
	line("crit--;");
	line("flag[%s] = 0;", idx);
	line("%s", lock ? "lk = false" : "skip"); indent--;
	line(":: t < 2 -> t++");
	line(":: t == 2 -> t = 0");
	if (esc) {
		/* v is read only by the escape's guard: the violation needs it */
		line(":: { v = 1; v = 2; v = 0 } unless { v == 2 -> esc = true };");
		line("   assert(!esc || crit > 0)");
	}
	if (dstep) {
		/* the d_step writes u on a branch that never runs: u stays 1 */
		line(":: d_step { if :: crit > 5 -> u = 0 :: else -> skip fi };");
		line("   assert(u == 1)");
	}
	if (refuse == 1) line(":: t = (t + _pid) %% 3");
	if (refuse == 2) line(":: _pid > %d -> t = 0", lo);
	if (refuse == 3) line(":: turn != %d -> t = 0", lo + 1);
	line("od");
	indent--; line("}");
	if (refuse == 4) {
		line("active proctype O() {"); indent++;
		line("end: do :: flag[%d] == 1 -> assert(crit <= 1) od", lo);
		indent--; line("}");
	}
}

/* ---- atomblock: an atomic sequence that blocks halfway, under a claim ----
 * A never claim does not move while a process keeps atomic control, only
 * where the sequence's process blocks halfway (vm/layer_claim.c, pan's
 * rule), and there it sees the state in the middle of the sequence.  So a
 * move of another process that decides whether the sequence blocks is
 * visible to the claim, however private it looks: a receive that makes
 * room in a buffered channel, a send that feeds a receive or a channel
 * test, a step to a rendezvous partner's location, a death that lets
 * `_nr_pr == 1` pass (reduce/por_chan.c, "Under a never claim";
 * reduce/por.c, claim_waits_nr).  Before those rules no generated program
 * had the shape, and 3,000 seeds passed with the hole open.  These
 * programs (8%, decided on a sixth random stream before every other
 * shape, so that the other programs are byte for byte what the generator
 * made before; the comment "atomblock: ..." names the shape) have
 *   S    the sequence `atomic { y = 1; OP; y = 0 }`, sometimes with a
 *        private step on t before or after the write, a second OP after
 *        `y = 2`, OP in `if :: OP :: else -> skip fi` (never blocks) or
 *        beside timeout, a progress label on OP (-l sees it only where S
 *        blocks) or an accept label (which turns POR off under -a), run
 *        once, in `do :: ... od` or twice in a loop bounded by a counter.
 *        OP is a send or a receive on q (capacity 1 or 2, or a
 *        rendezvous: a send there passes control to the receiver, so the
 *        claim would see y == 1 after it anyway; in 3/4 of them OP is
 *        `q!0` and ends the sequence, and M's `q?y` resets y), a channel
 *        test that waits for a message (nempty(q), len(q) > 0, full(q))
 *        or for room (empty(q), nfull(q), len(q) < cap), a wait
 *        `_nr_pr == 1` (<= 1, < 2), or timeout;
 *   M    its mate, the only process that lets OP go on: q's only receiver
 *        (OP a send or a test for room; q filled first by M itself, by S
 *        before its sequence or by O, or not at all), q's only sender (OP
 *        a receive or a test for a message), a rendezvous partner that
 *        gets to its location by private steps, or a process that takes
 *        private steps and ends (OP a wait on _nr_pr, or timeout).  Most
 *        often it sends or receives exactly as often as S needs, so that
 *        only the orders where M is late make S wait; or for ever, beside
 *        a private step, or one time too few or too many; sometimes it
 *        declares xr/xs;
 *   O    in a third of them: a spinner, a process that ends, the filler,
 *        or a rival on q (then M is not the only one and nothing is safe);
 * declared in a random order (S first in 60%: M's death needs S below
 * it), and with --ltl a formula over y: [] (y == 0), [] (y != 2),
 * !(<> (y == 1)), whose violations need S to block halfway (two in
 * five), <> [] (y == 0), [] <> (y == 0), [] ((y == 1) -> <> (y == 0)),
 * <> (y == 1), [] <> (y == 1), and a fifth with len(q) or _nr_pr (the
 * claim then reads the channel, or deaths, itself).  The formula is drawn
 * with the program, so that the program is the same without --ltl.
 * With the rules taken out, the driver fails about one atomblock
 * program in five under -a (docs/testing.md).  O may instead wait for
 * y == 1 and assert false (not with `noatomobs`): the same question for
 * the safety search, which missed those assertions until find_inside
 * applied without a claim too (docs/testing.md). */
static int F_AB = 1;        /* 0 noatomblock, 1 in 8% of the programs, 2 (atomblock) in all */
static int F_ABOBS = 1;     /* O may be a watcher of y (safety); noatomobs: not */
static uint64_t rs6;        /* sixth stream: the decision only */
static unsigned rnd6(unsigned n)
{
	rs6 ^= rs6 << 13; rs6 ^= rs6 >> 7; rs6 ^= rs6 << 17;
	return n ? (unsigned)((rs6 >> 11) % n) : 0;
}

enum { AB_SEND, AB_RECV, AB_TEST, AB_NRPR, AB_TIMEOUT, NAB };
static const char *const ab_name[NAB] = { "send", "receive", "test", "_nr_pr", "timeout" };
/* who fills q so that S's send (or a test for room) can block */
enum { AF_NONE, AF_S, AF_M, AF_O, NAF };
static const char *const af_name[NAF] = { "nobody", "S", "M", "O" };
/* O: none, a spinner, a process that ends, the filler, a rival of M, a watcher of y */
enum { AO_NONE, AO_SPIN, AO_END, AO_FILL, AO_RIVAL, AO_WATCH, NAO };
static const char *const ao_name[NAO] = { "none", "spinner", "ends", "filler", "rival", "watcher" };
/* M: q's only receiver, its only sender, or a process that ends */
enum { AM_RECV, AM_SEND, AM_END };
static struct {
	int op, cap, chan;      /* OP; q's capacity; q declared */
	int mate;               /* AM_* */
	int els;                /* 0 OP alone, 1 beside else, 2 beside timeout */
	int loop;               /* 0 none, 1 forever, 2 bounded */
	int label;              /* 0 none, 1 progress, 2 accept */
	int second;             /* a second OP after y = 2 */
	int fill, other;        /* AF_*, AO_* */
	int xdecl;              /* M declares xr/xs */
	int rvset;              /* a rendezvous send ends S's sequence, M's q?y resets y */
	char op_s[32];          /* OP's text */
} ab;

/* OP's line, with its label and its alternative */
static void ab_op(void)
{
	static const char *const lab[] = { "", "progress: ", "accept: " };
	const char *alt = ab.rvset ? "y = 0" : ab.els == 1 ? "skip" : "t = 2";
	if (ab.els == 1) line("%sif :: %s :: else -> %s fi;", lab[ab.label], ab.op_s, alt);
	else if (ab.els == 2) line("%sif :: %s :: timeout -> %s fi;", lab[ab.label], ab.op_s, alt);
	else line("%s%s;", lab[ab.label], ab.op_s);
}

/* the atomic sequence, closed by `close` */
static void ab_seq(const char *close)
{
	line("atomic {"); indent++;
	unsigned pre = rnd(10);
	if (pre == 0) line("t = 1;");                  /* the first step private, the write second */
	line("y = 1;");
	if (pre == 1) line("t = 1;");
	ab_op();
	/* a rendezvous passes control to the receiver, and the claim sees
	 * the state after it: here the receive resets y (q?y) */
	if (ab.rvset) { indent--; line("%s", close); return; }
	if (ab.second) {
		line("y = 2;");
		line("%s;", ab.op_s);
	}
	if (chance(20)) line("t = 0;");
	line("y = 0");
	indent--; line("%s", close);
}

/* how many sends or receives M must make so that S never waits for
 * ever (-1: S loops for ever) */
static int ab_need(void)
{
	int iters = ab.loop == 1 ? -1 : ab.loop == 2 ? 2 : 1, fill = ab.fill != AF_NONE ? ab.cap : 0;
	if (ab.op == AB_TEST)
		return ab.mate == AM_SEND ? (strstr(ab.op_s, "full") ? ab.cap : 1) : strstr(ab.op_s, "empty") ? fill : 1;
	if (iters < 0) return -1;
	return (ab.op == AB_SEND ? fill : 0) + (1 + ab.second) * iters;
}

/* n private steps */
static void ab_noise(int n)
{
	for (int i = 0; i < n; i++)
		line(chance(50) ? "t = %u;" : "t = (t + %u) %% 3;", 1 + rnd(2));
}

static void ab_proc_s(void)
{
	line("active proctype S() {"); indent++;
	line("byte v;");
	line("byte t;");
	if (ab.loop == 2) line("byte i;");
	if (ab.fill == AF_S)
		for (int i = 0; i < ab.cap; i++) line("q!%d;", i);
	if (chance(20)) ab_noise(1);
	if (ab.loop == 0) ab_seq("}");
	else if (ab.loop == 1) {
		line("do");
		line("::"); indent++;
		ab_seq("}");
		indent--;
		line("od");
	} else {
		line("do");
		line(":: i < 2 ->"); indent++;
		ab_seq("};");
		line("i++");
		indent--;
		line(":: else -> break");
		line("od");
	}
	indent--; line("}");
}

static void ab_proc_m(void)
{
	line("active proctype M() {"); indent++;
	line("byte v;");
	line("byte t;");
	if (ab.xdecl) line(ab.mate == AM_RECV ? "xr q;" : "xs q;");
	/* a rendezvous partner moves to its location by private steps */
	int n = ab.cap == 0 && ab.mate != AM_END ? 1 + (int)rnd(2) : (int)rnd(3);
	if (ab.mate == AM_END) n = 1 + (int)rnd(3);
	ab_noise(n);
	if (ab.mate == AM_END) {
		if (chance(30)) line("skip");
		indent--; line("}");
		return;
	}
	if (ab.fill == AF_M)
		for (int i = 0; i < ab.cap; i++) line("q!%d;", i);
	const char *io = ab.rvset ? "q?y" : ab.mate == AM_RECV ? "q?v" : "q!0";
	/* as many as S needs, so that only an order where M is late makes
	 * S wait; sometimes for ever, beside a private step, or one short */
	int need = ab_need(), k = need;
	unsigned r = rnd(100);
	if (need < 0 ? r < 65 : r >= 70 && r < 85) {
		/* on a rendezvous, a private step back to the partner's location */
		if (ab.cap == 0 && chance(60)) line("do :: t = (t + 1) %% 3; %s od", io);
		else line("do :: %s od", io);
		indent--; line("}");
		return;
	}
	if (need < 0 ? r < 85 : r >= 85 && r < 93) { line("do :: %s :: t = (t + 1) %% 3 od", io); indent--; line("}"); return; }
	if (need < 0) k = 1 + (int)rnd(2);
	else if (r >= 93) k = need - 1 + 2 * (int)rnd(2);
	int tail = !k || chance(15);
	for (int i = 0; i < k; i++) {
		if (i && (chance(25) || (ab.cap == 0 && chance(50)))) ab_noise(1);
		line(i + 1 < k || tail ? "%s;" : "%s", io);
	}
	if (tail) line("t = 0");
	indent--; line("}");
}

static void ab_proc_o(void)
{
	line("active proctype O() {"); indent++;
	line("byte v;");
	line("byte t;");
	switch (ab.other) {
	case AO_SPIN: line("do :: t = (t + 1) %% 3 od"); break;
	case AO_END: ab_noise(1 + (int)rnd(2)); break;
	case AO_FILL:
		if (chance(40)) ab_noise(1);
		for (int i = 0; i < ab.cap; i++) line("q!%d;", i);
		break;
	case AO_RIVAL: line(ab.mate == AM_RECV ? "q?v" : "q!1"); break;
	default:  /* AO_WATCH */
		line("end: y == 1;");
		line("assert(false)");
		break;
	}
	indent--; line("}");
}

static void ab_program(int want_ltl)
{
	memset(&ab, 0, sizeof ab);
	unsigned r = rnd(100);
	ab.op = r < 34 ? AB_SEND : r < 62 ? AB_RECV : r < 77 ? AB_TEST : r < 93 ? AB_NRPR : AB_TIMEOUT;
	ab.chan = ab.op <= AB_TEST;
	r = rnd(20);
	/* (a receive on a rendezvous always gives up control: the sender moves first) */
	ab.cap = ab.op == AB_TEST ? 1 + (int)rnd(2) : r < (ab.op == AB_RECV ? 3 : 6) ? 0 : r < 14 ? 1 : 2;
	ab.mate = ab.op == AB_SEND ? AM_RECV : ab.op == AB_RECV ? AM_SEND : AM_END;
	ab.rvset = ab.op == AB_SEND && ab.cap == 0 && chance(75);
	if (ab.op == AB_SEND) strcpy(ab.op_s, ab.rvset ? "q!0" : "q!1");
	else if (ab.op == AB_RECV) strcpy(ab.op_s, "q?v");
	else if (ab.op == AB_TEST) {
		/* a test for a message waits for M's send, one for room for M's receive */
		static const char *const wants_msg[] = { "nempty(q)", "len(q) > 0", "full(q)" };
		static const char *const wants_room[] = { "empty(q)", "nfull(q)", "len(q) < %d" };
		ab.mate = chance(50) ? AM_SEND : AM_RECV;
		if (ab.mate == AM_SEND) strcpy(ab.op_s, wants_msg[rnd(3)]);
		else snprintf(ab.op_s, sizeof ab.op_s, wants_room[rnd(3)], ab.cap);
	} else if (ab.op == AB_NRPR) {
		static const char *const w[] = { "_nr_pr == 1", "_nr_pr <= 1", "_nr_pr < 2" };
		strcpy(ab.op_s, w[rnd(3)]);
	} else strcpy(ab.op_s, "timeout");
	r = rnd(100);
	ab.els = r < 12 ? 1 : r < 18 ? 2 : 0;
	r = rnd(100);
	ab.loop = r < 45 ? 0 : r < 75 ? 1 : 2;
	r = rnd(100);
	ab.label = r < 15 ? 1 : r < 20 ? 2 : 0;   /* (accept labels in processes turn POR off under -a) */
	ab.second = (ab.op == AB_SEND || ab.op == AB_RECV) && !ab.rvset && chance(20);
	/* who fills q before S's send or test for room */
	if (ab.mate == AM_RECV && ab.cap > 0) {
		r = rnd(100);
		ab.fill = r < 35 ? AF_S : r < 65 ? AF_M : r < 80 ? AF_O : AF_NONE;
	}
	if (ab.fill == AF_O) ab.other = AO_FILL;
	else if (chance(F_ABOBS ? 50 : 35)) {
		r = rnd(F_ABOBS ? 5 : 3);
		ab.other = r == 0 ? AO_SPIN : r == 1 ? AO_END : r == 2 && ab.chan && ab.mate != AM_END ? AO_RIVAL
		         : r >= 3 ? AO_WATCH : AO_END;
	}
	/* SPIN: xr/xs only for the only receiver (or tester), and no else beside i/o */
	ab.xdecl = ab.mate != AM_END && ab.op != AB_TEST && ab.other != AO_RIVAL && !ab.els && chance(20);
	line("/* atomblock: S %s%s%s%s on %s, %s, mate %s, fill %s, other %s%s%s */", ab_name[ab.op],
	     ab.op == AB_TEST || ab.op == AB_NRPR ? " (" : "", ab.op == AB_TEST || ab.op == AB_NRPR ? ab.op_s : "",
	     ab.op == AB_TEST || ab.op == AB_NRPR ? ")" : "",
	     !ab.chan ? "no channel" : ab.cap ? "a buffered channel" : "a rendezvous",
	     ab.loop == 0 ? "once" : ab.loop == 1 ? "in a loop" : "twice",
	     ab.mate == AM_RECV ? "receives" : ab.mate == AM_SEND ? "sends" : "ends",
	     af_name[ab.fill], ao_name[ab.other],
	     ab.els == 1 ? ", beside else" : ab.els == 2 ? ", beside timeout" : "",
	     ab.label == 1 ? ", progress label" : ab.label == 2 ? ", accept label" : "");
	line("byte y;");
	nchans = 0;
	if (ab.chan) line("chan q = [%d] of { byte };", ab.cap);
	/* the order of declaration: the pids (M's death needs S below it) */
	int order[3] = { 0, 1, 2 }, n = ab.other ? 3 : 2;
	if (!chance(60))
		for (int i = n - 1; i > 0; i--) {
			int j = (int)rnd((unsigned)i + 1), k = order[i];
			order[i] = order[j]; order[j] = k;
		}
	/* the formula is drawn now, so that the program is the same without --ltl */
	char f[128];
	r = rnd(100);
	const char *extra = !ab.chan || ab.xdecl ? "(_nr_pr == 2)" : chance(50) ? "(len(q) > 0)" : "(len(q) == 0)";
	if (r < 30) strcpy(f, ab.second && chance(50) ? "[] (y != 2)" : "[] (y == 0)");
	else if (r < 40) strcpy(f, "!(<> (y == 1))");
	else if (r < 52) strcpy(f, "<> [] (y == 0)");
	else if (r < 60) strcpy(f, "[] <> (y == 0)");
	else if (r < 68) strcpy(f, "[] ((y == 1) -> <> (y == 0))");
	else if (r < 76) strcpy(f, "<> (y == 1)");
	else if (r < 81) strcpy(f, "[] <> (y == 1)");
	else if (r < 91) snprintf(f, sizeof f, "[] ((y == 0) || %s)", extra);
	else snprintf(f, sizeof f, "(y == 0) U %s", extra);
	for (int i = 0; i < n; i++) {
		if (order[i] == 0) ab_proc_s();
		else if (order[i] == 1) ab_proc_m();
		else ab_proc_o();
	}
	if (want_ltl) printf("ltl prop { %s }\n", f);
}

/* ---- refs: reference flows in every position (issue 36) ----
 * Issue 36 found wrong verdicts and crashes in constructs that no program
 * above contains: a reference of the wrong class passed to a function, a
 * method or a proctype, sent, received, returned, selected by `( -> : )`,
 * compared or used as an initialiser; numbers where references belong and
 * the other way round; field initialisers in typedefs and classes; calls
 * inside atomic; end, progress and accept labels inside functions.  A refs
 * program (12% of the programs, decided on a seventh random stream before
 * every other shape, so that the other programs are byte for byte what the
 * generator made before; `refs` in every program) has classes A and B
 * (sometimes C, of B's shape, so that mix-ups have more than one wrong
 * class), and processes whose locals `A x; A y; B z; byte t` (and `C c`)
 * move references through every position:
 *     A pick(A a, A b, byte k) { return (k > 0 -> a : b) }   arguments, ?:
 *     B mkb(A a, byte k)        allocates a B whose back is a, w = k
 *     A backof(B b)             returns b.back (null for null)
 *     byte inc(byte d)          cnt += d, returns cnt
 *     A.link(A o) { nx = o; return this }, A.bump(), A.get(), B.put(A a)
 *     chan ca = [N] of { A }, chan cm = [N] of { byte, B }
 *     proctype Q(A a; B b; byte k), run from init with a fresh mkb result
 * with local initialisers (`A x = ga`, `A y = null`, `byte t = g0`), global
 * ones (`A ga = null`), assignments through fields, comparisons with ==
 * and != in guards, and an assertion after most flows that holds exactly
 * when the reference went where the program says (`y = pick(x, ga, 1)`
 * then `assert(y == x)`; `z = mkb(x, 2)` then `assert(z.back == x && z.w
 * == 2)`).  Sub-features, each on unless turned off:
 *   fieldinit  `byte v = 2; A nx = null` in A, `byte w = 1` in B, a
 *            `typedef R { byte x = 3; bool b = true }` with `R rr[2]` and
 *            asserts that read the initial values (a `new` object's v == 2,
 *            every A's v is never 0 since every write stores 1..3)
 *   atomcall `atomic { t = inc(1); nd++; assert(cnt == nd) }` and
 *            `atomic { t = y.v; assert(y.bump() == t % 3 + 1) }` on a
 *            shared object, with rivals (Q, the other P): violated
 *            exactly when another process runs inside the call
 *   fnlabel  a server loop `end: do :: ca?m -> ... od` in a function or
 *            in a method of B, run by an active process (a valid end
 *            state only if the label counts), and a spinner calling
 *            `byte tick(byte k)` whose body carries `progress:` (no
 *            non-progress cycle only if it counts) or `accept:` (an
 *            acceptance cycle only if it counts)
 * --ill-typed turns the program (refs forced) into one with exactly one
 * type error, in one of the positions above (ill_kind_name): a first pass
 * writes nothing and counts the places where each kind can go, a kind is
 * drawn among those present (on an eighth stream; --ill-kind=NAME chooses
 * it) and then a place of that kind; the second pass writes the same
 * program with that one line replaced and followed by the comment
 * "ill-typed: KIND".
 * tests/gen/typecheck.sh requires `file:line:col: error:` on that line and
 * exit status 2 for it, and acceptance for the program without --ill-typed. */
static int F_REFS = 1;      /* 0 norefs, 1 in 12% of the programs, 2 (refs) in all */
static int F_FINIT = 1, F_ACALL = 1, F_FLABEL = 1;   /* nofieldinit, noatomcall, nofnlabel */
static uint64_t rs7;        /* seventh stream: the decision only */
static unsigned rnd7(unsigned n)
{
	rs7 ^= rs7 << 13; rs7 ^= rs7 >> 7; rs7 ^= rs7 << 17;
	return n ? (unsigned)((rs7 >> 11) % n) : 0;
}
static uint64_t rs8;        /* eighth stream: which type error, where */
static unsigned rnd8(unsigned n)
{
	rs8 ^= rs8 << 13; rs8 ^= rs8 >> 7; rs8 ^= rs8 << 17;
	return n ? (unsigned)((rs8 >> 11) % n) : 0;
}

enum {
	IK_ARG_CLASS, IK_ARG_NUM, IK_ARG_REF, IK_METH_CLASS, IK_METH_NUM,
	IK_RUN_CLASS, IK_RUN_NUM, IK_RUN_REF, IK_RET_CLASS, IK_RET_NUM, IK_RET_REF,
	IK_SEND_CLASS, IK_SEND_NUM, IK_SEND_REF, IK_RECV_CLASS, IK_RECV_NUM, IK_RECV_REF,
	IK_ASSIGN_CLASS, IK_ASSIGN_FIELD, IK_ASSIGN_NUM, IK_ASSIGN_REF, IK_ARITH,
	IK_LINIT_CLASS, IK_LINIT_NUM, IK_LINIT_REF, IK_LINIT_NULL, IK_GINIT_NUM, IK_FINIT_NUM,
	IK_COND_CLASS, IK_COND_NUM, IK_EQ_CLASS, IK_EQ_NUM,
	IK_LATE_GINIT, IK_LATE_LINIT, IK_LATE_STMT, NIK
};
/* what the wrong line does: "class" a reference of another class, "num" a
 * number where a reference belongs, "ref" a reference where a number does;
 * "late-global" names `late`, a global that an ill-typed program declares
 * after everything else, in a global initialiser, a process's local
 * initialiser or a process's statement (declare before use, as SPIN:
 * lang/check/resolve.c) */
static const char *const ill_kind_name[NIK] = {
	"arg-class", "arg-num", "arg-ref", "method-arg-class", "method-arg-num",
	"run-arg-class", "run-arg-num", "run-arg-ref", "return-class", "return-num", "return-ref",
	"send-class", "send-num", "send-ref", "recv-class", "recv-num", "recv-ref",
	"assign-class", "assign-field-class", "assign-num", "assign-ref", "arith-ref",
	"localinit-class", "localinit-num", "localinit-ref", "localinit-null", "globalinit-num",
	"fieldinit-num", "cond-class", "cond-num", "eq-class", "eq-num",
	"late-global-globalinit", "late-global-localinit", "late-global-stmt",
};
static int ill_pass;        /* 0 no injection, 1 counting (quiet), 2 writing */
static int ill_count[NIK], ill_seen[NIK];
static int ill_kind = -1, ill_at;   /* the place chosen: kind, and which of them */

/* Is this place of kind k the one that gets the type error? */
static int ill_here(int k)
{
	if (ill_pass == 1) { ill_count[k]++; return 0; }
	return ill_pass == 2 && k == ill_kind && ill_seen[k]++ == ill_at;
}

/* A line that may carry the type error: good as it is, or bad (built from
 * the same format) in the one place chosen.  The bad line is marked so
 * that typecheck.sh knows which line the error must point to. */
static void ill_line(int k, const char *good, const char *bad)
{
	if (ill_here(k)) line("%s /* ill-typed: %s */", bad, ill_kind_name[k]);
	else line("%s", good);
}

/* Two places in one line (one line, one statement): the first kind that
 * is chosen wins, each counted as its own place. */
static void ill_line2(int k1, const char *bad1, int k2, const char *bad2, const char *good)
{
	if (ill_here(k1)) line("%s /* ill-typed: %s */", bad1, ill_kind_name[k1]);
	else ill_line(k2, good, bad2);
}

static struct {
	int three;          /* class C, a second wrong class for mix-ups */
	int cap_a, cap_m;   /* capacities of ca and cm */
	int serve;          /* 0 none, 1 a function, 2 a method of B */
	int tick;           /* 0 no spinner, 1 progress label in tick, 2 accept label */
	int tickm;          /* tick is a method of A (T calls it on an object of its own) */
	int nproc;          /* active proctypes P0.. */
	int k;              /* a per-process constant 1..3 */
	int lrec;           /* the process has a local record R lr */
} rf;

/* the other class's variable, for a mix-up: z (B) or c (C) */
static const char *rf_wrong(void) { return rf.three && chance(40) ? "c" : "z"; }

/* cnt += 1 by a call and nd++, in one atomic sequence with atomcall (Q's
 * and the other P's too): an inc that runs inside another's call loses an
 * update (both read the same cnt), and cnt == nd fails */
static void rf_inc(void)
{
	if (!F_ACALL) { ill_line(IK_ARG_REF, "t = inc(1);", "t = inc(x);"); return; }
	line("atomic {"); indent++;
	ill_line(IK_ARG_REF, "t = inc(1);", "t = inc(x);");
	line("nd++;");
	line("assert(cnt == nd)");
	indent--; line("};");
}

/* One flow of a reference through one position, maybe followed by an
 * assertion that holds when the reference went where it should. x and z
 * are never null after the process's first lines; y may be anything. */
static void rf_flow(void)
{
	char g[256], b1[256], b2[256];
	unsigned k = 1 + rnd(3);
	const char *w = rf_wrong();
	unsigned kind = rnd(24);
	if (kind >= 19) kind -= 13;   /* channels and comparisons twice as often */
	switch (kind) {
	case 0: /* function arguments and the conditional inside pick */
		snprintf(g, sizeof g, "y = pick(x, ga, %u);", k);
		snprintf(b1, sizeof b1, "y = pick(%s, ga, %u);", w, k);
		snprintf(b2, sizeof b2, "y = pick(x, %u, %u);", k, k);
		ill_line2(IK_ARG_CLASS, b1, IK_ARG_NUM, b2, g);
		snprintf(b1, sizeof b1, "y = pick(x, ga, x);");
		if (chance(30)) { ill_line(IK_ARG_REF, "y = pick(x, ga, t);", b1); return; }
		line("assert(y == x);");
		return;
	case 1: /* a conditional expression in a process */
		snprintf(b1, sizeof b1, "y = (t > %u -> x : %s);", k - 1, w);
		snprintf(b2, sizeof b2, "y = (t > %u -> x : %u);", k - 1, k);
		snprintf(g, sizeof g, "y = (t > %u -> x : %s);", k - 1, chance(50) ? "null" : "ga");
		ill_line2(IK_COND_CLASS, b1, IK_COND_NUM, b2, g);
		line("assert(y == x || t <= %u);", k - 1);
		return;
	case 2: /* a fresh B from a function; its fields say which A it holds */
		snprintf(g, sizeof g, "z = mkb(x, %u);", k);
		snprintf(b1, sizeof b1, "z = mkb(z, %u);", k);
		snprintf(b2, sizeof b2, "z = mkb(x, x);");
		ill_line2(IK_ARG_CLASS, b1, IK_ARG_REF, b2, g);
		line("assert(z.back == x && z.w == %u);", k);
		return;
	case 3: /* a function's result into a variable of the wrong class */
		snprintf(g, sizeof g, "y = backof(z);");
		snprintf(b1, sizeof b1, "y = backof(x);");
		snprintf(b2, sizeof b2, "y = backof(%u);", k);
		ill_line2(IK_ARG_CLASS, b1, IK_ARG_NUM, b2, g);
		if (chance(50)) ill_line(IK_ASSIGN_CLASS, "y = backof(z);", "z = backof(z);");
		line("assert(y == null || y.v != 0);");
		return;
	case 4: /* a method argument, the method returning this */
		snprintf(g, sizeof g, "y = x.link(%s);", chance(50) ? "ga" : "y");
		snprintf(b1, sizeof b1, "y = x.link(%s);", w);
		snprintf(b2, sizeof b2, "y = x.link(%u);", k);
		ill_line2(IK_METH_CLASS, b1, IK_METH_NUM, b2, g);
		line("assert(y == x);");
		return;
	case 5: /* a method of B with an A argument (z may be shared: violable) */
		snprintf(b1, sizeof b1, "z.put(%s);", w);
		snprintf(b2, sizeof b2, "z.put(%u);", k);
		ill_line2(IK_METH_CLASS, b1, IK_METH_NUM, b2, "z.put(x);");
		if (chance(60)) line("assert(z.back == x);");
		return;
	case 6: /* send on the A channel */
		snprintf(b1, sizeof b1, "if :: ca!%s :: skip fi;", w);
		ill_line2(IK_SEND_CLASS, b1, IK_SEND_NUM, "if :: ca!t :: skip fi;",
		          chance(70) ? "if :: ca!x :: skip fi;" : "if :: ca!y :: skip fi;");
		return;
	case 7: /* receive from the A channel */
		snprintf(b1, sizeof b1, "if :: ca?%s :: skip fi;", w);
		ill_line2(IK_RECV_CLASS, b1, IK_RECV_REF, "if :: ca?t :: skip fi;", "if :: ca?y :: skip fi;");
		line("assert(y == null || y.v != 0);");
		return;
	case 8: /* send a byte and a B */
		ill_line2(IK_SEND_REF, "if :: cm!x,z :: skip fi;", IK_SEND_CLASS, "if :: cm!t,x :: skip fi;",
		          "if :: cm!t,z :: skip fi;");
		return;
	case 9: /* receive a byte and a B (every B sent is a non-null one) */
		snprintf(b2, sizeof b2, "if :: cm?t,%s :: skip fi;", chance(50) ? "y" : "x");
		ill_line2(IK_RECV_NUM, "if :: cm?y,z :: skip fi;", IK_RECV_CLASS, b2, "if :: cm?t,z :: skip fi;");
		line("assert(z.w != 0);");
		return;
	case 10: /* == and != between references, in a guard */
		snprintf(b1, sizeof b1, "if :: x %s %s -> t = 1 :: else -> t = 2 fi;", chance(50) ? "==" : "!=", w);
		snprintf(b2, sizeof b2, "if :: x == %s -> t = 1 :: else -> t = 2 fi;", chance(50) ? "t" : "1");
		ill_line2(IK_EQ_CLASS, b1, IK_EQ_NUM, b2,
		          chance(50) ? "if :: x == y -> t = 1 :: else -> t = 2 fi;" : "if :: y != null && y != ga -> t = 1 :: else -> t = 2 fi;");
		return;
	case 11: /* assignments: a variable, a field, a number and a field */
		snprintf(b1, sizeof b1, "y = %s;", w);
		ill_line(IK_ASSIGN_CLASS, "y = x;", b1);
		line("assert(y != null);");
		return;
	case 16:
		snprintf(b1, sizeof b1, "x.nx = %s;", w);
		ill_line(IK_ASSIGN_FIELD, "x.nx = y;", b1);
		return;
	case 17:
		ill_line2(IK_ASSIGN_REF, "t = x;", IK_ARITH, "t = x + 1;", "t = x.v + 1;");
		return;
	case 18:
		ill_line(IK_ASSIGN_NUM, "y = x.nx;", "y = x.v;");
		return;
	case 12: /* publish: a global of each class */
		if (chance(50)) ill_line(IK_ASSIGN_CLASS, "ga = x;", "ga = z;");
		else ill_line(IK_ASSIGN_CLASS, "gb = z;", "gb = x;");
		return;
	case 13: /* a call inside atomic: no one else may run inside it */
		rf_inc();
		return;
	case 14: /* a method call inside atomic, on an object others can reach */
		line("y = ga;");
		if (!F_ACALL) { line("if :: y != null -> t = y.bump() :: else -> skip fi;"); return; }
		line("if");
		line(":: y != null ->"); indent++;
		/* (bump returns v as it is after its write: a bump by another
		 * process in between shows) */
		line("atomic {"); indent++;
		line("t = y.v;");
		line("assert(y.bump() == t %% 3 + 1)");
		indent--; line("}");
		indent--;
		line(":: else -> skip");
		line("fi;");
		return;
	default: /* a new object: its fields as initialised */
		line("x = new A;");
		if (F_FINIT) line("assert(x.v == 2 && x.nx == null);");
		else line("assert(x.v == 0);");
		line("x.v = %u;", k);
		return;
	}
}

static void rf_decls(void)
{
	if (F_FINIT) {
		line("typedef R {"); indent++;
		line("byte x = 3;");
		line("bool b = true");
		indent--; line("}");
		line("R rr[2];");
	}
	line("class A {"); indent++;
	line(F_FINIT ? "byte v = 2;" : "byte v;");
	if (F_FINIT) ill_line(IK_FINIT_NUM, "A nx = null;", "A nx = 1;");
	else line("A nx;");
	line("byte get() {"); indent++;
	ill_line(IK_RET_REF, "return v", "return nx");
	indent--; line("}");
	line("byte bump() {"); indent++;
	line("v = v %% 3 + 1;");
	line("return v");
	indent--; line("}");
	line("A link(A o) {"); indent++;
	ill_line(IK_ASSIGN_NUM, "nx = o;", "nx = v;");
	line("return this");
	indent--; line("}");
	if (rf.tick && rf.tickm) {
		line("void tick() {"); indent++;
		line("%s: v < 255", rf.tick == 1 ? "progress" : "accept");
		indent--; line("}");
	}
	indent--; line("}");
	line("class B {"); indent++;
	line(F_FINIT ? "byte w = 1;" : "byte w;");
	line("A back;");
	line("B nb;");
	line("void put(A a) {"); indent++;
	ill_line(IK_ASSIGN_FIELD, "back = a;", "nb = a;");
	line("nb = null");   /* (B's last field: past the end of an A taken for a B) */
	indent--; line("}");
	if (rf.serve == 2) {
		line("void serve() {"); indent++;
		line("A m;");
		line("end: do");
		line(":: ca?m -> back = m");
		line("od");
		indent--; line("}");
	}
	indent--; line("}");
	if (rf.three) {
		/* B's shape: a mix-up of B and C writes fields that exist */
		line("class C {"); indent++;
		line("byte u;");
		line("A cb;");
		line("C nc;");
		indent--; line("}");
	}
	line("chan ca = [%d] of { A };", rf.cap_a);
	line("chan cm = [%d] of { byte, B };", rf.cap_m);
	ill_line(IK_GINIT_NUM, "A ga = null;", "A ga = 1;");
	line(chance(50) ? "B gb = null;" : "B gb;");
	ill_line(IK_LATE_GINIT, "byte g0;", "byte g0 = late;");
	line("byte cnt;");
	if (F_ACALL) line("byte nd;");
	/* (for the --ltl formula's atoms) */
	ngvars = 0; nchans = 0; nremote = 0;
	gvars[ngvars++] = (Var){ "g0", -1 };
	gvars[ngvars++] = (Var){ "ga", 0 };
	gvars[ngvars++] = (Var){ "gb", 1 };

	line("A pick(A a, A b, byte k) {"); indent++;
	ill_line2(IK_COND_CLASS, "return (k > 0 -> a : gb)", IK_COND_NUM, "return (k > 0 -> a : k)",
	          "return (k > 0 -> a : b)");
	indent--; line("}");
	line("B mkb(A a, byte k) {"); indent++;
	line("B n;");
	line("n = new B;");
	line(F_FINIT ? "assert(n.w == 1 && n.back == null);" : "assert(n.w == 0);");
	line("n.w = k;");
	ill_line(IK_ASSIGN_FIELD, "n.back = a;", "n.nb = a;");
	ill_line2(IK_RET_CLASS, "return a", IK_RET_NUM, "return k", "return n");
	indent--; line("}");
	line("A backof(B b) {"); indent++;
	line("if");
	line(":: b == null -> return null");
	ill_line2(IK_RET_CLASS, ":: else -> return b", IK_RET_NUM, ":: else -> return b.w", ":: else -> return b.back");
	line("fi");
	indent--; line("}");
	line("byte inc(byte d) {"); indent++;
	line("byte t;");
	line("t = cnt;");
	line("cnt = t + d;");
	line("return cnt");
	indent--; line("}");
	if (rf.serve == 1) {
		line("void serve() {"); indent++;
		line("A m;");
		line("end: do");
		line(":: ca?m -> if :: m != null -> m.v = m.v %% 3 + 1 :: else -> skip fi");
		line("od");
		indent--; line("}");
	}
	if (rf.tick && !rf.tickm) {
		/* (small: the spinner multiplies every other process's states) */
		line("void tick() {"); indent++;
		line("%s: cnt < 255", rf.tick == 1 ? "progress" : "accept");
		indent--; line("}");
	}
}

/* the locals of a process, with initialisers of every kind */
static void rf_locals(void)
{
	char b[64];
	if (chance(50)) ill_line(IK_LINIT_CLASS, "A x = ga;", "A x = gb;");
	else ill_line(IK_LINIT_NUM, "A x = ga;", "A x = g0;");
	snprintf(b, sizeof b, "A y = %u;", rnd(3));
	ill_line(IK_LINIT_NUM, chance(50) ? "A y = null;" : "A y = x;", b);
	ill_line(IK_LINIT_CLASS, "B z = gb;", "B z = ga;");
	const char *tgood = chance(50) ? "byte t = g0;" : "byte t;";
	if (ill_here(IK_LATE_LINIT)) line("byte t = late; /* ill-typed: %s */", ill_kind_name[IK_LATE_LINIT]);
	else ill_line2(IK_LINIT_REF, "byte t = ga;", IK_LINIT_NULL, "byte t = null;", tgood);
	if (rf.three) line("C c;");
	rf.lrec = F_FINIT && chance(30);   /* a local record: its initialisers too */
	if (rf.lrec) line("R lr;");
}

static void rf_proc(int n)
{
	rf.k = 1 + (int)rnd(3);
	line("active proctype P%d() {", n); indent++;
	rf_locals();
	/* the prologue in one step, mostly (every process multiplies the
	 * states; two of them with their prologues interleaved are too many) */
	int at = F_ACALL && chance(rf.nproc == 2 ? 90 : 50);
	if (at) { line("atomic {"); indent++; }
	line("x = new A;");
	char kv[32], late[48];
	snprintf(kv, sizeof kv, "x.v = %d;", rf.k);
	snprintf(late, sizeof late, "x.v = late + %d;", rf.k);
	ill_line(IK_LATE_STMT, kv, late);
	line("z = mkb(x, %d)%s", rf.k, at && !rf.three ? "" : ";");
	if (rf.three) line(at ? "c = new C" : "c = new C;");
	if (at) { indent--; line("};"); }
	if (F_FINIT && chance(40)) line("assert(rr[%u].x == 3 && rr[%u].b);", rnd(2), rnd(2));
	if (rf.lrec) line("assert(lr.x == 3 && lr.b);");
	int nf = 2 + (int)rnd(rf.nproc == 2 || rf.serve || rf.tick ? 2 : 3);
	/* (two Ps: each the other's rival in an atomic call, often) */
	if (F_ACALL && rf.nproc == 2 && chance(50)) { rf_inc(); nf--; }
	for (int i = 0; i < nf; i++) rf_flow();
	indent--; line("}");
}

/* Q: a proctype with reference parameters, run by init */
static void rf_q(void)
{
	line("proctype Q(A a; B b; byte k) {"); indent++;
	line("A y;");
	if (F_ACALL) line("byte t;");
	line("assert(b.back == a && b.w == k);");
	ill_line(IK_ASSIGN_CLASS, "y = backof(b);", "b = backof(b);");
	line("assert(y == a);");
	line("b.nb = null;");
	if (F_ACALL) {
		/* P's rival in its atomic calls: inc, and bump on init's object,
		 * which init publishes in ga */
		line("atomic {"); indent++;
		line("t = inc(1);");
		line("nd++");
		indent--; line("};");
		line("t = a.bump();");
	}
	line("if :: ca!y :: skip fi");
	indent--; line("}");
}

static void rf_init(void);
static void refs_program(void)
{
	memset(&rf, 0, sizeof rf);
	memset(ill_seen, 0, sizeof ill_seen);
	rf.three = chance(35);
	rf.cap_a = (int)rnd(3);
	rf.cap_m = 1 + (int)rnd(2);
	/* one more process at most: every process multiplies the states */
	unsigned r = F_FLABEL ? rnd(100) : 99;
	rf.serve = r < 30 ? 1 + (int)rnd(2) : 0;
	rf.tick = r >= 30 && r < 55 ? (chance(70) ? 1 : 2) : 0;
	rf.tickm = rf.tick && chance(40);
	rf.nproc = !rf.serve && !rf.tick && chance(40) ? 2 : 1;
	line("/* refs: %d classes, ca [%d], cm [%d]%s%s%s%s%s */", rf.three ? 3 : 2, rf.cap_a, rf.cap_m,
	     F_FINIT ? ", field initialisers" : "", F_ACALL ? ", calls in atomic" : "",
	     rf.serve == 1 ? ", end label in a function" : rf.serve == 2 ? ", end label in a method" : "",
	     rf.tick == 1 ? ", progress label in a " : rf.tick == 2 ? ", accept label in a " : "",
	     !rf.tick ? "" : rf.tickm ? "method" : "function");
	rf_decls();
	/* (Q and init only beside one P: two Ps and Q are too many states) */
	if (rf.nproc == 1) rf_q();
	for (int i = 0; i < rf.nproc; i++) rf_proc(i);
	if (rf.serve == 1) line("active proctype S() { serve() }");
	else if (rf.serve == 2) {
		line("active proctype S() {"); indent++;
		line("B s;");
		line("s = new B;");
		line("s.serve()");
		indent--; line("}");
	}
	if (rf.tick) {
		line("active proctype T() {"); indent++;
		if (rf.tickm) { line("A o;"); line("o = new A;"); }
		line("do");
		line(rf.tickm ? ":: true -> o.tick()" : ":: true -> tick()");
		line("od");
		indent--; line("}");
	}
	if (rf.nproc == 1) rf_init();
	if (ill_pass) line("byte late;");   /* (after all that names it: IK_LATE_*) */
}

/* init: runs Q with a fresh A and a B that holds it */
static void rf_init(void)
{
	line("init {"); indent++;
	line("A x;");
	line("B z;");
	/* (in one step when calls inside atomic are on) */
	if (F_ACALL) { line("atomic {"); indent++; }
	line("x = new A;");
	unsigned k = 1 + rnd(3);
	line("x.v = %u;", k);
	line("z = mkb(x, %u);", k);
	if (F_ACALL) line("ga = x;");
	char b1[64], b2[64], b3[64], g[64];
	snprintf(g, sizeof g, "run Q(x, z, %u)", k);
	snprintf(b1, sizeof b1, "run Q(z, x, %u)", k);
	snprintf(b2, sizeof b2, chance(50) ? "run Q(x, %u, %u)" : "run Q(%u, z, %u)", k, k);
	snprintf(b3, sizeof b3, "run Q(x, z, x)");
	if (ill_here(IK_RUN_REF)) line("%s /* ill-typed: %s */", b3, ill_kind_name[IK_RUN_REF]);
	else ill_line2(IK_RUN_CLASS, b1, IK_RUN_NUM, b2, g);
	if (F_ACALL) { indent--; line("}"); }
	indent--; line("}");
}

/* --ill-typed: count the places quietly, choose one, and write the program
 * again (from the same main stream) with the error in it.  Returns 0 when
 * the kind asked for has no place in this program. */
static int ill_choose(unsigned long seed, const char *want)
{
	uint64_t saved = rs;
	rs8 = seed * 0x2545F4914F6CDD1Dull + 0x9E3779B97F4A7C15ull;
	if (!rs8) rs8 = 1;
	for (int i = 0; i < 8; i++) rnd8(2);
	memset(ill_count, 0, sizeof ill_count);
	ill_pass = 1; quiet = 1;
	refs_program();
	quiet = 0; rs = saved;
	int present[NIK], np = 0;
	for (int k = 0; k < NIK; k++) {
		if (want && !strcmp(want, ill_kind_name[k])) { if (!ill_count[k]) return 0; present[0] = k; np = 1; break; }
		if (!want && ill_count[k]) present[np++] = k;
	}
	if (!np) return 0;
	ill_kind = present[rnd8((unsigned)np)];
	ill_at = (int)rnd8((unsigned)ill_count[ill_kind]);
	ill_pass = 2;
	return 1;
}

/* rules: the soundness rules of issue 37 (2026-12-02), each construct in
 * the positions where its rule decides something, in programs where the
 * reduced search misses an error, or finds a false one, when the rule is
 * wrong (the comment "rules: KIND POSITION" names the shape):
 *   nr    process symmetry of terminating proctypes and reads of _nr_pr
 *         (reduce/procsym.c waiting_guards/nr_expr): N updaters W(k) that
 *         end with `done++` as their last statement, a monitor M that
 *         never ends (active, declared first: the base), init starting
 *         them; init then reads _nr_pr once.  Only a guard that waits for
 *         at most base + reader (2; 3 with R) keeps W symmetric.  Every
 *         other read happens after `(done == N)`, where the unreduced
 *         search still holds finished instances (SPIN removes a process
 *         only when it is the last one) and the reduced one has removed
 *         them: an assertion, an assignment, an if option beside else,
 *         `_nr_pr > 2`, a provided clause of an active R, and a waiting
 *         guard for one process too many (`(_nr_pr == 3)` holds in SPIN
 *         only once the last-created W is gone: assert(fl[N] == 1)), a
 *         run argument, a send, inside atomic, inside d_step, an unless
 *         escape, a function's return value and an array index.
 *   chan  an object's channel id as data (lang/check/check.c note_chan_data,
 *         heap/gc.c heap_symmetry_refused): class Box { chan c }, boxes
 *         in a and b, a's collected and (always for `<`) a third
 *         allocated into d, so that canonical numbering moves b's box to
 *         another slot (rules_chan); b's id stored in an int, in
 *         arithmetic, sent as a byte, compared with d's with `<`,
 *         returned by a function as an int, used as an array index,
 *         stored inside d_step, or a number (272) made a channel id,
 *         then checked against the id after the move.
 *   pid   _pid near the 32-bit wrap in a symmetric proctype
 *         (reduce/procsym_pid.c eval_at): `_pid + 2147483647 > 0` is true
 *         for pid 0 only, as a guard or an if option; in 64 bits it would
 *         be the same for both and the instances interchangeable, and a
 *         representative would let the instance that must wait move.
 *         Also stored in a local and waited on, as an atomic
 *         sequence's guard, and as an unless escape.
 *   heap  heap symmetry's canonical numbering (heap/gc.c, rules_heap; a
 *         quarter of the rules programs, drawn on a tenth stream): y's
 *         object is stored in one place a reference can stand (a global,
 *         a process local, a called function's local or parameter, a
 *         field, an element of a global or local array, a typedef's
 *         field, a buffered or rendezvous message, a message in an
 *         object's own channel, a returned value, inside atomic or
 *         d_step, read in an unless escape, a run argument, or the id of
 *         its channel in a chan variable), then the heap moves it
 *         (allocation order against visiting order, or an earlier object
 *         collected), then the place is read (X.v == 1, or X == y); a
 *         place the renumbering or the marking leaves alone makes the
 *         -sym=heap verdict differ.
 *   dead  dead variables (-deadvars, rules_dead; a fifth of the rules
 *         programs that are not heap or si, on the tenth stream): P's
 *         local x gets 5, two filler steps, then x is read in one place
 *         (an assertion, a guard, an if option, an unless escape, atomic,
 *         d_step, a send, a run or call argument, a function's own local,
 *         an array index, a receive's eval, P's provided clause, a remote
 *         reference P[0]:x from O, x++) or written in a way that must not
 *         define it (an array element, a d_step's untaken branch, a
 *         record's field) or read by a pending call's return (a[x] =
 *         f7()); a read the analysis misses resets x, and -deadvars
 *         reports what the unreduced search does not.
 *         The pid kind also has, on the tenth stream (two in five pid
 *         programs), the condition inside d_step, as a local's
 *         initialiser, and as the provided clause (for pid 1 only), and
 *         (half of the local initialisers) a pid array read with a
 *         constant index in a function (rules_pid_func).
 *   claim claim visibility (vm/layer_claim.c, rules_claim; 15% of the
 *         rules programs that are none of the above): P steps x = 1;
 *         L: x = 2; x = 0 on its local, Q sets g; with --ltl the formula
 *         [] !(P[0]:x == 2 && g == 1) or [] !(P[0]@L && g == 1), which
 *         -a violates unless the moves into and out of L are taken as
 *         invisible (in a fifth the steps loop, where the cycle proviso
 *         expands anyway).
 *   si    heap-local independence (-por=si; rules_si, the other part of
 *         that quarter): P allocates into its local l, publishes the
 *         object (a global, an element of a global array, a typedef's
 *         field, a field of a shared object, a buffered or rendezvous
 *         message, a run argument, a message in a shared object's
 *         channel, received into a function's local by Q), then writes
 *         l.v = 2; l.v = 0; Q reads v (in an assertion, an if option, an
 *         atomic, a d_step, an unless escape) and seeing 2 violates its
 *         assertion: an object taken as P's after it is published makes
 *         -por=si miss the violation.
 * Decided on a ninth random stream before every other shape. */
static int F_RULES = 1;     /* 0 norules, 1 in 10% of the programs, 2 (rules) in all */
static int rules_kind = -1; /* rules-nr, rules-chan, rules-pid: only that kind */
static uint64_t rs9;
static unsigned rnd9(unsigned n)
{
	rs9 ^= rs9 << 13; rs9 ^= rs9 >> 7; rs9 ^= rs9 << 17;
	return n ? (unsigned)((rs9 >> 11) % n) : 0;
}

enum { RK_NR, RK_CHAN, RK_PID, RK_HEAP, RK_SI, RK_DEAD, RK_CLAIM, NRK };
static const char *const rk_name[NRK] = { "nr", "chan", "pid", "heap", "si", "dead", "claim" };
static int rules_ltl;       /* --ltl: a rules claim program writes its formula */
/* heap programs are drawn on a tenth stream, so that the other rules
 * programs stay what they were before heap existed */
static uint64_t rs10;
static unsigned rnd10(unsigned n)
{
	rs10 ^= rs10 << 13; rs10 ^= rs10 >> 7; rs10 ^= rs10 << 17;
	return n ? (unsigned)((rs10 >> 11) % n) : 0;
}
enum { RH_GLOBAL, RH_LOCAL, RH_FLOCAL, RH_PARAM, RH_FIELD, RH_GARRAY, RH_LARRAY, RH_TYPEDEF,
       RH_BUFFERED, RH_RENDEZVOUS, RH_OBJCHAN, RH_RETURN, RH_ATOMIC, RH_DSTEP, RH_UNLESS,
       RH_RUNARG, RH_CHANID, NRH };
enum { SP_GLOBAL, SP_GARRAY, SP_TYPEDEF, SP_FIELD, SP_BUFFERED, SP_RENDEZVOUS, SP_RUNARG,
       SP_OBJCHAN, SP_FRAME, NSP };
static const char *const sp_name[NSP] = { "global", "global-array", "typedef", "shared-field",
	"buffered", "rendezvous", "run-argument", "object-channel", "frame" };
enum { DR_ASSERT, DR_GUARD, DR_IFELSE, DR_UNLESS, DR_ATOMIC, DR_DSTEP, DR_SEND, DR_RUNARG,
       DR_CALLARG, DR_FUNC, DR_INDEX, DR_EVAL, DR_PROVIDED, DR_REMOTE, DR_INCR, DR_ARRAYDEF,
       DR_DSTEPDEF, DR_RECORD, DR_CALLRET, NDR };
static const char *const dr_name[NDR] = { "assert", "guard", "if-else", "unless", "atomic",
	"dstep", "send", "run-argument", "call-argument", "function-local", "index", "eval",
	"provided", "remote", "increment", "array-element-def", "dstep-branch-def", "record-field-def",
	"pending-call" };
enum { SR_ASSERT, SR_IF, SR_ATOMIC, SR_DSTEP, SR_UNLESS, NSR };
static const char *const sr_name[NSR] = { "assert", "if", "atomic", "dstep", "unless" };
static const char *const rh_name[NRH] = { "global", "local", "function-local", "parameter",
	"field", "global-array", "local-array", "typedef", "buffered", "rendezvous", "object-channel",
	"return", "atomic", "dstep", "unless", "run-argument", "chan-id" };
enum { RN_WAIT, RN_WAITBIG, RN_ASSERT, RN_IFELSE, RN_GT, RN_PROVIDED, RN_ASSIGN, RN_RUNARG,
       RN_SEND, RN_ATOMIC, RN_DSTEP, RN_UNLESS, RN_FUNC, RN_INDEX, NRN };
static const char *const rn_name[NRN] = { "wait-ok", "wait-too-many", "assert", "if-else",
	"greater", "provided", "assign", "runarg", "send", "atomic", "dstep", "unless", "function",
	"index" };
enum { CI_INT, CI_ARITH, CI_BYTE, CI_LESS, CI_FUNC, CI_NUMCHAN, CI_INDEX, CI_DSTEP, NCI };
static const char *const ci_name[NCI] = { "int", "arith", "byte-send", "less", "function",
	"number-to-chan", "index", "dstep" };
enum { RP_GUARD, RP_IF, RP_ASSIGN, RP_ATOMIC, RP_UNLESS, RP_DSTEP, RP_LOCALINIT, RP_PROVIDED, RP_FUNC, NRP };
static const char *const rp_name[NRP] = { "guard", "if", "assign", "atomic", "unless", "dstep",
	"localinit", "provided", "function" };

/* `_nr_pr OP K` as a guard that waits for k processes */
static void nr_wait(char *out, size_t n, int k)
{
	switch (rnd(4)) {
	case 0: snprintf(out, n, "(_nr_pr == %d)", k); break;
	case 1: snprintf(out, n, "(_nr_pr <= %d)", k); break;
	case 2: snprintf(out, n, "(_nr_pr < %d)", k + 1); break;
	default: snprintf(out, n, "(%d == _nr_pr)", k); break;
	}
}

static void rules_nr(int pos)
{
	int nw = chance(70) ? 2 : 3;
	int reader_r = pos == RN_PROVIDED;   /* R is in the base too */
	int base = 1 + reader_r;             /* M (and R) */
	line("/* rules: nr %s, %d updaters */", rn_name[pos], nw);
	line("byte done, cnt, o;");
	line("bit fl[%d];", nw + 1);
	if (pos == RN_SEND) line("chan q = [1] of { byte };");
	if (pos == RN_FUNC) line("byte nr() { return _nr_pr }");
	line("active proctype M() {"); indent++;
	line("end:");
	line("do");
	line(":: cnt > %d -> cnt = 0", nw + 5);
	line("od");
	indent--; line("}");
	if (reader_r) {
		line("active proctype R() provided (done < %d || _nr_pr > %d) {", nw, base + 1);
		indent++;
		line("end:");
		line("do");
		line(":: assert(done < %d)", nw);
		line("od");
		indent--; line("}");
	}
	line("proctype W(byte k) {"); indent++;
	line("byte t;");
	if (chance(50)) { line("t = cnt;"); line("cnt = t + 1;"); }
	else line("cnt++;");
	if (chance(40)) line("t = k;");
	line("fl[k] = 1;");
	line("done++");
	indent--; line("}");
	if (pos == RN_RUNARG) {
		/* X ends too, but has one instance */
		line("proctype X(byte n) {"); indent++;
		line("assert(n == 2)");
		indent--; line("}");
	}
	line("init {"); indent++;
	char runs[96] = "", w[48];
	for (int i = 1; i <= nw; i++) {
		char one[24];
		snprintf(one, sizeof one, "%srun W(%d)", i > 1 ? "; " : "", i);
		strcat(runs, one);
	}
	if (chance(70)) line("atomic { %s };", runs);
	else for (int i = 1; i <= nw; i++) line("run W(%d);", i);
	int k = base + 1;                    /* base + the reader, init */
	switch (pos) {
	case RN_WAIT:
		nr_wait(w, sizeof w, k);
		line("%s;", w);
		line(chance(80) ? "assert(done == %d)" : "assert(done == %d && fl[1] == 0)", nw);
		break;
	case RN_WAITBIG:
		/* in SPIN only the last-created W can die first */
		nr_wait(w, sizeof w, k + 1);
		line("%s;", w);
		line("assert(fl[%d] == 1)", nw);
		break;
	case RN_ASSERT:
		line("(done == %d);", nw);
		line("assert(_nr_pr == %d)", k);
		break;
	case RN_IFELSE:
		line("(done == %d);", nw);
		line("if");
		line(":: _nr_pr == %d -> skip", k);
		line(":: else -> assert(false)");
		line("fi");
		break;
	case RN_GT:
		line("(done == %d);", nw);
		line("if");
		line(":: _nr_pr > %d -> assert(false)", k);
		line(":: _nr_pr == %d", k);
		line("fi");
		break;
	case RN_PROVIDED:
		line("(done == %d)", nw);
		break;
	case RN_ASSIGN:
		line("(done == %d);", nw);
		line("o = _nr_pr;");
		line("assert(o == %d)", k);
		break;
	case RN_RUNARG:
		line("(done == %d);", nw);
		line("run X(_nr_pr)");
		break;
	case RN_SEND:
		line("(done == %d);", nw);
		line("q!_nr_pr;");
		line("q?o;");
		line("assert(o == %d)", k);
		break;
	case RN_ATOMIC:
		line("(done == %d);", nw);
		line("atomic { o = _nr_pr; assert(o == %d) }", k);
		break;
	case RN_DSTEP:
		line("(done == %d);", nw);
		line("d_step { o = _nr_pr; o = o + 1 };");
		line("assert(o == %d)", k + 1);
		break;
	case RN_UNLESS:
		line("(done == %d);", nw);
		if (chance(50)) {
			/* a guard shaped like a wait (K = base + reader) as the
			 * escape: it does not wait, the body may finish while the
			 * finished W are still there, and o stays 2 (in the
			 * reduction they are gone at once, the escape has
			 * priority, and o is always 9) */
			line("/* the escape's guard is shaped like a wait */");
			line("{ o = 1; o = 2 } unless { (_nr_pr == %d) -> o = 9 };", k);
			line("assert(o == 9)");
		} else {
			line("{ o = 1; o = 2 } unless { _nr_pr > %d -> o = 9 };", k);
			line("assert(o != 9)");
		}
		break;
	case RN_FUNC:
		line("(done == %d);", nw);
		line("o = nr();");
		line("assert(o == %d)", k);
		break;
	case RN_INDEX:
		/* fl[0] is never set; a held W makes the index 1 or more */
		line("(done == %d);", nw);
		line("assert(fl[_nr_pr - %d] == 0)", k);
		break;
	}
	indent--; line("}");
}

static void rules_chan(int pos)
{
	/* the boxes are numbered in the order of the roots a, b, d: once a's
	 * box is collected, b's moves from slot 2 to slot 1 in the canonical
	 * state and d's new box takes slot 2, where the unreduced run leaves
	 * b in slot 2 and puts d's box in slot 1 */
	int realloc = pos == CI_LESS || chance(50);
	line("/* rules: chan %s%s */", ci_name[pos], realloc ? ", reallocated" : "");
	line("class Box {"); indent++;
	line("byte k;");
	line("chan c = [1] of { byte }");
	indent--; line("}");
	line("Box a, b, d;");
	line("int v1, v2;");
	line("byte m1, m2;");
	line("chan q = [2] of { byte };");
	if (pos == CI_FUNC) line("int cid(Box x) { return x.c }");
	if (pos == CI_NUMCHAN) line("chan x;");
	if (pos == CI_INDEX) line("bit seen[64];");
	line("active proctype P() {"); indent++;
	line("a = new Box;");
	line("b = new Box;");
	if (chance(50)) line("b.k = 1;");
	switch (pos) {
	case CI_INT: line("v1 = b.c;"); break;
	case CI_ARITH: line("v1 = b.c + 1;"); break;
	case CI_BYTE: line("q!b.c;"); break;
	case CI_FUNC: line("v1 = cid(b);"); break;
	/* b's channel in the unreduced run: slot 2, field 0 (vm/vm.h); kept
	 * as a number (a chan variable holding it would be renumbered too) */
	case CI_NUMCHAN: line("v1 = 272;"); break;
	case CI_INDEX: line("seen[b.c %% 64] = 1;"); break;
	case CI_DSTEP: line("d_step { v1 = b.c; v2 = v1 };"); break;
	default: break;
	}
	line("a = null;");
	if (realloc) line("d = new Box;");
	switch (pos) {
	case CI_INT: case CI_FUNC: case CI_DSTEP:
		/* an assertion, or a wait that blocks for ever (invalid end state) */
		line(chance(70) ? "assert(v1 == b.c)" : "(v1 == b.c)");
		break;
	case CI_NUMCHAN: line("x = v1;"); line("x!1;"); line("assert(len(b.c) == 1)"); break;
	case CI_INDEX: line("assert(seen[b.c %% 64] == 1)"); break;
	case CI_ARITH: line("v2 = b.c + 1;"); line("assert(v1 == v2)"); break;
	case CI_BYTE: line("q!b.c;"); line("q?m1;"); line("q?m2;"); line("assert(m1 == m2)"); break;
	/* violated in the unreduced run, or holding there */
	case CI_LESS: line(chance(50) ? "assert(b.c < d.c)" : "assert(d.c < b.c)"); break;
	}
	indent--; line("}");
	/* something to interleave with */
	if (chance(60)) {
		line("active proctype Q() {"); indent++;
		line("byte t;");
		line("t = 1;");
		line("t = 2");
		indent--; line("}");
	}
}

/* a pid array read with a constant index inside a function (which the
 * _pid analysis must walk too): P's instances mark fl[_pid] and count in
 * g; O waits for the first and asks, through peek(), whether it was pid
 * 1.  Both answers happen; a class kept symmetric merges them, and one
 * of the two assertions is never violated */
static void rules_pid_func(void)
{
	/* == 1: a wrong representative puts the instance that moved at
	 * position 0, peek() sees 0 where the unreduced search has pid 1
	 * first too, and the violation's trail does not replay (asserting
	 * == 0 the reduced search finds the same violation, in other
	 * states) */
	int want = 1;
	line("/* rules: pid function (fl[1] read in peek, asserted == %d) */", want);
	line("byte g;");
	line("byte fl[2];");
	line("byte peek() { return fl[1] }");
	line("active [2] proctype P() {"); indent++;
	line("fl[_pid] = 1;");
	line("g++;");
	line("end:");
	line("do");
	line(":: g > 5 -> g = 0");
	line("od");
	indent--; line("}");
	line("active proctype O() {"); indent++;
	line("end0:");
	line("atomic { (g == 1) -> assert(peek() == %d) }", want);
	indent--; line("}");
}

static void rules_pid(int pos)
{
	if (pos == RP_FUNC) {
		rules_pid_func();
		return;
	}
	/* true for pid 0 only, or for pid 1 only, with 32-bit wrap */
	static const char *const wrap[] = {
		"_pid + 2147483647 > 0", "2147483647 + _pid < 0", "_pid - 2147483647 - 2 > 0",
	};
	const char *c = wrap[rnd(3)];
	/* the clause holds for pid 1 only: where it held for pid 0 the
	 * pc-sort kept the instance that moved at pid 0, and a wrong
	 * symmetry lost nothing */
	if (pos == RP_PROVIDED) c = wrap[1];
	line("/* rules: pid %s (%s) */", rp_name[pos], c);
	line("byte g;");
	if (pos == RP_PROVIDED) line("active [2] proctype P() provided (%s) {", c);
	else line("active [2] proctype P() {");
	indent++;
	switch (pos) {
	case RP_DSTEP:
		line("d_step {"); indent++;
		line("if");
		line(":: %s -> g++", c);
		line(":: else -> skip");
		line("fi");
		indent--; line("};");
		break;
	case RP_LOCALINIT:
		line("bool t = (%s);", c);
		line("end0:");
		line("(t);");
		line("g++;");
		break;
	case RP_PROVIDED:
		/* only the instance the clause lets move ever moves */
		line("end0:");
		line("g++;");
		break;
	case RP_GUARD:
		line("end0:");
		line("(%s);", c);
		line("g++;");
		break;
	case RP_IF:
		line("if");
		line(":: %s -> g++", c);
		line(":: else -> skip");
		line("fi;");
		break;
	case RP_ASSIGN:
		/* the value, then a wait on it */
		line("bool t;");
		line("t = (%s);", c);
		line("end0:");
		line("(t);");
		line("g++;");
		break;
	case RP_ATOMIC:
		line("end0:");
		line("atomic { (%s) -> g++ };", c);
		break;
	default:
		/* the wait is an escape out of a block that never ends */
		line("end0:");
		line("{ end1: (g > 5) } unless { %s -> g++ };", c);
		break;
	}
	line("assert(g < 2);");
	line("end:");
	line("do");
	line(":: g > 5 -> g = 0");
	line("od");
	indent--; line("}");
}

/* heap symmetry's canonical numbering (heap/gc.c): y's object, with
 * v == 1, is put in place X (rh_name) while it is in one slot, then the
 * heap is made to move it, and X is read: assert(X.v == 1) or X == y.
 * The move: "order", x (declared before y, so visited first) is
 * allocated after y, and the objects swap; "collect", an object
 * allocated before y becomes garbage, and y's slides down one slot.  A
 * place the renumbering leaves alone (or a root the marking misses:
 * "dropped", y = null after the store, X the only holder) then names
 * another object, a free slot or none, and -sym=heap reports an error
 * the unreduced search does not have, or stores another count than the
 * heap oracle. */
static void rules_heap(int pos)
{
	int collect = pos == RH_RETURN || chance(40);
	int eq = pos != RH_CHANID && pos != RH_RETURN && chance(35);   /* X == y instead of X.v == 1 */
	int drop = !eq && pos != RH_FIELD && pos != RH_CHANID && pos != RH_OBJCHAN && chance(40);
	int inside = (pos == RH_ATOMIC || pos == RH_DSTEP) && chance(40);   /* the read inside too */
	int self = pos == RH_FIELD && chance(50);   /* y.nx = y, or y.nx a third object */
	int neg = chance(20);
	char X[32], R[96], perm[96];
	int qb = 0;   /* the channel's message has a byte before the reference */
	line("/* rules: heap %s, %s%s%s%s */", rh_name[pos], collect ? "collect" : "order",
	     eq ? ", compared with ==" : "", drop ? ", dropped" : "", inside ? ", read inside" : "");
	if (neg) line("/* violated */");
	line("class A {"); indent++;
	line("byte v;");
	line("A nx;");
	if (pos == RH_OBJCHAN) line("chan c = [1] of { A }");
	if (pos == RH_CHANID) line("chan c = [1] of { byte }");
	indent--; line("}");
	if (pos == RH_TYPEDEF) {
		line("typedef R {"); indent++;
		line("byte k;");
		line("A r");
		indent--; line("}");
	}
	/* w, the object that becomes garbage in the collect programs, is
	 * visited before y: y's object then slides down when w's goes */
	line(collect && pos != RH_RETURN ? "A w, x, y;" : "A x, y;");
	line("byte o;");
	/* the move: in the collect programs w holds the object that becomes
	 * garbage, allocated before y */
	if (collect) snprintf(perm, sizeof perm, "w = null");
	else snprintf(perm, sizeof perm, "x = new A; x.v = 2");
	switch (pos) {
	case RH_GLOBAL: line("A z;"); strcpy(X, "z"); break;
	case RH_GARRAY: line("A ga[2];"); strcpy(X, "ga[1]"); break;
	case RH_TYPEDEF: line("R gr[2];"); strcpy(X, chance(50) ? "gr[1].r" : "gr[0].r"); break;
	case RH_BUFFERED: case RH_RENDEZVOUS:
		qb = chance(40);
		line("chan q = [%d] of { %sA };", pos == RH_BUFFERED ? 1 + (int)rnd(2) : 0, qb ? "byte, " : "");
		break;
	default: break;
	}
	/* the read, as an assertion on the value */
	/* neg: the assertion is violated in the unreduced search (and a
	 * stale X, naming x's object, would make it hold) */
	#define RH_READ(x) (eq ? snprintf(R, sizeof R, "assert(%s %s y)", x, neg ? "!=" : "==") \
	                       : snprintf(R, sizeof R, "assert(%s.v %s 1)", x, neg ? "!=" : "=="))
	if (pos == RH_FLOCAL) {
		line("byte fl() {"); indent++;
		line("A l;");
		line("l = y;");
		if (drop) line("y = null;");
		line("%s;", perm);
		if (eq) { line("if"); line(":: l == y -> return 1"); line(":: else -> return 0"); line("fi"); }
		else line("return l.v");
		indent--; line("}");
	}
	if (pos == RH_PARAM) {
		line("byte fp(A p) {"); indent++;
		if (drop) line("y = null;");
		line("%s;", perm);
		if (eq) { line("if"); line(":: p == y -> return 1"); line(":: else -> return 0"); line("fi"); }
		else line("return p.v");
		indent--; line("}");
	}
	if (pos == RH_RETURN) {
		/* the frame's g is garbage once mk returns, and n slides down */
		line("A mk() {"); indent++;
		line("A g, n;");
		line("g = new A;");
		line("n = new A;");
		line("n.v = 1;");
		line("return n");
		indent--; line("}");
	}
	if (pos == RH_RUNARG) {
		line("proctype Rd(A p) {"); indent++;
		line("(o == 1);");
		RH_READ("p"); line("%s", R);
		indent--; line("}");
	}
	if (pos == RH_RENDEZVOUS) {
		/* the message is in no state: it lands in Rv's local p */
		line("active proctype Rv() {"); indent++;
		line("A p;");
		if (qb) { line("byte b;"); line("q?b,p;"); } else line("q?p;");
		line("(o == 1);");
		RH_READ("p"); line("%s", R);
		indent--; line("}");
	}
	line("active proctype P() {"); indent++;
	line("A l;");
	if (pos == RH_LARRAY) line("A la[2];");
	if (pos == RH_TYPEDEF && chance(50)) { line("R lr;"); strcpy(X, "lr.r"); }
	if (pos == RH_CHANID) line("chan cc;");
	if (collect && pos != RH_RETURN) {
		line("w = new A;");
		line("w.v = 3;");
	}
	if (pos == RH_RETURN) {
		line("l = mk();");
		if (!collect) line("%s;", perm);
		RH_READ("l"); line("%s", R);
		goto tail;
	}
	line("y = new A;");
	line("y.v = 1;");
	switch (pos) {
	case RH_GLOBAL: case RH_GARRAY: case RH_TYPEDEF:
		line("%s = y;", X);
		if (drop) line("y = null;");
		line("%s;", perm);
		RH_READ(X); line("%s", R);
		break;
	case RH_LOCAL:
		line("l = y;");
		if (drop) line("y = null;");
		line("%s;", perm);
		RH_READ("l"); line("%s", R);
		break;
	case RH_LARRAY:
		line("la[1] = y;");
		if (drop) line("y = null;");
		line("%s;", perm);
		RH_READ("la[1]"); line("%s", R);
		break;
	case RH_FLOCAL:
		line("o = fl();");
		line(neg ? "assert(o != 1)" : "assert(o == 1)");
		break;
	case RH_PARAM:
		line("o = fp(y);");
		line(neg ? "assert(o != 1)" : "assert(o == 1)");
		break;
	case RH_FIELD:
		if (self) {
			line("y.nx = y;");
			line("%s;", perm);
			line("assert(%s%s)", neg ? "!" : "", eq ? "(y.nx == y)" : "(y.nx.v == 1)");
		} else {
			line("y.nx = new A;");
			line("y.nx.v = 4;");
			line("%s;", perm);
			line("assert(%s%s)", neg ? "!" : "", eq ? "(y.nx != y && y.nx.nx == null)" : "(y.nx.v == 4)");
		}
		break;
	case RH_BUFFERED:
		line(qb ? "q!5,y;" : "q!y;");
		if (drop) line("y = null;");
		line("%s;", perm);
		line(qb ? "q?o,l;" : "q?l;");
		RH_READ("l"); line("%s", R);
		break;
	case RH_RENDEZVOUS:
		line(qb ? "q!5,y;" : "q!y;");
		if (drop) line("y = null;");
		line("%s;", perm);
		line("o = 1");
		break;
	case RH_OBJCHAN:
		line("y.c!y;");
		line("%s;", perm);
		line("y.c?l;");
		RH_READ("l"); line("%s", R);
		break;
	case RH_ATOMIC: case RH_DSTEP: {
		const char *kw = pos == RH_ATOMIC ? "atomic" : "d_step";
		if (inside) {
			line("%s {", kw); indent++;
			line("l = y;");
			if (drop) line("y = null;");
			line("%s;", perm);
			RH_READ("l"); line("%s", R);
			indent--; line("}");
		} else {
			line("%s {", kw); indent++;
			line("l = y;");
			if (drop) line("y = null;");
			line("%s", perm);
			indent--; line("};");
			RH_READ("l"); line("%s", R);
		}
		break;
	}
	case RH_UNLESS:
		line("{");
		indent++;
		line("l = y;");
		if (drop) line("y = null;");
		line("%s;", perm);
		line("o = 1;");
		line("end1: (false)");
		indent--;
		RH_READ("l");
		line("} unless { o == 1 -> %s }", R);
		break;
	case RH_RUNARG:
		line("run Rd(y);");
		if (drop) line("y = null;");
		line("%s;", perm);
		line("o = 1");
		break;
	case RH_CHANID:
		line("cc = y.c;");
		line("%s;", perm);
		if (chance(50)) { line("cc!7;"); line("assert(len(y.c) %s 1)", neg ? "!=" : "=="); }
		else { line("y.c!7;"); line("cc?o;"); line("assert(o %s 7)", neg ? "!=" : "=="); }
		break;
	}
tail:
	indent--; line("}");
	#undef RH_READ
	/* something to interleave with */
	if (chance(60)) {
		line("active proctype Q() {"); indent++;
		line("byte t;");
		line("t = 1;");
		line("t = 2");
		indent--; line("}");
	}
}

/* heap-local independence (-por=si, reduce/por.c por_loc_owned, heap/gc.c
 * heap_owners): P allocates into its local l, publishes the object in
 * one place another process can reach it from (sp_name), then writes
 * l.v = 2; l.v = 0 through its local: steps that are safe only while the
 * object is P's alone.  Q gets the reference from that place and reads
 * v in one shape (sr_name); seeing 2 violates its assertion.  A wrong
 * owner (the object taken as P's after it was published) makes P's
 * writes an ample set alone, Q never sees the 2, and -por=si misses the
 * violation the unreduced search has. */
static void rules_si(int pos)
{
	int rd = (int)rnd(NSR);
	/* global places: Q reads through the global itself, or copies it
	 * into its local first (then the object has two holders) */
	int direct = (pos == SP_GLOBAL || pos == SP_GARRAY || pos == SP_TYPEDEF || pos == SP_FIELD) && chance(50);
	char from[32], M[32], C[64];
	line("/* rules: si %s, read by %s%s */", sp_name[pos], sr_name[rd], direct ? ", directly" : "");
	line("class A {"); indent++;
	line("byte v;");
	line("A nx;");
	if (pos == SP_OBJCHAN) line("chan c = [1] of { A }");
	indent--; line("}");
	if (pos == SP_TYPEDEF) {
		line("typedef R {"); indent++;
		line("byte k;");
		line("A r");
		indent--; line("}");
	}
	line("byte done, o;");
	switch (pos) {
	case SP_GLOBAL: line("A g;"); strcpy(from, "g"); break;
	case SP_GARRAY: line("A ga[2];"); strcpy(from, "ga[1]"); break;
	case SP_TYPEDEF: line("R gr;"); strcpy(from, "gr.r"); break;
	case SP_FIELD: case SP_OBJCHAN: line("A s;"); strcpy(from, "s.nx"); break;
	case SP_RUNARG: strcpy(from, ""); break;
	default:
		line("chan c = [%d] of { A };", pos == SP_RENDEZVOUS ? 0 : 1);
		strcpy(from, "");
		break;
	}
	strcpy(M, direct ? from : (pos == SP_FRAME ? "p" : "m"));
	snprintf(C, sizeof C, "%s.v == 2", M);
	/* Q's read of v */
	#define SI_READ() do { \
		switch (rd) { \
		case SR_ASSERT: line("assert(!(%s))", C); break; \
		case SR_IF: line("if"); line(":: %s -> assert(false)", C); line(":: else -> skip"); line("fi"); break; \
		case SR_ATOMIC: line("atomic { o = %s.v; assert(o != 2) }", M); break; \
		case SR_DSTEP: line("d_step { o = %s.v; o = o + 1 };", M); line("assert(o != 3)"); break; \
		default: line("{ end1: (done == 9) } unless { %s -> assert(false) }", C); break; \
		} } while (0)
	if (pos == SP_FRAME) {
		line("byte rd() {"); indent++;
		line("A p;");
		line("c?p;");
		SI_READ();
		line("return 0");
		indent--; line("}");
	}
	if (pos == SP_RUNARG) {
		line("proctype Q(A m) {"); indent++;
		SI_READ();
		indent--; line("}");
	}
	line("active proctype P() {"); indent++;
	line("A l;");
	if (pos == SP_FIELD || pos == SP_OBJCHAN) { line("s = new A;"); }
	line("l = new A;");
	switch (pos) {
	case SP_GLOBAL: case SP_GARRAY: case SP_TYPEDEF: case SP_FIELD: line("%s = l;", from); break;
	case SP_OBJCHAN: line("s.c!l;"); break;
	case SP_RUNARG: line("run Q(l);"); break;
	default: line("c!l;"); break;
	}
	line("l.v = 2;");
	line("l.v = 0;");
	line("done = 1");
	indent--; line("}");
	if (pos != SP_RUNARG) {
		line("active proctype Q() {"); indent++;
		if (!direct && pos != SP_FRAME) line("A m;");
		switch (pos) {
		case SP_GLOBAL: case SP_GARRAY: case SP_TYPEDEF:
			line("(%s != null);", from);
			if (!direct) line("m = %s;", from);
			break;
		case SP_FIELD:
			line("(s != null && s.nx != null);");
			if (!direct) line("m = s.nx;");
			break;
		case SP_OBJCHAN:
			line("(s != null);");
			line("s.c?m;");
			break;
		case SP_FRAME: line("o = rd()"); break;
		default: line("c?m;"); break;
		}
		if (pos != SP_FRAME) SI_READ();
		indent--; line("}");
	}
	#undef SI_READ
}

/* dead variables (-deadvars, reduce/deadvars.c): P's local x gets 5,
 * two filler steps follow (t = 1; t = 2: states where x is live only
 * because of what comes next), then x is read in one place (dr_name);
 * the read decides an assertion, an end state or a receive.  A read the
 * analysis misses makes x dead after x = 5, the layer resets it to 0, and
 * -deadvars reports what the unreduced search does not.  The *-def
 * places are writes that must not count as defining x (an array
 * element, a d_step's branch, a record's field), the pending call a
 * return that still reads its target's index. */
static void rules_dead(int pos)
{
	int neg = pos != DR_GUARD && pos != DR_EVAL && pos != DR_UNLESS && chance(15);
	const char *eq = neg ? "!=" : "==";
	line("/* rules: dead %s%s */", dr_name[pos], neg ? ", violated" : "");
	line("byte done;");
	if (pos == DR_SEND || pos == DR_EVAL) line("chan q = [1] of { byte };");
	if (pos == DR_INDEX) line("bit seen[8];");
	if (pos == DR_RECORD) {
		line("typedef R {"); indent++;
		line("byte k;");
		line("byte m");
		indent--; line("}");
	}
	if (pos == DR_RUNARG) {
		line("proctype Rd(byte k) {"); indent++;
		line("assert(k %s 5)", eq);
		indent--; line("}");
	}
	if (pos == DR_CALLARG) line("byte id(byte k) { return k }");
	if (pos == DR_FUNC) {
		line("byte fl() {"); indent++;
		line("byte y, u;");
		line("y = 5;");
		line("u = 1;");
		line("u = 2;");
		line("return y");
		indent--; line("}");
	}
	if (pos == DR_CALLRET) {
		line("byte f7() {"); indent++;
		line("byte y;");
		line("y = 7;");
		line("y = y + 0;");
		line("return y");
		indent--; line("}");
	}
	line("active proctype P()%s {", pos == DR_PROVIDED ? " provided (x == 5 || done == 0)" : ""); indent++;
	line("byte x, t;");
	if (pos == DR_ARRAYDEF || pos == DR_CALLRET) line("byte a[3];");
	if (pos == DR_RECORD) line("R r;");
	switch (pos) {
	case DR_ARRAYDEF: line("a[1] = 5;"); break;
	case DR_RECORD: line("r.k = 5;"); break;
	case DR_CALLRET: line("x = 2;"); break;
	case DR_FUNC: break;
	default: line("x = 5;"); break;
	}
	line("t = 1;");
	line("t = 2;");
	switch (pos) {
	case DR_ASSERT: line("assert(x %s 5)", eq); break;
	case DR_GUARD: line("(x == 5);"); line("t = 3"); break;
	case DR_IFELSE:
		line("if");
		line(":: x == 5 -> %s", neg ? "assert(false)" : "skip");
		line(":: else -> %s", neg ? "skip" : "assert(false)");
		line("fi");
		break;
	case DR_UNLESS:
		line("{");
		indent++; line("t = 3;"); line("(false)"); indent--;
		line("} unless { x == 5 -> t = 4 };");
		line("assert(t == 4)");
		break;
	case DR_ATOMIC: line("atomic { t = x; assert(t %s 5) }", eq); break;
	case DR_DSTEP: line("d_step { t = x; t = t + 1 };"); line("assert(t %s 6)", eq); break;
	case DR_SEND: line("q!x;"); line("q?t;"); line("assert(t %s 5)", eq); break;
	case DR_RUNARG: line("run Rd(x)"); break;
	case DR_CALLARG: line("t = id(x);"); line("assert(t %s 5)", eq); break;
	case DR_FUNC: line("t = fl();"); line("assert(t %s 5)", eq); break;
	case DR_INDEX: line("seen[x] = 1;"); line("assert(seen[5] %s 1)", eq); break;
	case DR_EVAL: line("q!5;"); line("q?eval(x);"); line("t = 3"); break;
	/* once done, P moves only while x == 5: t = 3 blocks, an invalid end state */
	case DR_PROVIDED: line("done = 1;"); line("t = 3"); break;
	case DR_REMOTE: line("done = 1;"); line("t = 3"); break;
	case DR_INCR: line("x++;"); line("assert(x %s 6)", eq); break;
	case DR_ARRAYDEF: line("a[0] = 1;"); line("assert(a[1] %s 5)", eq); break;
	case DR_DSTEPDEF:
		line("d_step {"); indent++;
		line("if");
		line(":: t == 9 -> x = 1");
		line(":: else -> skip");
		line("fi");
		indent--; line("};");
		line("assert(x %s 5)", eq);
		break;
	case DR_RECORD: line("r.m = 1;"); line("assert(r.k %s 5)", eq); break;
	case DR_CALLRET: line("a[x] = f7();"); line("assert(a[2] %s 7)", eq); break;
	}
	indent--; line("}");
	if (pos == DR_REMOTE) {
		line("active proctype O() {"); indent++;
		line("(done == 1);");
		line("assert(P[0]:x %s 5)", eq);
		indent--; line("}");
	} else if (chance(50)) {
		line("active proctype Q() {"); indent++;
		line("byte u;");
		line("u = 1;");
		line("u = 2");
		indent--; line("}");
	}
}

/* claim visibility (vm/layer_claim.c): what an ltl formula reads makes
 * the moves that change it visible to partial-order reduction.  P
 * takes private-looking steps on its local x (x = 1; L: x = 2; x = 0,
 * in a loop in half of them), Q sets the global g once; the formula
 * (with --ltl) says P is never at the middle step while g == 1, read
 * through P[0]:x or P[0]@L.  A move into or out of that step taken as
 * invisible lets the reduction run P's burst before or after Q's
 * write, never around it, and -a misses the acceptance cycle.  Without
 * --ltl the program is the same and has no error. */
enum { CL_VAR, CL_AT, NCL };
static const char *const cl_name[NCL] = { "remote-var", "remote-label" };
static void rules_claim(int pos)
{
	int loop = chance(20), local_q = chance(50);
	line("/* rules: claim %s%s */", cl_name[pos], loop ? ", in a loop" : "");
	line("byte g;");
	line("active proctype P() {"); indent++;
	line("byte x;");
	if (loop) { line("end:"); line("do"); line(":: x = 1;"); indent++; }
	else line("x = 1;");
	line("L: x = 2;");
	line("x = 0%s", loop ? "" : ";");
	if (loop) { indent--; line("od"); }
	else line("x = 3");
	indent--; line("}");
	line("active proctype Q() {"); indent++;
	if (local_q) { line("byte t;"); line("t = 1;"); }
	line("g = 1");
	indent--; line("}");
	if (rules_ltl) {
		if (pos == CL_VAR) line("ltl prop { [] !(P[0]:x == 2 && g == 1) }");
		else line("ltl prop { [] !(P[0]@L && g == 1) }");
	}
}

static void rules_program(void)
{
	if (rules_kind == RK_HEAP || rules_kind == RK_SI || (rules_kind < 0 && rnd10(100) < 30)) {
		int si = rules_kind == RK_SI || (rules_kind < 0 && rnd10(100) < 45);
		if (si) rules_si((int)rnd(NSP));
		else rules_heap((int)rnd(NRH));
		return;
	}
	/* (drawn after heap and si, so that those stay on the seeds they had) */
	if (rules_kind == RK_DEAD || (rules_kind < 0 && rnd10(100) < 20)) {
		rules_dead((int)rnd(NDR));
		return;
	}
	/* (drawn after heap, si and dead, so that those stay on the seeds they had) */
	if (rules_kind == RK_CLAIM || (rules_kind < 0 && rnd10(100) < 15)) {
		rules_claim((int)rnd(NCL));
		return;
	}
	int kind = rules_kind >= 0 ? rules_kind : (int)rnd(RK_HEAP);
	switch (kind) {
	case RK_NR: rules_nr((int)rnd(NRN)); break;
	case RK_CHAN: rules_chan((int)rnd(NCI)); break;
	/* the places added later on the tenth stream, the others as before */
	default: {
		int pos = rnd10(100) < 40 ? RP_DSTEP + (int)rnd10(RP_FUNC - RP_DSTEP) : (int)rnd(RP_DSTEP);
		/* (half the local initialisers, which no rule can get wrong
		 * visibly, became the function place later) */
		if (pos == RP_LOCALINIT && rnd10(2)) pos = RP_FUNC;
		rules_pid(pos);
		break;
	}
	}
}

/* ---- flat: programs inside the symbolic fragment (issue 39) ----
 * `dspin -symbolic` (search/sym, docs/symbolic.md) takes only models
 * without classes and references, functions, priorities, never claims
 * and ltl formulas; every other shape above writes classes, so with
 * --features=flat every program is one of these instead (the comment
 * `flat: SHAPE` names it; the other programs are what they were, the
 * flat code runs only with the feature):
 *   classic   the ordinary program with bytes for references: globals,
 *             a global array ga[3], a typedef R, byte channels (buffered
 *             and rendezvous, one or two fields), 2-4 instances (active,
 *             active [2], run from init in atomic), bounded loops, if
 *             with else, atomic, d_step (with an if inside), unless
 *             escapes on globals and channel tests, timeout, end labels
 *             on blocking receives, _pid, _nr_pr, enabled(), pc_value(),
 *             provided clauses on globals, assertions (some violable, some
 *             array indices out of bounds); the control feature's local
 *             steps, spinners, remote references P[i]:t, P[i]@Lb and
 *             pipe; obs's W and its read in every position but the two
 *             that need a function (funcinit, callarg)
 *   term      terminating workers T(k) that count themselves in cnt under
 *             the lock lk (or racily), run by init, which waits for them
 *             with _nr_pr in one of term's positions and asserts on cnt
 *   chan      the chan shape without objects
 *   pidarr    the pidarr shape (already flat)
 *   atomblock the atomblock shape (flat; with --ltl its formula)
 *   rules     rules-nr, rules-pid and rules-dead in the positions that
 *             need no function */
static int fl_ga, fl_rec, fl_endn;

static void flat_locals(void)
{
	Var *v = &lvars[nlvars++];
	v->cls = -1; strcpy(v->name, "x0"); line("byte x0;");
	if ((has_pipe && cur_pt <= 1) || chance(60)) { v = &lvars[nlvars++]; v->cls = -1; strcpy(v->name, "t"); line("byte t;"); }
	if (obs_reader) obs_locals();
	fl_endn = 0;
}

static int fl_has_gb(void)
{
	for (int i = 0; i < ngvars; i++) if (gvars[i].cls == -2) return 1;
	return 0;
}

static void flat_cond(char *out)
{
	char v[16];
	switch (rnd(10)) {
	case 0: if (fl_has_gb()) { strcpy(out, chance(50) ? "gb" : "!gb"); return; } break;
	case 1:
		if (fl_ga && chance(30)) { sprintf(out, "ga[x0 & 3] %s %u", chance(50) ? ">" : "==", rnd(2)); return; }   /* 3: out of bounds */
		if (fl_ga) { sprintf(out, "ga[%u] %s %u", rnd(3), chance(50) ? ">" : "==", rnd(2)); return; }
		break;
	case 2: if (fl_rec) { if (chance(50)) strcpy(out, chance(50) ? "rr.b" : "!rr.b"); else sprintf(out, "rr.a > %u", rnd(2)); return; } break;
	case 3:
		if (nchans) {
			const char *c = chans[rnd((unsigned)nchans)].name;
			switch (rnd(4)) {
			case 0: sprintf(out, "nempty(%s)", c); break;
			case 1: sprintf(out, "len(%s) > 0", c); break;
			case 2: sprintf(out, "empty(%s)", c); break;
			default: sprintf(out, "nfull(%s) && g0 < 2", c); break;
			}
			return;
		}
		break;
	case 4: sprintf(out, "_nr_pr > %u", 1 + rnd(3)); return;
	case 5:
		if (nremote && obs_pos < 0) {
			int r = (int)rnd((unsigned)nremote);
			if (remotes[r].label && chance(40)) sprintf(out, "P%d[%d]@Lb", remotes[r].pt, remotes[r].pid);
			else sprintf(out, "P%d[%d]:t > 0", remotes[r].pt, remotes[r].pid);
			return;
		}
		break;
	case 6:
		/* an earlier active process (obs: W's read is the only one) */
		if (next_pid > 0 && obs_pos < 0) {
			unsigned p = rnd((unsigned)next_pid);
			if (chance(50)) sprintf(out, "enabled(%u)", p);
			else sprintf(out, "pc_value(%u) %s %u", p, chance(50) ? ">" : "==", 1 + rnd(3));
			return;
		}
		break;
	default: break;
	}
	if (pick_var(-1, v, 1, 1)) arith_cmp(out, v);
	else strcpy(out, "true");
}

/* a value: a constant, k, a variable plus one, _pid modulo 3 */
static void flat_expr(char *out)
{
	if (chance(12)) { strcpy(out, "_pid % 3"); return; }
	if (fl_ga && chance(10)) { sprintf(out, "ga[%u]", rnd(3)); return; }
	/* an operator of the flat code, kept to 0..3 (the state space) */
	char v[16];
	if (chance(20) && pick_var(-1, v, 1, 1)) { sprintf(out, "(%s %s) & 3", v, arith_bin[rnd(8)]); return; }
	scalar_expr(out);
}

static void flat_simple(void)
{
	char e[96], e2[96], v[16], c[256];
	if (chance(F_CONTROL && nremote ? 35 : 20) && control_stmt()) return;
	budget--;
	/* the flat code's edges (vm/guard.c, vm/native.c), one statement
	 * in three: a bool set from a byte (truncated: the assertion fails
	 * where a store does not), an index one past the end (x0 & 3 == 3;
	 * & was flat code before % was), a comparison at its boundary under an
	 * operator.  Spread over the cases below they were too rare for the
	 * native_bit and native_idx mutants (0 of 194 seeds) */
	if (chance(30)) {
		char cc[96];
		switch (rnd(3)) {
		case 0:
			if (pick_var(-2, v, 1, 1)) { unsigned k = rnd(3); line("%s = x0 + %u;", v, k); line("assert(%s == ((x0 + %u) & 1));", v, k); return; }
			/* fallthrough */
		case 1:
			if (fl_ga) { line("x0 = ga[x0 & 3];"); return; }
			/* fallthrough */
		default:
			arith_cmp(cc, "x0");
			line("if :: %s -> x0 = (x0 + 1) & 3 :: else -> x0 = (x0 + 3) & 3 fi;", cc);
			return;
		}
	}
	switch (rnd(20)) {
	case 0: case 1: /* scalar globals */
		if (pick_var(-2, v, 1, 1) && chance(50)) {
			/* a bool set from a byte: truncated to its low bit (the
			 * assertion fails where a store does not truncate) */
			if (chance(60)) { unsigned k = rnd(3); line("%s = x0 + %u;", v, k); line("assert(%s == ((x0 + %u) & 1));", v, k); }
			else line("%s = !%s;", v, v);
			return;
		}
		if (!pick_var(-1, v, 1, 1)) { line("skip;"); return; }
		if (chance(40)) line("%s++;", v);
		else { flat_expr(e); line("%s = %s;", v, e); }
		return;
	case 2: /* the global array: in bounds, or an index that can be out of them */
		if (!fl_ga) { line("x0 = %u;", rnd(3)); return; }
		flat_expr(e);
		switch (rnd(5)) {
		case 4: line("x0 = ga[x0 & 3];"); return;   /* one past the end at x0 & 3 == 3 */
		case 0: line("ga[_pid %% 3] = %s;", e); return;
		case 1: line("ga[x0 %% 3] = %s;", e); return;
		case 2: line("ga[%u] = %s;", rnd(3), e); return;
		default:
			/* x0 > 2: an index error; x0 & 3 is one past the end at 3
			 * (& was flat code before %% was: vm/guard.c) */
			if (chance(50)) line("x0 = ga[x0 & 3];");
			else line("x0 = ga[x0];");
			return;
		}
	case 3: /* the typedef */
		if (!fl_rec) { line("x0 = x0 + 1;"); return; }
		if (chance(40)) line("rr.b = !rr.b;");
		else { flat_expr(e); line("rr.a = %s;", e); }
		return;
	case 4: case 5: { /* send */
		if (!nchans) { line("skip;"); return; }
		Chan *ch = &chans[rnd((unsigned)nchans)];
		flat_expr(e);
		if (ch->withbyte) { scalar_expr(e2); snprintf(c, sizeof c, "%s!%s,%s", ch->name, e, e2); }
		else snprintf(c, sizeof c, "%s!%s", ch->name, e);
		if (chance(70) && !in_atomic) line("if :: %s; :: skip; fi;", c);
		else if (chance(30)) line("if :: nfull(%s) -> %s :: else -> skip fi;", ch->name, c);
		else line("%s;", c);
		return;
	}
	case 6: case 7: { /* receive */
		if (!nchans) { line("skip;"); return; }
		Chan *ch = &chans[rnd((unsigned)nchans)];
		if (ch->withbyte) snprintf(c, sizeof c, "%s?x0,g0", ch->name);
		else snprintf(c, sizeof c, "%s?x0", ch->name);
		switch (in_atomic ? 4 + rnd(2) : rnd(6)) {
		case 0: case 1: line("if :: %s; :: skip; fi;", c); return;
		case 2: line("if :: %s; :: timeout; fi;", c); return;
		case 3: line("end%d: %s;", fl_endn++, c); return;   /* waiting for ever is no error */
		case 4: line("if :: nempty(%s) -> %s :: else -> skip fi;", ch->name, c); return;
		default:
			if (ch->cap > 0 && !ch->withbyte) { line("if :: %s?[%u] -> %s :: else -> skip fi;", ch->name, rnd(3), c); return; }
			line("%s;", c);
			return;
		}
	}
	case 8: case 9: /* assertion */
		switch (rnd(6)) {
		case 0:
			if (!pick_var(-1, v, 1, 0)) { line("skip;"); return; }
			line("assert(%s < %u);", v, 2 + rnd(4));
			return;
		case 1:
			if (!pick_var(-2, v, 1, 1) || !pick_var(-1, e, 1, 1)) { line("skip;"); return; }
			line("assert(!%s || %s < %u);", v, e, 1 + rnd(4));
			return;
		case 2:
			if (fl_ga) { line("assert(ga[%u] != %u);", rnd(3), 1 + rnd(3)); return; }
			line("assert(x0 < 4);");
			return;
		case 3: line("assert(_nr_pr <= %u);", 2 + rnd(4)); return;
		case 4:
			if (fl_rec) { line("assert(rr.a != %u || rr.b);", 1 + rnd(3)); return; }
			line("assert(x0 != %u);", 2 + rnd(3));
			return;
		default:
			if (nchans) { line("assert(len(%s) < %u);", chans[rnd((unsigned)nchans)].name, 1 + rnd(2)); return; }
			line("assert(x0 != %u);", 2 + rnd(3));
			return;
		}
	case 10: /* d_step over globals and locals */
		if (chance(50)) { flat_expr(e); line("d_step { x0 = %s; x0 = x0 + 1 };", e); }
		else { flat_cond(c); line("d_step { if :: %s -> x0 = 1 :: else -> x0 = 2 fi };", c); }
		return;
	case 11: /* a block cut short by a condition */
		if (depth >= 2 || in_atomic || budget < 2) { line("x0 = %u;", rnd(3)); return; }
		flat_cond(c);
		depth++;
		line("{"); indent++;
		block(1 + rnd(2));
		indent--; line("} unless { %s };", c);
		depth--;
		return;
	case 12: /* _pid */
		if (chance(50)) line("x0 = _pid;");
		else line("assert(_pid != %u);", rnd(4));
		return;
	case 13: /* _nr_pr and the other processes */
		flat_cond(c);
		line("if :: %s -> x0 = 1 :: else -> x0 = 0 fi;", c);
		return;
	case 14: /* timeout as a guard */
		if (in_atomic) { line("x0 = x0 + 1;"); return; }
		flat_cond(c);
		line("if :: %s -> x0 = 1 :: timeout -> x0 = 2 fi;", c);
		return;
	default: /* locals */
		flat_expr(e);
		if (chance(50)) line("x0 = %s;", e);
		else line("x0 = (x0 + %u) %% 4;", 1 + rnd(2));
		return;
	}
}

/* the ordinary program, flat */
static void flat_classic(unsigned long seed, int want_ltl)
{
	ncls = 0; ngvars = 0; nchans = 0; nremote = 0; next_pid = 0;
	fl_rec = chance(40);
	fl_ga = chance(55);
	obs_plan();            /* (without f: the function positions are left out) */
	has_pipe = F_CONTROL && chance(35);
	pipe_race = has_pipe && chance(50);
	int nc = chance(85) ? 1 + (int)rnd(2) : 0;
	line("/* flat: classic%s%s%s%s, %d channel%s */", fl_rec ? ", typedef" : "", fl_ga ? ", array" : "",
	     has_pipe ? (pipe_race ? ", pipe race" : ", pipe") : "", obs_pos >= 0 ? ", obs" : "", nc, nc == 1 ? "" : "s");
	if (fl_rec) line("typedef R { byte a; bool b };");
	if (obs_pos >= 0) obs_watched();
	int nb = 1 + (int)rnd(2);
	for (int i = 0; i < nb; i++) { Var *v = &gvars[ngvars++]; v->cls = -1; sprintf(v->name, "g%d", i); line("byte %s;", v->name); }
	if (chance(60)) { Var *v = &gvars[ngvars++]; v->cls = -2; strcpy(v->name, "gb"); line("bool gb;"); }
	if (fl_ga) line("byte ga[3];");
	if (fl_rec) line("R rr;");
	if (obs_pos == P_GLOBALINIT) line("byte gi = %s;", obs_kind == K_LAST ? "_last" : "_nr_pr");
	if (obs_pos == P_CHAN) line("chan ob = [1] of { byte };");
	if (has_pipe) line("chan pp = [%u] of { byte };", 1 + rnd(2));
	nchans = nc;
	for (int i = 0; i < nchans; i++) {
		Chan *c = &chans[i];
		c->name[0] = 'c'; c->name[1] = (char)('0' + i); c->name[2] = 0;
		c->cap = (int)rnd(3);
		c->withbyte = chance(30);
		line("chan %s = [%d] of { byte%s };", c->name, c->cap, c->withbyte ? ", byte" : "");
	}
	classic_procs();
	if (want_ltl) ltl_block(seed);
}

/* term without objects: workers that count themselves and end, and a
 * starter that waits for them with _nr_pr */
static void flat_term(unsigned long seed, int want_ltl)
{
	ncls = 0; ngvars = 0; nchans = 0; nremote = 0; next_pid = 0; fl_rec = 0;
	fl_ga = chance(50);
	int n = 2 + (int)rnd(2), lock = chance(65), inatomic = chance(50), wait = (int)rnd(6);
	int other = chance(40), wrong = chance(15), two = chance(12);
	static const char *const wname[] = { "plain", "end-label", "loop", "unless", "atomic", "if" };
	line("/* flat: term, %d workers, %s, run %s, wait %s%s%s%s */", n, lock ? "lock" : "race",
	     inatomic ? "in atomic" : "one by one", wname[wait], two ? " for 2" : "", other ? ", other" : "",
	     wrong ? ", wrong count" : "");
	strcpy(gvars[0].name, "g0"); gvars[0].cls = -1; ngvars = 1;
	line("byte g0;");
	line("byte cnt;");
	line("bool lk;");
	if (fl_ga) line("byte ga[3];");
	if (other) {
		/* an active process that ends too, doing ordinary steps */
		line("active proctype O() {"); indent++;
		cur_pt = 9; nlvars = 0; has_param = 0;
		flat_locals();
		budget = 2 + (int)rnd(3);
		block(budget);
		line("skip");
		indent--; line("}");
		next_pid = 1;
	}
	line("proctype T(byte k) {"); indent++;
	cur_pt = 8; nlvars = 0; has_param = 1;
	line("byte t;");
	line("byte x0;");
	strcpy(lvars[0].name, "x0"); lvars[0].cls = -1;
	strcpy(lvars[1].name, "t"); lvars[1].cls = -1;
	if (lock) {
		line("atomic { !lk -> lk = true };");
		line("t = cnt;");
		line("cnt = t + 1;");
		line("lk = false;");
	} else {
		line("t = cnt;");
		line("cnt = t + 1;");
	}
	if (fl_ga) line("ga[k] = ga[k] + 1;");
	if (chance(40)) { budget = 1; nlvars = 2; block(1); }
	indent--; line("}");
	line("init {"); indent++;
	line("byte x0;");
	nlvars = 0; has_param = 0;
	if (inatomic) { line("atomic {"); indent++; }
	for (int i = 0; i < n; i++) line("run T(%d);", i);
	if (inatomic) { indent--; line("};"); }
	/* wait for the workers (and O) to end: _nr_pr == 1, or == 2 (one too many) */
	char w[32];
	snprintf(w, sizeof w, "_nr_pr %s %d", two ? ">=" : "==", two ? 2 : 1);
	switch (wait) {
	case 0: line("(%s);", w); break;
	case 1: line("end: (%s);", w); break;
	case 2: line("do :: !(%s) -> skip :: else -> break od;", w); break;
	case 3: line("{ end0: false } unless { %s };", w); break;
	case 4: line("atomic { (%s) -> x0 = cnt };", w); break;
	default: line("if :: (%s) -> skip fi;", w); break;
	}
	line("assert(cnt %s %d);", wrong ? "!=" : "==", n);
	line("assert(!lk);");
	if (fl_ga) line("assert(ga[0] == 1);");
	indent--; line("}");
	if (want_ltl) ltl_block(seed);
}

static void flat_program(unsigned long seed, int want_ltl)
{
	unsigned r = rnd(100);
	if (r < 45) { flat_classic(seed, want_ltl); return; }
	if (r < 57) { flat_term(seed, want_ltl); return; }
	if (r < 72) { line("/* flat: chan */"); chan_program(); if (want_ltl) ltl_block(seed); return; }
	if (r < 80) { line("/* flat: pidarr */"); pid_program(); return; }
	if (r < 88) { line("/* flat: atomblock */"); ab_program(want_ltl); return; }
	/* rules, in the positions without functions */
	r = rnd(3);
	if (r == 0) {
		int pos = (int)rnd(NRN - 1);
		if (pos >= RN_FUNC) pos++;
		line("/* flat: rules-nr */");
		rules_nr(pos);
	} else if (r == 1) {
		line("/* flat: rules-pid */");
		rules_pid((int)rnd(RP_FUNC));
	} else {
		int pos;
		do pos = (int)rnd(NDR); while (pos == DR_CALLARG || pos == DR_FUNC || pos == DR_CALLRET);
		line("/* flat: rules-dead */");
		rules_dead(pos);
	}
	if (want_ltl) ltl_block(seed);
}

int main(int argc, char **argv)
{
	unsigned long seed = 1;
	const char *features = "";
	int want_ltl = 0, ill_typed = 0;
	const char *ill_want = NULL;
	for (int i = 1; i < argc; i++) {
		if (!strncmp(argv[i], "--features=", 11)) features = argv[i] + 11;
		else if (!strcmp(argv[i], "--ltl")) want_ltl = 1;
		else if (!strcmp(argv[i], "--ill-typed")) ill_typed = 1;
		else if (!strncmp(argv[i], "--ill-kind=", 11)) ill_typed = 1, ill_want = argv[i] + 11;
		else if (!strcmp(argv[i], "--ill-kinds")) {
			for (int k = 0; k < NIK; k++) printf("%s\n", ill_kind_name[k]);
			return 0;
		}
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			fprintf(stderr, "usage: dspin_gen SEED [--ltl] [--features=nocalls,nomethods,noobjchan,nomutual,nocontrol,noobs,noterm,nochan,nopidarr,noatomblock,noatomobs,norefs,nofieldinit,noatomcall,nofnlabel,norules|nodyn,term,chan,pidarr,atomblock,atomobs,refs,rules,rules-nr,rules-chan,rules-pid,rules-heap,rules-si,rules-dead,rules-claim,flat] [--ill-typed | --ill-kind=KIND] [--ill-kinds]\n"); return 2;
		} else seed = strtoul(argv[i], NULL, 10);
	}
	if (strstr(features, "nodyn")) F_CALLS = F_METHODS = F_OBJCHAN = F_MUTUAL = 0;
	if (strstr(features, "nocalls")) F_CALLS = 0;
	if (strstr(features, "nomethods")) F_METHODS = 0;
	if (strstr(features, "noobjchan")) F_OBJCHAN = 0;
	if (strstr(features, "nomutual")) F_MUTUAL = 0;
	if (strstr(features, "nocontrol")) F_CONTROL = 0;
	if (strstr(features, "noobs")) F_OBS = 0;
	/* term is a substring of noterm: whole names only */
	if (has_feature(features, "noterm")) F_TERM = 0;
	if (has_feature(features, "term")) F_TERM = 2;
	if (has_feature(features, "nochan")) F_CHAN = 0;
	if (has_feature(features, "chan")) F_CHAN = 2;
	if (has_feature(features, "nopidarr")) F_PIDARR = 0;
	if (has_feature(features, "pidarr")) F_PIDARR = 2;
	if (has_feature(features, "noatomblock")) F_AB = 0;
	if (has_feature(features, "atomblock")) F_AB = 2;
	if (has_feature(features, "atomobs")) F_ABOBS = 1;
	if (has_feature(features, "noatomobs")) F_ABOBS = 0;
	if (has_feature(features, "norefs")) F_REFS = 0;
	if (has_feature(features, "refs") || ill_typed) F_REFS = 2;
	if (has_feature(features, "nofieldinit")) F_FINIT = 0;
	if (has_feature(features, "noatomcall")) F_ACALL = 0;
	if (has_feature(features, "nofnlabel")) F_FLABEL = 0;
	if (has_feature(features, "flat")) F_FLAT = 1;
	if (has_feature(features, "norules")) F_RULES = 0;
	if (has_feature(features, "rules")) F_RULES = 2;
	for (int k = 0; k < NRK; k++) {
		char name[16];
		snprintf(name, sizeof name, "rules-%s", rk_name[k]);
		if (has_feature(features, name)) F_RULES = 2, rules_kind = k;
	}
	rs = seed * 0x9E3779B97F4A7C15ull + 0x1234567ull;
	if (!rs) rs = 1;
	for (int i = 0; i < 8; i++) rnd(2);
	rs2 = seed * 0xBF58476D1CE4E5B9ull + 0x94D049BB133111EBull;
	if (!rs2) rs2 = 1;
	for (int i = 0; i < 8; i++) rnd2(2);
	rs3 = seed * 0x94D049BB133111EBull + 0x2545F4914F6CDD1Dull;
	if (!rs3) rs3 = 1;
	for (int i = 0; i < 8; i++) rnd3(2);

	rs4 = seed * 0xE7037ED1A0B428DBull + 0x8EBC6AF09C88C6E3ull;
	if (!rs4) rs4 = 1;
	for (int i = 0; i < 8; i++) rnd4(2);

	rs5 = seed * 0xD6E8FEB86659FD93ull + 0x3C6EF372FE94F82Bull;
	if (!rs5) rs5 = 1;
	for (int i = 0; i < 8; i++) rnd5(2);

	rs6 = seed * 0xA0761D6478BD642Full + 0xE7037ED1A0B428DBull;
	if (!rs6) rs6 = 1;
	for (int i = 0; i < 8; i++) rnd6(2);

	rs7 = seed * 0x9FB21C651E98DF25ull + 0xC2B2AE3D27D4EB4Full;
	if (!rs7) rs7 = 1;
	for (int i = 0; i < 8; i++) rnd7(2);
	rs10 = seed * 0xF1357AEA2E62A9C5ull + 0xBB67AE8584CAA73Bull;
	if (!rs10) rs10 = 1;
	for (int i = 0; i < 8; i++) rnd10(2);
	rs9 = seed * 0xD1342543DE82EF95ull + 0x6A09E667F3BCC909ull;
	if (!rs9) rs9 = 1;
	for (int i = 0; i < 8; i++) rnd9(2);
	/* refs is decided before every other shape, on its own stream */
	int refs = F_REFS == 2 || (F_REFS && rnd7(100) < 12 && F_AB != 2 && F_PIDARR != 2 && F_CHAN != 2 && F_TERM != 2);
	if (ill_typed && !ill_choose(seed, ill_want)) {
		fprintf(stderr, "dspin_gen: seed %lu has no place for %s\n", seed, ill_want ? ill_want : "a type error");
		return 3;
	}
	printf("/* dspin_gen %lu%s%s%s%s */\n", seed, features[0] ? " --features=" : "", features,
	       ill_typed ? " --ill-kind=" : "", ill_typed ? ill_kind_name[ill_kind] : "");
	if (F_FLAT) {
		flat_program(seed, want_ltl);
		return 0;
	}
	/* rules before everything, on the ninth stream (not with --ill-typed,
	 * whose programs are refs programs) */
	if (!ill_typed && (F_RULES == 2 || (F_RULES && rnd9(100) < 10 && !refs && F_AB != 2 && F_PIDARR != 2
	    && F_CHAN != 2 && F_TERM != 2))) {
		rules_ltl = want_ltl;
		rules_program();
		return 0;
	}
	if (refs) {
		refs_program();
		if (want_ltl) ltl_block(seed);
		return 0;
	}
	/* (decided first, on its own stream: with the shape off, or where it
	 * is not drawn, every program is what it was before it existed) */
	if (F_AB == 2 || (F_AB && rnd6(100) < 8 && F_PIDARR != 2 && F_CHAN != 2 && F_TERM != 2)) {
		ab_program(want_ltl);
		return 0;
	}
	if (F_PIDARR == 2 || (F_PIDARR && rnd5(100) < 15 && !(F_CHAN == 2))) {
		pid_program();
		return 0;
	}
	if (F_CHAN == 2 || (F_CHAN && rnd4(100) < 25)) {
		chan_program();
		if (want_ltl) ltl_block(seed);
		return 0;
	}
	/* classes */
	ncls = chance(55) ? 2 : 1;
	has_meth = F_METHODS && chance(45);
	has_ch = F_OBJCHAN && chance(35);
	int mutual = F_MUTUAL && ncls == 2 && chance(50);
	cls[0].name = "A"; cls[0].sfield = "v";
	cls[1].name = "B"; cls[1].sfield = "w";
	cls[0].nrefs = chance(40) ? 2 : 1;
	cls[0].refs[0] = (Field){ "nx", 0 }; cls[0].refs[1] = (Field){ "ny", 0 };
	if (mutual) cls[0].refs[cls[0].nrefs++] = (Field){ "ob", 1 };
	line("class A {"); indent++;
	line("byte v;");
	for (int i = 0; i < cls[0].nrefs; i++) line("%s %s;", cls[cls[0].refs[i].cls].name, cls[0].refs[i].name);
	if (has_ch) line("chan ch = [1] of { byte };");
	if (has_meth) {
		line("byte get() {"); indent++; line("return v"); indent--; line("}");
		line("void set(byte k) {"); indent++; line("v = k"); indent--; line("}");
	}
	indent--; line("}");
	if (ncls == 2) {
		cls[1].name = "B"; cls[1].sfield = "w";
		cls[1].nrefs = chance(50) ? 2 : 1;
		cls[1].refs[0] = (Field){ "back", 0 }; cls[1].refs[1] = (Field){ "nb", 1 };
		line("class B {"); indent++;
		line("byte w;");
		line("A back;");
		if (cls[1].nrefs == 2) line("B nb;");
		indent--; line("}");
	}
	has_f = F_CALLS && chance(40);
	has_h = F_CALLS && chance(25);
	term_plan();           /* on the third stream */
	if (!term) obs_plan(); /* (obs's W would outlive init: no wait on _nr_pr could end) */
	if (obs_pos >= 0) obs_watched();
	if (has_f) {
		f_rec = chance(50) && obs_pos != P_CALLARG && !term_item(TP_CALLARG);   /* P_CALLARG: f(null, k) is k */
		line("byte f(A a, byte k) {"); indent++;
		if (obs_pos == P_FUNCINIT) {
			char v[128];
			obs_val(v);
			line("byte o = %s;", v);
			line("assert(o != 5);");
		}
		if (term_item(TP_FUNCINIT)) {
			line("byte o = %s;", tval);
			line("assert(o != %d);", tx);
		}
		line("if");
		if (f_rec) {
			line(":: a == null || k == 0 -> return 0");
			line(":: else -> return 1 + f(a.%s, k - 1)", cls[0].refs[1].cls == 0 && cls[0].nrefs > 1 && chance(40) ? "ny" : "nx");
		} else {
			line(":: a == null -> return k");
			if (chance(50)) line(":: else -> a.v = k; return a.v + 1");
			else line(":: else -> return a.v");
		}
		line("fi");
		indent--; line("}");
	}
	if (has_h) {
		h_alloc = chance(50);
		line("A h(A a, byte k) {"); indent++;
		if (h_alloc) {
			line("A n;");
			line("n = new A;");
			line("n.v = k;");
			line("n.nx = a;");
			line("return n");
		} else {
			line("if");
			line(":: a == null || k == 0 -> return a");
			line(":: else -> return h(a.nx, k - 1)");
			line("fi");
		}
		indent--; line("}");
	}
	/* globals */
	ngvars = 0;
	int nb = 1 + (int)rnd(2);
	for (int i = 0; i < nb; i++) { Var *v = &gvars[ngvars++]; v->cls = -1; sprintf(v->name, "g%d", i); line("byte %s;", v->name); }
	if (chance(60)) { Var *v = &gvars[ngvars++]; v->cls = -2; strcpy(v->name, "gb"); line("bool gb;"); }
	int nr = 1 + (int)rnd(2);
	for (int i = 0; i < nr; i++) { Var *v = &gvars[ngvars++]; v->cls = 0; sprintf(v->name, "r%d", i); line("A %s;", v->name); }
	if (ncls == 2 && chance(60)) { Var *v = &gvars[ngvars++]; v->cls = 1; strcpy(v->name, "q"); line("B q;"); }
	if (obs_pos == P_GLOBALINIT) line("byte gi = %s;", obs_kind == K_LAST ? "_last" : "_nr_pr");
	if (obs_pos == P_CHAN) line("chan ob = [1] of { byte };");
	has_pipe = F_CONTROL && chance(50);
	if (has_pipe) line("chan pp = [%u] of { byte };", 1 + rnd(2));
	pipe_race = has_pipe && chance(50);
	nchans = chance(85) ? 1 + (int)rnd(2) : 0;
	for (int i = 0; i < nchans; i++) {
		Chan *c = &chans[i];
		c->name[0] = 'c'; c->name[1] = (char)('0' + i); c->name[2] = 0;
		c->cap = (int)rnd(3);
		c->withbyte = chance(40);
		line("chan %s = [%d] of { %sA };", c->name, c->cap, c->withbyte ? "byte, " : "");
	}
	if (term) {
		/* not in gvars: random statements leave the count and the lock alone */
		line("byte cnt;");
		line("bool lk;");
		if (tp.held) line("byte fin;");
		if (term_item(TP_GLOBALINIT)) line("byte gi = _nr_pr;");
		if (term_item(TP_CHAN)) line("chan ob = [1] of { byte };");
	}
	if (term) term_procs();
	else classic_procs();
	if (want_ltl) ltl_block(seed);
	return 0;
}
