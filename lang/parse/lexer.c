/* lexer.c — hand-written tokenizer for DPML.
 * Reads the output of the C preprocessor; `# N "file"` line markers map
 * positions back to the user's files so errors point at what they wrote. */
#include "lexer.h"
#include <ctype.h>
#include <string.h>
#include <stdlib.h>
#include <stdio.h>

static const char *const kwnames[] = {
	"active", "assert", "atomic", "bit", "bool", "break", "byte",
	"chan", "d_step", "do", "od", "else", "empty", "enabled", "eval",
	"false", "true", "fi", "for", "full", "goto", "hidden", "if", "\001in",
	"init", "inline", "int", "len", "mtype", "nempty", "never", "nfull",
	"of", "pc_value", "printf", "printm", "priority", "proctype",
	"provided", "run", "select", "short", "show", "skip", "timeout",
	"typedef", "unless", "unsigned", "xr", "xs", "_nr_pr", "_pid",
	"ltl", "np_", "local", "trace", "notrace", "c_code", "c_expr",
	"c_decl", "c_state", "c_track", "get_priority", "set_priority",
	"_last", "pid", "\001null", "\001new", "\001class", "\001function", "\001return", "\001this",
};

const char *tok_name(int k)
{
	static const char *const p[] = {
		"end of file", "identifier", "number", "string",
		"'{'", "'}'", "'('", "')'", "'['", "']'", "';'", "','", "':'", "'::'",
		"'.'", "'..'", "'->'", "'='", "'+'", "'-'", "'*'", "'/'", "'%'",
		"'++'", "'--'", "'=='", "'!='", "'<'", "'>'", "'<='", "'>='",
		"'&&'", "'||'", "'!'", "'~'", "'&'", "'|'", "'^'", "'<<'", "'>>'",
		"'!!'", "'?'", "'?\?'", "'@'", "?",
	};
	if (k >= K_FIRST && k < K_END_) return kwnames[k - K_FIRST];
	if (k >= 0 && k < (int)(sizeof p / sizeof p[0])) return p[k];
	return "token";
}

static int kwlookup(const char *s, int n)
{
	for (int i = 0; i < K_END_ - K_FIRST; i++)
		if ((int)strlen(kwnames[i]) == n && !strncmp(kwnames[i], s, n))
			return K_FIRST + i;
	return -1;
}

Token *lex_all(Diag *d, const char *buf, const char *fname, int *ntok)
{
	Token *t = NULL; int n = 0, cap = 0;
	const char *p = buf, *linestart = buf;
	int line = 1; const char *file = fname;
	int bol = 1;
	for (;;) {
		/* whitespace, comments, line markers */
		for (;;) {
			if (*p == '\n') { p++; line++; linestart = p; bol = 1; continue; }
			if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v') { p++; continue; }
			if (p[0] == '/' && p[1] == '*') {
				p += 2;
				while (*p && !(p[0] == '*' && p[1] == '/')) { if (*p == '\n') { line++; linestart = p + 1; } p++; }
				if (*p) p += 2;
				else {
					Pos ps = { file, line, (int)(p - linestart) + 1 };
					diag_error(d, ps, "unterminated comment");
				}
				continue;
			}
			if (p[0] == '/' && p[1] == '/') { while (*p && *p != '\n') p++; continue; }
			if (*p == '#' && bol) {
				/* # 12 "file" flags  or  #line 12 "file" or #pragma etc. */
				const char *q = p + 1;
				while (*q == ' ' || *q == '\t') q++;
				if (!strncmp(q, "line", 4)) q += 4;
				while (*q == ' ' || *q == '\t') q++;
				if (isdigit((unsigned char)*q)) {
					int ln = (int)strtol(q, (char **)&q, 10);
					while (*q == ' ' || *q == '\t') q++;
					if (*q == '"') {
						const char *e = ++q;
						while (*e && *e != '"' && *e != '\n') e++;
						file = xstrndup(q, e - q);
						q = e;
					}
					while (*p && *p != '\n') p++;
					if (*p == '\n') { p++; linestart = p; }
					line = ln;
					continue;
				}
				while (*p && *p != '\n') p++;
				continue;
			}
			break;
		}
		if (n + 1 >= cap) { cap = cap ? cap * 2 : 1024; t = xgrow(t, cap, sizeof *t); }
		Token *k = &t[n];
		memset(k, 0, sizeof *k);
		k->pos.file = file; k->pos.line = line; k->pos.col = (int)(p - linestart) + 1;
		k->off = (int)(p - buf); k->src = buf;
		bol = 0;
		if (!*p) { k->k = T_EOF; n++; break; }
		char c = *p;
		if (isalpha((unsigned char)c) || c == '_') {
			const char *s = p;
			while (isalnum((unsigned char)*p) || *p == '_') p++;
			int kw = kwlookup(s, (int)(p - s));
			if (kw >= 0) k->k = kw; else k->k = T_ID;
			k->s = xstrndup(s, p - s);
		} else if (isdigit((unsigned char)c)) {
			char *e;
			long long v;
			if (c == '0' && (p[1] == 'x' || p[1] == 'X')) v = strtoll(p, &e, 16);
			else v = strtoll(p, &e, 10);
			if (v > 0xffffffffLL) {
				diag_error(d, k->pos, "integer constant too large");
				v = 0;
			}
			p = e;
			k->k = T_NUM; k->v = (int32_t)(uint32_t)v;
			if (isalpha((unsigned char)*p) || *p == '_') {
				diag_error(d, k->pos, "malformed number");
				while (isalnum((unsigned char)*p) || *p == '_') p++;
			}
		} else if (c == '"') {
			const char *s = ++p;
			while (*p && *p != '"' && *p != '\n') { if (*p == '\\' && p[1] && p[1] != '\n') p++; p++; }
			if (*p != '"') diag_error(d, k->pos, "unterminated string");
			k->k = T_STR; k->s = xstrndup(s, p - s);
			if (*p == '"') p++;
		} else if (c == '\'') {
			/* character constant */
			p++;
			int v = 0;
			if (*p == '\\') {
				p++;
				switch (*p) { case 'n': v = '\n'; break; case 't': v = '\t'; break; case '0': v = 0; break; default: v = (unsigned char)*p; }
				if (*p) p++;
			} else if (*p && *p != '\n') v = (unsigned char)*p++;
			if (*p == '\'') p++; else diag_error(d, k->pos, "malformed character constant");
			k->k = T_NUM; k->v = v;
		} else {
			int two = (p[1] != 0);
			#define TWO(a, b, tk) if (two && p[0] == a && p[1] == b) { k->k = tk; p += 2; goto done; }
			TWO('-', '>', T_ARROW) TWO(':', ':', T_DCOLON) TWO('.', '.', T_DOTDOT)
			TWO('+', '+', T_INC) TWO('-', '-', T_DEC) TWO('=', '=', T_EQ) TWO('!', '=', T_NE)
			TWO('<', '=', T_LE) TWO('>', '=', T_GE) TWO('&', '&', T_ANDAND) TWO('|', '|', T_OROR)
			TWO('<', '<', T_SHL) TWO('>', '>', T_SHR) TWO('!', '!', T_BANG2) TWO('?', '?', T_QUERY2)
			#undef TWO
			p++;
			/* one-character tokens: ONE[i] is the token of ONE_CHARS[i] */
			static const char ONE_CHARS[] = "{}()[];,:.=+-*/%<>!~&|^?@";
			static const int ONE[] = { T_LBRACE, T_RBRACE, T_LPAREN, T_RPAREN, T_LBRACK, T_RBRACK,
				T_SEMI, T_COMMA, T_COLON, T_DOT, T_ASSIGN, T_PLUS, T_MINUS, T_STAR, T_SLASH,
				T_PERCENT, T_LT, T_GT, T_NOT, T_TILDE, T_AMP, T_PIPE, T_CARET, T_QUERY, T_AT };
			const char *one = c ? strchr(ONE_CHARS, c) : NULL;
			if (!one) {
				if ((unsigned char)c < 32 || (unsigned char)c >= 127)
					diag_error(d, k->pos, "unexpected character (code %d)", (unsigned char)c);
				else
					diag_error(d, k->pos, "unexpected character '%c'", c);
				continue;
			}
			k->k = ONE[one - ONE_CHARS];
		}
	done:
		k->len = (int)(p - buf) - k->off;
		n++;
	}
	*ntok = n;
	return t;
}
