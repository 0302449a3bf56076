/* front.c — diagnostics, GC-backed allocation, and the preprocessor driver.
 * The model goes through the C preprocessor first, as SPIN does. */
#include "ast.h"
#include "lexer.h"
#include <gc.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

int diag_count;
static int warn_count;

void *xalloc(size_t n)
{
	void *p = GC_MALLOC(n ? n : 1);
	if (!p) { fprintf(stderr, "dspin: out of memory in the front end\n"); exit(2); }
	return p;
}
void *xgrow(void *p, int n, size_t elsz)
{
	void *q = GC_REALLOC(p, (size_t)n * elsz);
	if (!q) { fprintf(stderr, "dspin: out of memory in the front end\n"); exit(2); }
	return q;
}
char *xstrndup(const char *s, size_t n)
{
	char *d = xalloc(n + 1);
	memcpy(d, s, n); d[n] = 0;
	return d;
}
char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

void diag_error(Pos p, const char *fmt, ...)
{
	va_list ap;
	if (diag_count >= 50) { diag_count++; return; }
	fprintf(stderr, "%s:%d:%d: error: ", p.file ? p.file : "?", p.line, p.col);
	va_start(ap, fmt); vfprintf(stderr, fmt, ap); va_end(ap);
	fputc('\n', stderr);
	diag_count++;
}

void diag_warn(Pos p, const char *fmt, ...)
{
	va_list ap;
	if (warn_count++ >= 50) return;
	fprintf(stderr, "%s:%d:%d: warning: ", p.file ? p.file : "?", p.line, p.col);
	va_start(ap, fmt); vfprintf(stderr, fmt, ap); va_end(ap);
	fputc('\n', stderr);
}

Model *parse_tokens(const char *fname, Token *toks, int ntok);

Model *parse_string(const char *name, const char *text)
{
	int n;
	Token *t = lex_all(text, name, &n);
	Model *m = parse_tokens(name, t, n);
	return m;
}

/* The file's bytes, or NULL if it cannot be read or holds a NUL byte. */
static char *read_whole(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) return NULL;
	size_t cap = 1 << 16, len = 0, r;
	char *buf = malloc(cap);
	while ((r = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += r;
		if (len + 1 >= cap) { cap *= 2; buf = realloc(buf, cap); }
	}
	fclose(f);
	buf[len] = 0;
	char *out = strlen(buf) == len ? xstrndup(buf, len) : NULL;
	free(buf);
	return out;
}

/* Would cpp -undef leave this text alone, apart from comments (which the
 * lexer skips itself)?  Conservatively: no directive or stringizing '#',
 * no line splice, no carriage return, no builtin macro (__LINE__ and the
 * like all contain "__").  Starting cpp costs about 10 ms, five times a
 * small model's whole search, which matters to scripts that run dspin
 * thousands of times (tests/gen).  One visible difference: after a
 * comment on the same line, columns in messages are the file's own
 * rather than cpp's (cpp shrinks the comment to one space). */
static int cpp_is_identity(const char *t)
{
	for (const char *p = t; *p; p++) {
		if (*p == '#' || *p == '\\' || *p == '\r') return 0;
		if (p[0] == '_' && p[1] == '_') return 0;
	}
	return 1;
}

/* Run `cpp` on the file and read its output. */
static char *preprocess(const char *path, const char **args, int nargs)
{
	int pfd[2];
	if (pipe(pfd) < 0) { perror("pipe"); exit(2); }
	pid_t pid = fork();
	if (pid < 0) { perror("fork"); exit(2); }
	if (pid == 0) {
		const char *argv[64 + 8];
		int k = 0;
		argv[k++] = "cpp";
		argv[k++] = "-w";
		argv[k++] = "-undef";
		argv[k++] = "-nostdinc";
		for (int i = 0; i < nargs && i < 64; i++) argv[k++] = args[i];
		argv[k++] = path;
		argv[k] = NULL;
		dup2(pfd[1], 1);
		close(pfd[0]); close(pfd[1]);
		execvp("cpp", (char **)argv);
		fprintf(stderr, "dspin: cannot run the C preprocessor 'cpp' (install the 'cpp' package)\n");
		_exit(127);
	}
	close(pfd[1]);
	size_t cap = 1 << 16, len = 0;
	char *buf = malloc(cap);
	for (;;) {
		if (len + 4096 > cap) { cap *= 2; buf = realloc(buf, cap); }
		ssize_t r = read(pfd[0], buf + len, cap - len - 1);
		if (r <= 0) break;
		len += (size_t)r;
	}
	close(pfd[0]);
	buf[len] = 0;
	int st;
	waitpid(pid, &st, 0);
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		fprintf(stderr, "%s: error: the C preprocessor failed on this file\n", path);
		exit(2);
	}
	char *out = xstrdup(buf);
	free(buf);
	return out;
}

Model *parse_file(const char *path, const char **cppargs, int ncppargs)
{
	return parse_file_with(path, cppargs, ncppargs, NULL, NULL);
}

/* The model, with extra text appended after preprocessing (a never claim
 * made from an ltl formula), its positions reported under extra_name. */
Model *parse_file_with(const char *path, const char **cppargs, int ncppargs, const char *extra, const char *extra_name)
{
	if (access(path, R_OK) != 0) {
		fprintf(stderr, "dspin: cannot read '%s'\n", path);
		exit(2);
	}
	char *text = ncppargs == 0 ? read_whole(path) : NULL;
	if (!text || !cpp_is_identity(text)) text = preprocess(path, cppargs, ncppargs);
	if (extra) {
		size_t n = strlen(text), m = strlen(extra), h = strlen(extra_name) + 32;
		char *all = xalloc(n + m + h);
		snprintf(all, n + m + h, "%s\n# 1 \"%s\"\n%s", text, extra_name, extra);
		text = all;
	}
	return parse_string(path, text);
}
