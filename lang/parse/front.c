/* front.c — reading a model: the file, through the C preprocessor as
 * SPIN does (skipped when it would change nothing), then the lexer and
 * the parser.  The entry points parse_file, parse_file_with and
 * parse_string (ast.h). */
#include "../ast.h"
#include "lexer.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <sys/wait.h>
#include <sys/stat.h>

Model *parse_string(Diag *d, const char *name, const char *text)
{
	int n;
	Token *t = lex_all(d, text, name, &n);
	Model *m = parse_tokens(d, name, t, n);
	return m;
}

/* buf, twice as large; NULL (buf freed) when memory is exhausted */
static char *grow_buf(char *buf, size_t *cap)
{
	char *b = realloc(buf, *cap * 2);
	if (!b) { free(buf); return NULL; }
	*cap *= 2;
	return b;
}

/* The file's bytes, or NULL if it cannot be read or holds a NUL byte. */
static char *read_whole(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) return NULL;
	size_t cap = 1 << 16, len = 0, r;
	char *buf = malloc(cap);
	while (buf && (r = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += r;
		if (len + 1 >= cap) buf = grow_buf(buf, &cap);
	}
	fclose(f);
	if (!buf) return NULL;   /* preprocess() tries again and reports */
	buf[len] = 0;
	char *out = strlen(buf) == len ? xstrndup(buf, len) : NULL;
	free(buf);
	return out;
}

/* Would cpp -undef leave this text alone, apart from comments (which the
 * lexer skips itself)?  Conservatively: no directive or stringizing '#',
 * no line splice, no carriage return, no builtin macro (__LINE__ and the
 * like all contain "__").  Starting cpp takes longer than a small
 * model's whole search, which matters to scripts that run dspin
 * thousands of times (tests/gen; bench/RESULTS.md, "The figures behind the code").  One visible difference: after a
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

/* an error about the whole file: "PATH: error: ..." */
static void file_error(Diag *d, const char *path, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt); vsnprintf(msg, sizeof msg, fmt, ap); va_end(ap);
	Pos p = { path, 0, 0 };
	diag_error(d, p, "%s", msg);
}

/* Run `cpp` on the file and read its output; NULL (and an error) if it
 * cannot be run or fails. */
static char *preprocess(Diag *d, const char *path, const char **args, int nargs)
{
	const char **argv = xalloc(sizeof *argv * (size_t)(nargs + 6));
	int k = 0;
	argv[k++] = "cpp";
	argv[k++] = "-w";
	argv[k++] = "-undef";
	argv[k++] = "-nostdinc";
	for (int i = 0; i < nargs; i++) argv[k++] = args[i];
	argv[k++] = path;
	argv[k] = NULL;
	int pfd[2];
	if (pipe(pfd) < 0) { file_error(d, path, "cannot run the C preprocessor: %s", strerror(errno)); return NULL; }
	pid_t pid = fork();
	if (pid < 0) {
		file_error(d, path, "cannot run the C preprocessor: %s", strerror(errno));
		close(pfd[0]); close(pfd[1]);
		return NULL;
	}
	if (pid == 0) {
		dup2(pfd[1], 1);
		close(pfd[0]); close(pfd[1]);
		execvp("cpp", (char **)argv);
		fprintf(stderr, "dspin: cannot run the C preprocessor 'cpp' (install the 'cpp' package)\n");
		_exit(127);   /* the child: only it ends here */
	}
	close(pfd[1]);
	size_t cap = 1 << 16, len = 0;
	char *buf = malloc(cap);
	for (;;) {
		if (buf && len + 4096 > cap) buf = grow_buf(buf, &cap);
		if (!buf) break;
		ssize_t r = read(pfd[0], buf + len, cap - len - 1);
		if (r <= 0) break;
		len += (size_t)r;
	}
	close(pfd[0]);
	int st;
	waitpid(pid, &st, 0);
	if (!buf) { file_error(d, path, "out of memory reading the preprocessed model"); return NULL; }
	buf[len] = 0;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		free(buf);
		file_error(d, path, "the C preprocessor failed on this file");
		return NULL;
	}
	char *out = xstrdup(buf);
	free(buf);
	return out;
}

static Model *empty_model(const char *path)
{
	Model *m = NEW(Model);
	m->file = path;
	return m;
}

Model *parse_file(Diag *d, const char *path, const char **cppargs, int ncppargs)
{
	return parse_file_with(d, path, cppargs, ncppargs, NULL, NULL);
}

/* The model, with extra text appended after preprocessing (a never claim
 * made from an ltl formula), its positions reported under extra_name.
 * When the file cannot be read or preprocessed: an error (to d) and
 * an empty model. */
Model *parse_file_with(Diag *d, const char *path, const char **cppargs, int ncppargs, const char *extra, const char *extra_name)
{
	if (access(path, R_OK) != 0) {
		file_error(d, path, "cannot read the model: %s", strerror(errno));
		return empty_model(path);
	}
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		/* it said "no proctype" (issue 40) */
		file_error(d, path, "cannot read the model: it is a directory");
		return empty_model(path);
	}
	char *text = ncppargs == 0 ? read_whole(path) : NULL;
	if (!text || !cpp_is_identity(text)) text = preprocess(d, path, cppargs, ncppargs);
	if (!text) return empty_model(path);
	if (extra) {
		size_t n = strlen(text), m = strlen(extra), h = strlen(extra_name) + 32;
		char *all = xalloc(n + m + h);
		snprintf(all, n + m + h, "%s\n# 1 \"%s\"\n%s", text, extra_name, extra);
		text = all;
	}
	return parse_string(d, path, text);
}
