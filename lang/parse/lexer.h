/* lexer.h — tokens of DPML (Promela plus the dynamic extensions). */
#ifndef DSPIN_LEXER_H
#define DSPIN_LEXER_H
#include "../ast.h"

enum {
	T_EOF = 0, T_ID, T_NUM, T_STR,
	/* punctuation / operators */
	T_LBRACE, T_RBRACE, T_LPAREN, T_RPAREN, T_LBRACK, T_RBRACK,
	T_SEMI, T_COMMA, T_COLON, T_DCOLON, T_DOT, T_DOTDOT, T_ARROW,
	T_ASSIGN, T_PLUS, T_MINUS, T_STAR, T_SLASH, T_PERCENT,
	T_INC, T_DEC, T_EQ, T_NE, T_LT, T_GT, T_LE, T_GE,
	T_ANDAND, T_OROR, T_NOT, T_TILDE, T_AMP, T_PIPE, T_CARET,
	T_SHL, T_SHR, T_BANG2, T_QUERY, T_QUERY2, T_AT, T_QUESTIONMARK_DUMMY,
	/* keywords */
	K_FIRST,
	K_ACTIVE = K_FIRST, K_ASSERT, K_ATOMIC, K_BIT, K_BOOL, K_BREAK, K_BYTE,
	K_CHAN, K_D_STEP, K_DO, K_OD, K_ELSE, K_EMPTY, K_ENABLED, K_EVAL,
	K_FALSE, K_TRUE, K_FI, K_FOR, K_FULL, K_GOTO, K_HIDDEN, K_IF, K_IN,
	K_INIT, K_INLINE, K_INT, K_LEN, K_MTYPE, K_NEMPTY, K_NEVER, K_NFULL,
	K_OF, K_PC_VALUE, K_PRINTF, K_PRINTM, K_PRIORITY, K_PROCTYPE,
	K_PROVIDED, K_RUN, K_SELECT, K_SHORT, K_SHOW, K_SKIP, K_TIMEOUT,
	K_TYPEDEF, K_UNLESS, K_UNSIGNED, K_XR, K_XS, K_NR_PR, K_PID,
	K_LTL, K_NP, K_LOCAL, K_TRACE, K_NOTRACE, K_C_CODE, K_C_EXPR,
	K_C_DECL, K_C_STATE, K_C_TRACK, K_GET_PRIORITY, K_SET_PRIORITY,
	K_LAST, K_PIDTYPE, K_NULL, K_NEW, K_CLASS, K_FUNCTION, K_RETURN, K_THIS,
	K_END_
};

typedef struct Token {
	int k;
	const char *s;   /* identifier / string text */
	int32_t v;       /* number value */
	Pos pos;
	int off, len;    /* byte range in the (preprocessed) source buffer */
	const char *src; /* the buffer */
} Token;

/* Tokenize a preprocessed buffer (line markers honoured). */
Token *lex_all(Diag *d, const char *buf, const char *fname, int *ntok);
const char *tok_name(int k);
/* The model the tokens make (parser.c; front.c's parse_string lexes first). */
Model *parse_tokens(Diag *d, const char *fname, Token *toks, int ntok);

#endif
