/* native.c — the model's guards and assignments as machine code.
 *
 * pan is the model compiled to C; dspin interprets.  On models whose
 * guards and actions are many small expressions that difference is most
 * of the gap to pan (issue 41).  As SPIN does with pan.c, and as DiVinE
 * and LTSmin do with a model compiled into a shared object that their
 * next-state interface loads (LTSmin's dlopen PINS plugins: one exported
 * entry, a table of functions), dspin writes C for the model, compiles it
 * with the system's C compiler into a shared object and loads it with
 * dlopen.  What is compiled is exactly vm/guard.c's flat code (guards
 * that are pure expressions over plain variables, assignments of such an
 * expression to a plain variable): each Guard's ops become one C
 * function with the same answers (1/0/-1 for a guard, 1/0 for an
 * assignment), and guard_enabled, guard_quick and guard_act call it
 * instead of running the ops.  Everything else stays with the
 * interpreter, which is the reference: per transition, a Guard without
 * native code runs its ops, a transition without a Guard its tree.
 *
 * Translation: the ops are postfix code over an operand stack; here the
 * stack holds C expressions (strings) instead of values.  A load is an
 * expression; an operator combines its operands' expressions with the
 * same arithmetic as lang/arith.h (wrapping + - * <<, shift counts & 31,
 * INT32_MIN / -1); an indexed load first binds its index to a temporary
 * and checks its bounds, a / or % its divisor and checks it is not zero,
 * in the order the ops check them, so a guard gives up (-1) or answers
 * false (0) exactly where the ops do.  All the operands are free
 * of effects, so evaluating a subexpression in C's order instead of the
 * stack's changes nothing.
 *
 * The shared object is cached under $XDG_CACHE_HOME/dspin/native (or
 * ~/.cache/...), named by a hash of the C text, the compiler and
 * NATIVE_ABI: the text is a function of the model and of everything that
 * shapes the code, so a second run of the same model starts at once.  A
 * missing or failing compiler is a warning and the interpreter runs
 * everything (never a failed verification).  docs/native.md. */
#include "vm.h"
#include "native.h"
#include "guard_ops.h"
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

extern char **environ;

static double native_clock(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* bump when the calling convention or the exported table changes */
#define NATIVE_ABI 2
/* the fewest transitions a location needs to get a function of its own */
#define NATIVE_LOC_MIN 4

/* a growing text buffer */
typedef struct Buf {
	char *s;
	size_t n, cap;
} Buf;

static void bprintf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void bprintf(Buf *b, const char *fmt, ...)
{
	for (;;) {
		va_list ap;
		va_start(ap, fmt);
		int k = vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
		va_end(ap);
		if (k >= 0 && b->n + (size_t)k < b->cap) {
			b->n += (size_t)k;
			return;
		}
		size_t cap = b->cap ? b->cap * 2 : 4096;
		while (k >= 0 && cap <= b->n + (size_t)k)
			cap *= 2;
		char *s = realloc(b->s, cap);
		if (!s) {
			fprintf(stderr, "dspin: out of memory writing native code\n");
			exit(3);
		}
		b->s = s;
		b->cap = cap;
	}
}

/* the operand stack of C expressions */
#define NEXPR 2048
typedef struct CStack {
	char e[GMAXSTACK + 1][NEXPR];
	int sp;
	int ntmp;            /* temporaries bound so far (t0, t1, ...) */
	int ok;              /* 0: an expression outgrew NEXPR, give up on this Guard */
} CStack;

static void cpush(CStack *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void cpush(CStack *c, const char *fmt, ...)
{
	if (c->sp > GMAXSTACK) {
		c->ok = 0;
		return;
	}
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(c->e[c->sp], NEXPR, fmt, ap);
	va_end(ap);
	if (k < 0 || k >= NEXPR)
		c->ok = 0;
	c->sp++;
}

/* pop into a caller's buffer (the expressions are copied before the
 * slot is written again) */
static void cpop(CStack *c, char *out)
{
	if (c->sp <= 0) {
		c->ok = 0;
		out[0] = 0;
		return;
	}
	snprintf(out, NEXPR, "%s", c->e[--c->sp]);
}

static void constant(char *out, size_t n, int32_t v)
{
	if (v == INT32_MIN)
		snprintf(out, n, "(-2147483647-1)");
	else
		snprintf(out, n, "(%d)", v);
}

/* the address of a variable: base + off [+ index * size] */
static void address(char *out, size_t n, const GOp *o, int local, const char *idx)
{
	if (idx)
		snprintf(out, n, "%s+%d+%s*%d", local ? "L" : "G", o->off, idx, o->tok);
	else
		snprintf(out, n, "%s+%d", local ? "L" : "G", o->off);
}

/* layout_load, for the op's kind and bits */
static void load_expr(char *out, size_t n, const GOp *o, const char *addr)
{
	switch (o->kind) {
	case TY_SHORT: snprintf(out, n, "ld_s16(%s)", addr); return;
	case TY_CHAN: snprintf(out, n, "ld_u16(%s)", addr); return;
	case TY_INT: snprintf(out, n, "ld_i32(%s)", addr); return;
	case TY_UNSIGNED:
		if (o->bits > 16) snprintf(out, n, "ld_i32(%s)", addr);
		else if (o->bits > 8) snprintf(out, n, "ld_u16(%s)", addr);
		else snprintf(out, n, "(int32_t)*(%s)", addr);
		return;
	default: snprintf(out, n, "(int32_t)*(%s)", addr); return;
	}
}

/* layout_store */
static void store_stmt(Buf *b, const GOp *o, const char *addr, const char *v)
{
	switch (o->kind) {
	case TY_BIT: case TY_BOOL: bprintf(b, "\t*(%s) = (uint8_t)((%s) & 1);\n", addr, v); return;
	case TY_SHORT: case TY_CHAN: bprintf(b, "\tst_16(%s, %s);\n", addr, v); return;
	case TY_INT: bprintf(b, "\tst_32(%s, %s);\n", addr, v); return;
	case TY_UNSIGNED:
		if (o->bits >= 32) {
			bprintf(b, "\tst_32(%s, %s);\n", addr, v);
			return;
		}
		bprintf(b, "\t{ uint32_t V = (uint32_t)%s & %uu;\n", v, (unsigned)((1u << o->bits) - 1));
		if (o->bits <= 8) bprintf(b, "\t*(%s) = (uint8_t)V; }\n", addr);
		else if (o->bits <= 16) bprintf(b, "\tst_16(%s, (int32_t)V); }\n", addr);
		else bprintf(b, "\tst_32(%s, (int32_t)V); }\n", addr);
		return;
	default: bprintf(b, "\t*(%s) = (uint8_t)(%s);\n", addr, v); return;
	}
}

/* lang/arith.h's arith_binop for the operators the flat code has */
static int binop_expr(char *out, size_t n, int tok, const char *a, const char *b)
{
	const char *cmp = NULL;
	switch (tok) {
	case OP_ADD: snprintf(out, n, "(int32_t)((uint32_t)%s + (uint32_t)%s)", a, b); return 1;
	case OP_SUB: snprintf(out, n, "(int32_t)((uint32_t)%s - (uint32_t)%s)", a, b); return 1;
	case OP_MUL: snprintf(out, n, "(int32_t)((uint32_t)%s * (uint32_t)%s)", a, b); return 1;
	case OP_SHL: snprintf(out, n, "(int32_t)((uint32_t)%s << (%s & 31))", a, b); return 1;
	case OP_SHR: snprintf(out, n, "(%s >> (%s & 31))", a, b); return 1;
	case OP_BAND: snprintf(out, n, "(%s & %s)", a, b); return 1;
	case OP_BOR: snprintf(out, n, "(%s | %s)", a, b); return 1;
	case OP_BXOR: snprintf(out, n, "(%s ^ %s)", a, b); return 1;
	case OP_AND: snprintf(out, n, "(int32_t)(%s != 0 && %s != 0)", a, b); return 1;
	case OP_OR: snprintf(out, n, "(int32_t)(%s != 0 || %s != 0)", a, b); return 1;
	case OP_EQ: cmp = "=="; break;
	case OP_NE: cmp = "!="; break;
	case OP_LT: cmp = "<"; break;
	case OP_GT: cmp = ">"; break;
	case OP_LE: cmp = "<="; break;
	case OP_GE: cmp = ">="; break;
	default: return 0;
	}
	snprintf(out, n, "(int32_t)(%s %s %s)", a, cmp, b);
	return 1;
}

static int unop_expr(char *out, size_t n, int tok, const char *a)
{
	switch (tok) {
	case OP_NEG: snprintf(out, n, "(int32_t)(0u - (uint32_t)%s)", a); return 1;
	case OP_NOT: snprintf(out, n, "(int32_t)(!%s)", a); return 1;
	case OP_BNOT: snprintf(out, n, "(~%s)", a); return 1;
	default: return 0;
	}
}

/* one stack op (vm/guard.c's stack_op); an index's bounds check returns
 * `fail` (-1 for a guard, 0 for an assignment) */
static void stack_op_c(Buf *b, CStack *c, const GOp *o, int fail)
{
	char a[NEXPR], x[NEXPR], addr[NEXPR + 64], out[2 * NEXPR + 64];
	switch (o->op) {
	case G_CONST:
		constant(a, sizeof a, o->val);
		cpush(c, "%s", a);
		return;
	case G_GLOBAL: case G_LOCAL:
		address(addr, sizeof addr, o, o->op == G_LOCAL, NULL);
		load_expr(out, sizeof out, o, addr);
		cpush(c, "%s", out);
		return;
	case G_PID:
		cpush(c, "pid");
		return;
	case G_IDX: {
		cpop(c, a);
		int t = c->ntmp++;
		bprintf(b, "\tint32_t t%d = %s;\n\tif ((uint32_t)t%d >= %uu) return %d;\n", t, a, t, (unsigned)o->val, fail);
		snprintf(x, sizeof x, "t%d", t);
		address(addr, sizeof addr, o, o->local, x);
		load_expr(out, sizeof out, o, addr);
		cpush(c, "%s", out);
		return;
	}
	case G_UN:
		cpop(c, a);
		if (!unop_expr(out, sizeof out, o->tok, a))
			c->ok = 0;
		cpush(c, "%s", out);
		return;
	case G_BIN:
		cpop(c, x);
		cpop(c, a);
		if (o->tok == OP_DIV || o->tok == OP_MOD) {
			/* lang/arith.h: by zero gives up (the tree raises it);
			 * INT32_MIN / -1 is INT32_MIN, x % -1 is 0 */
			int ta = c->ntmp++, tb = c->ntmp++;
			bprintf(b, "\tint32_t t%d = %s;\n\tint32_t t%d = %s;\n\tif (t%d == 0) return %d;\n", ta, a, tb, x, tb, fail);
			if (o->tok == OP_DIV)
				cpush(c, "(t%d == (-2147483647-1) && t%d == -1 ? t%d : t%d / t%d)", ta, tb, ta, ta, tb);
			else
				cpush(c, "(t%d == -1 ? 0 : t%d %% t%d)", tb, ta, tb);
			return;
		}
		if (!binop_expr(out, sizeof out, o->tok, a, x))
			c->ok = 0;
		cpush(c, "%s", out);
		return;
	default:
		c->ok = 0;
		return;
	}
}

/* guard_enabled's loop as C: a function `name` answering 1, 0 or -1 */
static int emit_guard(Buf *b, const char *name, const Guard *g)
{
	static CStack c;
	char a[NEXPR], addr[NEXPR], ld[NEXPR + 64], v[NEXPR];
	c.sp = c.ntmp = 0;
	c.ok = 1;
	size_t start = b->n;
	/* inline: the location functions below call it too */
	bprintf(b, "static inline int %s(uint8_t *G, uint8_t *L, int32_t pid)\n{\n\t(void)G; (void)L; (void)pid;\n", name);
	for (int i = 0; i < g->n && c.ok; i++) {
		const GOp *o = &g->ops[i];
		switch (o->op) {
		case G_TVAR: case G_TNVAR: case G_TCMP: case G_TCMPP:
			address(addr, sizeof addr, o, o->local, NULL);
			load_expr(ld, sizeof ld, o, addr);
			if (o->op == G_TVAR)
				bprintf(b, "\tif (!%s) return 0;\n", ld);
			else if (o->op == G_TNVAR)
				bprintf(b, "\tif (%s) return 0;\n", ld);
			else {
				if (o->op == G_TCMP)
					constant(v, sizeof v, o->val);
				else
					snprintf(v, sizeof v, "pid");
				if (!binop_expr(a, sizeof a, o->tok, ld, v))
					c.ok = 0;
				bprintf(b, "\tif (!%s) return 0;\n", a);
			}
			break;
		case G_TEST:
			cpop(&c, a);
			bprintf(b, "\tif (!%s) return 0;\n", a);
			break;
		default:
			stack_op_c(b, &c, o, -1);
			break;
		}
	}
	if (!c.ok || c.sp) {
		b->n = start;   /* not translated: the ops run */
		b->s[b->n] = 0;
		return 0;
	}
	bprintf(b, "\treturn 1;\n}\n\n");
	return 1;
}

/* guard_act's loop as C: 1 when the store ran, 0 with nothing written */
static int emit_act(Buf *b, const char *name, const Guard *g)
{
	static CStack c;
	char a[NEXPR], x[NEXPR], addr[NEXPR + 64];
	c.sp = c.ntmp = 0;
	c.ok = 1;
	size_t start = b->n;
	int stored = 0;
	bprintf(b, "static int %s(uint8_t *G, uint8_t *L, int32_t pid)\n{\n\t(void)G; (void)L; (void)pid;\n", name);
	for (int i = 0; i < g->n && c.ok; i++) {
		const GOp *o = &g->ops[i];
		if (o->op == G_STORE) {
			/* the value stays on the stack, as guard_act leaves it */
			if (c.sp < 1) { c.ok = 0; break; }
			address(addr, sizeof addr, o, o->local, NULL);
			store_stmt(b, o, addr, c.e[c.sp - 1]);
			stored = 1;
		} else if (o->op == G_ISTORE) {
			if (c.sp < 2) { c.ok = 0; break; }
			int t = c.ntmp++;
			bprintf(b, "\tint32_t t%d = %s;\n\tif ((uint32_t)t%d >= %uu) return 0;\n", t, c.e[c.sp - 2], t, (unsigned)o->val);
			snprintf(x, sizeof x, "t%d", t);
			address(addr, sizeof addr, o, o->local, x);
			snprintf(a, sizeof a, "%s", c.e[c.sp - 1]);
			store_stmt(b, o, addr, a);
			stored = 1;
		} else
			stack_op_c(b, &c, o, 0);
	}
	if (!c.ok || !stored) {
		b->n = start;
		b->s[b->n] = 0;
		return 0;
	}
	bprintf(b, "\treturn 1;\n}\n\n");
	return 1;
}

static const char PRELUDE[] =
	"/* written by dspin (vm/native.c): the model's guards and assignments,\n"
	" * vm/guard.c's flat code as C; G: the globals, L: the process's locals */\n"
	"#include <stdint.h>\n#include <string.h>\n"
	"static inline int32_t ld_s16(const uint8_t *a) { int16_t v; memcpy(&v, a, 2); return v; }\n"
	"static inline int32_t ld_u16(const uint8_t *a) { uint16_t v; memcpy(&v, a, 2); return v; }\n"
	"static inline int32_t ld_i32(const uint8_t *a) { int32_t v; memcpy(&v, a, 4); return v; }\n"
	"static inline void st_16(uint8_t *a, int32_t v) { uint16_t s = (uint16_t)v; memcpy(a, &s, 2); }\n"
	"static inline void st_32(uint8_t *a, int32_t v) { memcpy(a, &v, 4); }\n"
	"typedef int (*Fn)(uint8_t *, uint8_t *, int32_t);\n"
	"typedef void (*LFn)(uint8_t *, uint8_t *, int32_t, int8_t *);\n\n";

/* the C text of p's compiled Guards; *nfn: how many became functions,
 * *ncand: how many Guards there are */
static void emit_program(Buf *b, const Program *p, int *nfn, int *ncand)
{
	char name[32];
	unsigned char *has = calloc((size_t)p->ntrans + 1, 2);
	if (!has) {
		fprintf(stderr, "dspin: out of memory writing native code\n");
		exit(3);
	}
	bprintf(b, "%s", PRELUDE);
	*nfn = *ncand = 0;
	for (int i = 0; i < p->ntrans; i++) {
		const Trans *t = p->trans[i];
		if (t->guard) {
			++*ncand;
			snprintf(name, sizeof name, "g%d", i);
			if (emit_guard(b, name, t->guard))
				has[2 * i] = 1, ++*nfn;
		}
		if (t->act) {
			++*ncand;
			snprintf(name, sizeof name, "a%d", i);
			if (emit_act(b, name, t->act))
				has[2 * i + 1] = 1, ++*nfn;
		}
	}
	/* A location choosing among many transitions, each with a compiled
	 * guard or an else and no unless-escape: one function answers them
	 * all (vm/next_vm.c's gen_proc then reads no Trans or Guard of a
	 * false one: peg's 60 options were a tenth of its time) */
	unsigned char *lhas = calloc((size_t)p->nlocs + 1, 1);
	if (!lhas) {
		fprintf(stderr, "dspin: out of memory writing native code\n");
		exit(3);
	}
	for (int gi = 0; gi < p->nlocs; gi++) {
		const Loc *l = p->locs[gi];
		int ok = l->nt >= NATIVE_LOC_MIN && l->nt <= 64 && !l->has_escape;
		for (int i = 0; ok && i < l->nt; i++)
			ok = l->t[i]->is_else ? !l->t[i]->guard : (l->t[i]->guard && has[2 * l->t[i]->id] && !l->t[i]->escape);
		if (!ok)
			continue;
		lhas[gi] = 1;
		bprintf(b, "static void l%d(uint8_t *G, uint8_t *L, int32_t pid, int8_t *q)\n{\n", gi);
		for (int i = 0; i < l->nt; i++)
			if (l->t[i]->is_else)
				bprintf(b, "\tq[%d] = -1;\n", i);
			else
				bprintf(b, "\tq[%d] = (int8_t)g%d(G, L, pid);\n", i, l->t[i]->id);
		bprintf(b, "}\n\n");
	}
	bprintf(b, "const int dspin_native_nlocs = %d;\nconst LFn dspin_native_loc[%d] = {", p->nlocs, p->nlocs + 1);
	for (int gi = 0; gi < p->nlocs; gi++)
		if (lhas[gi])
			bprintf(b, "\n\t[%d] = l%d,", gi, gi);
	bprintf(b, "\n};\n");
	free(lhas);
	bprintf(b, "const int dspin_native_abi = %d;\nconst int dspin_native_ntrans = %d;\n", NATIVE_ABI, p->ntrans);
	for (int k = 0; k < 2; k++) {
		bprintf(b, "const Fn dspin_native_%s[%d] = {", k ? "act" : "guard", p->ntrans + 1);
		for (int i = 0; i < p->ntrans; i++)
			if (has[2 * i + k])
				bprintf(b, "\n\t[%d] = %c%d,", i, k ? 'a' : 'g', i);
		bprintf(b, "\n};\n");
	}
	free(has);
}

/* the cache directory, created (0700 where dspin makes it), and ours:
 * owned by this user and writable by nobody else, since what is in it is
 * loaded and run (found by review: a shared /tmp/dspin/native would run
 * anyone's object).  0 with why in *why if not */
static int cache_dir(char *out, size_t n, const char **why)
{
	const char *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");
	char base[900];
	if (x && *x) snprintf(base, sizeof base, "%s", x);
	else if (h && *h) snprintf(base, sizeof base, "%s/.cache", h);
	else snprintf(base, sizeof base, "/tmp/dspin-%ld", (long)geteuid());
	snprintf(out, n, "%s/dspin/native", base);
	char part[1024];
	snprintf(part, sizeof part, "%s", out);
	*why = "cannot be made";
	for (char *q = part + 1; *q; q++)
		if (*q == '/') {
			*q = 0;
			if (mkdir(part, 0700) && errno != EEXIST)
				return 0;
			*q = '/';
		}
	if (mkdir(part, 0700) && errno != EEXIST)
		return 0;
	struct stat st;
	if (stat(part, &st) || !S_ISDIR(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 022)) {
		*why = "is not this user's alone";
		return 0;
	}
	return 1;
}

/* The object's seal: 8 bytes "dspinobj" and the XXH64 of everything
 * before them, appended after the compile (the loader ignores bytes past
 * the ELF's segments).  An object cut short still opens with dlopen and
 * dies of SIGBUS at its first call (found by review); a cached one whose
 * seal does not check is compiled again. */
#define SEAL_MAGIC "dspinobj"

static int seal_ok(const char *so)
{
	FILE *f = fopen(so, "rb");
	if (!f)
		return 0;
	struct stat st;
	int ok = 0;
	if (!fstat(fileno(f), &st) && st.st_uid == geteuid() && st.st_size > 16 && st.st_size < (1L << 30)) {
		size_t len = (size_t)st.st_size;
		uint8_t *buf = malloc(len);
		if (buf && fread(buf, 1, len, f) == len && !memcmp(buf + len - 16, SEAL_MAGIC, 8)) {
			uint64_t want;
			memcpy(&want, buf + len - 8, 8);
			ok = XXH64(buf, len - 16, 0) == want;
		}
		free(buf);
	}
	fclose(f);
	return ok;
}

static int seal(const char *so)
{
	FILE *f = fopen(so, "r+b");
	if (!f)
		return 0;
	int ok = 0;
	if (!fseek(f, 0, SEEK_END)) {
		long len = ftell(f);
		uint8_t *buf = len > 0 ? malloc((size_t)len) : NULL;
		if (buf && !fseek(f, 0, SEEK_SET) && fread(buf, 1, (size_t)len, f) == (size_t)len) {
			uint64_t h = XXH64(buf, (size_t)len, 0);
			ok = !fseek(f, 0, SEEK_END) && fwrite(SEAL_MAGIC, 1, 8, f) == 8 && fwrite(&h, 1, 8, f) == 8;
		}
		free(buf);
	}
	return fclose(f) == 0 && ok;
}

/* at most NATIVE_CACHE_MAX objects: the least recently used go (a hit
 * touches its object).  A soak of 50,000 generated programs would
 * otherwise leave 50,000 objects behind */
#define NATIVE_CACHE_MAX 2000

static void cache_trim(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct Ent { time_t t; char name[64]; } *v = NULL;
	size_t nv = 0, cap = 0;
	struct dirent *e;
	char path[1200];
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);
		if (l < 4 || l >= 64 || strcmp(e->d_name + l - 3, ".so"))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		struct stat st;
		if (stat(path, &st))
			continue;
		if (nv == cap) {
			cap = cap ? 2 * cap : 256;
			struct Ent *nvp = realloc(v, cap * sizeof *v);
			if (!nvp)
				break;
			v = nvp;
		}
		v[nv].t = st.st_mtime;
		snprintf(v[nv].name, sizeof v[nv].name, "%s", e->d_name);
		nv++;
	}
	closedir(d);
	while (nv > NATIVE_CACHE_MAX) {
		/* the oldest, one at a time: a trim removes a few at most */
		size_t o = 0;
		for (size_t i = 1; i < nv; i++)
			if (v[i].t < v[o].t)
				o = i;
		snprintf(path, sizeof path, "%s/%s", dir, v[o].name);
		unlink(path);
		v[o] = v[--nv];
	}
	free(v);
}

/* run the compiler: cc -O1 -fPIC -shared -w -o so c, its output in log;
 * 1 when it succeeded */
static int compile(const char *cc, const char *c, const char *so, const char *log, char *why, size_t n)
{
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	char *argv[] = { (char *)cc, "-O1", "-fPIC", "-shared", "-w", "-o", (char *)so, (char *)c, NULL };
	pid_t pid;
	int rc = posix_spawnp(&pid, cc, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc) {
		snprintf(why, n, "cannot run the C compiler '%s' (%s)", cc, strerror(rc));
		return 0;
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			snprintf(why, n, "lost the C compiler '%s'", cc);
			return 0;
		}
	if (!WIFEXITED(st) || WEXITSTATUS(st)) {
		/* the compiler's first line of complaint */
		char line[256] = "";
		FILE *f = fopen(log, "r");
		if (f) {
			if (!fgets(line, sizeof line, f)) line[0] = 0;
			fclose(f);
		}
		line[strcspn(line, "\n")] = 0;
		snprintf(why, n, "the C compiler '%s' failed%s%s (its output: %s)", cc, line[0] ? ": " : "", line, log);
		return 0;
	}
	return 1;
}

/* open so and install its functions on p's Guards; the count installed,
 * -1 (why said) when it is not the object this text makes */
static int install(Program *p, NativeInfo *ni, const char *so, char *why, size_t n)
{
	void *h = dlopen(so, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		snprintf(why, n, "cannot load %s (%s)", so, dlerror());
		return -1;
	}
	const int *abi = dlsym(h, "dspin_native_abi"), *nt = dlsym(h, "dspin_native_ntrans");
	NativeFn const *gf = dlsym(h, "dspin_native_guard"), *af = dlsym(h, "dspin_native_act");
	const int *nl = dlsym(h, "dspin_native_nlocs");
	NativeLocFn const *lf = dlsym(h, "dspin_native_loc");
	if (!abi || !nt || !gf || !af || !nl || !lf || *abi != NATIVE_ABI || *nt != p->ntrans || *nl != p->nlocs) {
		snprintf(why, n, "%s is not this model's native code", so);
		dlclose(h);
		return -1;
	}
	int k = 0;
	for (int i = 0; i < p->ntrans; i++) {
		Trans *t = p->trans[i];
		/* the Guards are the front end's (Boehm GC) memory, written once
		 * here before any search */
		if (t->guard && gf[i]) ((Guard *)t->guard)->native = gf[i], k++;
		if (t->act && af[i]) ((Guard *)t->act)->native = af[i], k++;
	}
	ni->loc = calloc((size_t)p->nlocs + 1, sizeof *ni->loc);
	for (int i = 0; ni->loc && i < p->nlocs; i++)
		if (lf[i])
			ni->loc[i] = lf[i], ni->nloc++;
	return k;   /* the handle stays open until the process ends */
}

void native_load(VM *vm, const char *cc)
{
	Program *p = vm->prog;
	NativeInfo *ni = &vm->native;
	if (ni->tried)
		return;
	ni->tried = 1;
	vm_compile_guards(p);
	Buf b = { 0 };
	int nfn, ncand;
	emit_program(&b, p, &nfn, &ncand);
	ni->candidates = ncand;
	if (!nfn) {
		snprintf(ni->how, sizeof ni->how, "nothing to compile");
		free(b.s);
		return;
	}
	if (!cc || !*cc) cc = getenv("DSPIN_CC");
	if (!cc || !*cc) cc = "cc";
	XXH64_state_t *hs = XXH64_createState();
	XXH64_reset(hs, NATIVE_ABI);
	XXH64_update(hs, b.s, b.n);
	XXH64_update(hs, cc, strlen(cc) + 1);
	unsigned long long key = (unsigned long long)XXH64_digest(hs);
	XXH64_freeState(hs);
	char dir[1024], so[1100], c[1100], tmp[1100], log[1100];
	const char *dwhy;
	if (!cache_dir(dir, sizeof dir, &dwhy)) {
		snprintf(ni->how, sizeof ni->how, "the cache directory %s %s", dir, dwhy);
		goto fail;
	}
	snprintf(so, sizeof so, "%s/%016llx.so", dir, key);
	if (seal_ok(so)) {
		int k = install(p, ni, so, ni->how, sizeof ni->how);
		if (k >= 0) {
			ni->compiled = k;
			snprintf(ni->how, sizeof ni->how, "from the cache");
			utimes(so, NULL);   /* recently used (cache_trim) */
			free(b.s);
			return;
		}
	}
	/* none, or damaged: compile.  The temporary files are mkstemp's
	 * (pids repeat across PID namespaces sharing a cache: found by
	 * review, two dspins as pid 1 took each other's object) */
	snprintf(c, sizeof c, "%s/%016llx.XXXXXX.c", dir, key);
	snprintf(tmp, sizeof tmp, "%s/%016llx.XXXXXX.tmp", dir, key);
	snprintf(log, sizeof log, "%s/%016llx.XXXXXX.log", dir, key);
	int fc = mkstemps(c, 2), ft = mkstemps(tmp, 4), fl = mkstemps(log, 4);
	if (ft >= 0) close(ft);
	if (fl >= 0) close(fl);
	FILE *f = fc >= 0 ? fdopen(fc, "w") : NULL;
	if (!f || ft < 0 || fl < 0 || fwrite(b.s, 1, b.n, f) != b.n) {
		if (f) fclose(f);
		else if (fc >= 0) close(fc);
		snprintf(ni->how, sizeof ni->how, "cannot write the C text in %s", dir);
		if (fc >= 0) unlink(c);
		if (ft >= 0) unlink(tmp);
		if (fl >= 0) unlink(log);
		goto fail;
	}
	fclose(f);
	double t0 = native_clock();
	if (!compile(cc, c, tmp, log, ni->how, sizeof ni->how)) {
		unlink(tmp);
		unlink(c);   /* the log stays: the warning names it */
		goto fail;
	}
	ni->compile_secs = native_clock() - t0;
	unlink(c);
	unlink(log);
	if (!seal(tmp)) {
		snprintf(ni->how, sizeof ni->how, "cannot seal %s", tmp);
		unlink(tmp);
		goto fail;
	}
	/* another dspin may be compiling the same model: the rename is atomic */
	if (rename(tmp, so)) {
		snprintf(ni->how, sizeof ni->how, "cannot rename %s (%s)", tmp, strerror(errno));
		unlink(tmp);
		goto fail;
	}
	cache_trim(dir);
	int k = install(p, ni, so, ni->how, sizeof ni->how);
	if (k < 0)
		goto fail;
	ni->compiled = k;
	snprintf(ni->how, sizeof ni->how, "compiled by %s in %.2f s", cc, ni->compile_secs);
	free(b.s);
	return;
fail:
	free(b.s);
	ni->failed = 1;
	fprintf(stderr, "dspin: warning: native code: %s; the interpreter runs every guard\n", ni->how);
}
