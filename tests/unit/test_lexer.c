/* test_lexer.c — lang/parse/lexer.c: tokens, numbers, strings, comments, line
 * markers and lexical errors. */
#include "unit_helpers.h"

/* Lex `src` (errors captured); returns the tokens, *n includes the T_EOF. */
static Token *lex(const char *src, int *n, int *nerr)
{
	Diag diag = DIAG_INIT;
	capture_stderr_begin();
	Token *t = lex_all(&diag, src, "lex.pml", n);
	(void)capture_stderr_end();
	if (nerr) *nerr = diag.count;
	return t;
}

static void expect_kinds(const Token *t, int n, const int *want, int nwant)
{
	cr_assert_eq(n, nwant, "token count: expected %d, got %d", nwant, n);
	for (int i = 0; i < nwant; i++)
		cr_expect_eq(t[i].k, want[i], "token %d: expected %s, got %s", i, tok_name(want[i]), tok_name(t[i].k));
}

Test(lexer, empty_input_is_just_eof)
{
	int n, e;
	Token *t = lex("", &n, &e);
	cr_assert_eq(n, 1);
	cr_expect_eq(t[0].k, T_EOF);
	cr_expect_eq(e, 0);
	t = lex("  \n\t \n", &n, &e);
	cr_assert_eq(n, 1);
	cr_expect_eq(t[0].k, T_EOF);
}

Test(lexer, punctuation_and_operators)
{
	int n, e;
	Token *t = lex("{ } ( ) [ ] ; , : :: . .. -> = + - * / % ++ -- == != < > <= >= && || ! ~ & | ^ << >> !! ? ?? @",
	               &n, &e);
	int want[] = { T_LBRACE, T_RBRACE, T_LPAREN, T_RPAREN, T_LBRACK, T_RBRACK, T_SEMI, T_COMMA,
	               T_COLON, T_DCOLON, T_DOT, T_DOTDOT, T_ARROW, T_ASSIGN, T_PLUS, T_MINUS, T_STAR,
	               T_SLASH, T_PERCENT, T_INC, T_DEC, T_EQ, T_NE, T_LT, T_GT, T_LE, T_GE, T_ANDAND,
	               T_OROR, T_NOT, T_TILDE, T_AMP, T_PIPE, T_CARET, T_SHL, T_SHR, T_BANG2, T_QUERY,
	               T_QUERY2, T_AT, T_EOF };
	expect_kinds(t, n, want, sizeof want / sizeof want[0]);
	cr_expect_eq(e, 0);
}

Test(lexer, longest_match_without_spaces)
{
	int n, e;
	/* x-->y is x -- > y ; a->b is a -> b ; c!!d ; 1..3 */
	Token *t = lex("x-->y a->b c!!d 1..3 q??[m]", &n, &e);
	int want[] = { T_ID, T_DEC, T_GT, T_ID, T_ID, T_ARROW, T_ID, T_ID, T_BANG2, T_ID,
	               T_NUM, T_DOTDOT, T_NUM, T_ID, T_QUERY2, T_LBRACK, T_ID, T_RBRACK, T_EOF };
	expect_kinds(t, n, want, sizeof want / sizeof want[0]);
	cr_expect_eq(t[10].v, 1);
	cr_expect_eq(t[12].v, 3);
}

Test(lexer, keywords_and_identifiers)
{
	int n, e;
	Token *t = lex("proctype init active byte bit bool short int unsigned chan mtype d_step atomic"
	               " unless timeout _pid _nr_pr np_ printf skip else if fi do od proctypex _x1 Init",
	               &n, &e);
	int want[] = { K_PROCTYPE, K_INIT, K_ACTIVE, K_BYTE, K_BIT, K_BOOL, K_SHORT, K_INT, K_UNSIGNED,
	               K_CHAN, K_MTYPE, K_D_STEP, K_ATOMIC, K_UNLESS, K_TIMEOUT, K_PID, K_NR_PR, K_NP,
	               K_PRINTF, K_SKIP, K_ELSE, K_IF, K_FI, K_DO, K_OD, T_ID, T_ID, T_ID, T_EOF };
	expect_kinds(t, n, want, sizeof want / sizeof want[0]);
	cr_expect_str_eq(t[25].s, "proctypex");
	cr_expect_str_eq(t[26].s, "_x1");
	cr_expect_str_eq(t[27].s, "Init");   /* keywords are case-sensitive */
	cr_expect_str_eq(t[0].s, "proctype");
}

Test(lexer, numbers)
{
	int n, e;
	Token *t = lex("0 7 255 256 65535 0x1F 0XfF 2147483647 4294967295 'a' '\\n' '\\0'", &n, &e);
	cr_assert_eq(n, 13);
	cr_expect_eq(e, 0);
	int32_t want[] = { 0, 7, 255, 256, 65535, 31, 255, 2147483647, -1, 'a', '\n', 0 };
	for (int i = 0; i < 12; i++) {
		cr_expect_eq(t[i].k, T_NUM, "token %d is not a number", i);
		cr_expect_eq(t[i].v, want[i], "token %d: expected %d, got %d", i, want[i], t[i].v);
	}
}

Test(lexer, number_errors)
{
	int n, e;
	lex("x = 4294967296", &n, &e);
	cr_expect_eq(e, 1, "a constant above 32 bits must be an error");
	lex("x = 12abc", &n, &e);
	cr_expect_eq(e, 1, "a number followed by letters must be an error");
}

Test(lexer, strings)
{
	int n, e;
	Token *t = lex("printf(\"hello, %d\\n\", x) \"a\\\"b\" \"\"", &n, &e);
	cr_expect_eq(e, 0);
	cr_assert_eq(t[2].k, T_STR);
	/* the lexer keeps the escapes: printf interprets them */
	cr_expect_str_eq(t[2].s, "hello, %d\\n");
	cr_assert_eq(t[6].k, T_STR);
	cr_expect_str_eq(t[6].s, "a\\\"b");
	cr_assert_eq(t[7].k, T_STR);
	cr_expect_str_eq(t[7].s, "");
	cr_expect_eq(t[8].k, T_EOF);
}

Test(lexer, unterminated_string_is_an_error)
{
	int n, e;
	Token *t = lex("x \"abc\ny", &n, &e);
	cr_expect_eq(e, 1);
	/* lexing goes on after the error: the next line's identifier is there */
	cr_assert_geq(n, 3);
	cr_expect_eq(t[n - 2].k, T_ID);
	cr_expect_str_eq(t[n - 2].s, "y");
	cr_expect_eq(t[n - 2].pos.line, 2);
}

Test(lexer, comments_are_skipped_and_lines_counted)
{
	int n, e;
	Token *t = lex("a /* one\ntwo\nthree */ b // rest of line ; c\n  c", &n, &e);
	cr_expect_eq(e, 0);
	cr_assert_eq(n, 4);
	cr_expect_str_eq(t[0].s, "a");
	cr_expect_eq(t[0].pos.line, 1);
	cr_expect_str_eq(t[1].s, "b");
	cr_expect_eq(t[1].pos.line, 3);
	cr_expect_str_eq(t[2].s, "c");
	cr_expect_eq(t[2].pos.line, 4);
	cr_expect_eq(t[2].pos.col, 3);
}

Test(lexer, unterminated_comment_is_an_error)
{
	int n, e;
	Token *t = lex("a /* never closed\n b c", &n, &e);
	cr_expect_eq(e, 1);
	cr_expect_eq(t[n - 1].k, T_EOF);
}

Test(lexer, positions)
{
	int n, e;
	Token *t = lex("ab  cd\n\tx=1", &n, &e);
	cr_assert_eq(n, 6);
	cr_expect_eq(t[0].pos.line, 1); cr_expect_eq(t[0].pos.col, 1);
	cr_expect_eq(t[1].pos.line, 1); cr_expect_eq(t[1].pos.col, 5);
	cr_expect_eq(t[2].pos.line, 2); cr_expect_eq(t[2].pos.col, 2);
	cr_expect_eq(t[3].pos.col, 3);
	cr_expect_eq(t[4].pos.col, 4);
	cr_expect_str_eq(t[0].pos.file, "lex.pml");
	/* byte ranges into the buffer */
	cr_expect_eq(t[1].off, 4);
	cr_expect_eq(t[1].len, 2);
}

Test(lexer, line_markers)
{
	int n, e;
	const char *src =
		"# 1 \"main.pml\"\n"
		"a\n"
		"# 12 \"inc.h\" 1\n"
		"b\n"
		"c\n"
		"#line 40 \"other.pml\"\n"
		"d\n"
		"# 3 \"main.pml\" 2\n"
		"   e\n";
	Token *t = lex(src, &n, &e);
	cr_expect_eq(e, 0);
	cr_assert_eq(n, 6);
	cr_expect_str_eq(t[0].pos.file, "main.pml"); cr_expect_eq(t[0].pos.line, 1);
	cr_expect_str_eq(t[1].pos.file, "inc.h");    cr_expect_eq(t[1].pos.line, 12);
	cr_expect_str_eq(t[2].pos.file, "inc.h");    cr_expect_eq(t[2].pos.line, 13);
	cr_expect_str_eq(t[3].pos.file, "other.pml"); cr_expect_eq(t[3].pos.line, 40);
	cr_expect_str_eq(t[4].pos.file, "main.pml"); cr_expect_eq(t[4].pos.line, 3);
	cr_expect_eq(t[4].pos.col, 4);
}

Test(lexer, line_marker_without_file_keeps_file)
{
	int n, e;
	Token *t = lex("a\n# 100\nb\n", &n, &e);
	cr_assert_eq(n, 3);
	cr_expect_str_eq(t[1].pos.file, "lex.pml");
	cr_expect_eq(t[1].pos.line, 100);
}

Test(lexer, hash_not_at_line_start_is_not_a_marker)
{
	int n, e;
	/* '#' in the middle of a line is not a line marker: it is an error */
	lex("a # 5 \"x\"\n", &n, &e);
	cr_expect_geq(e, 1);
}

Test(lexer, other_directives_skipped)
{
	int n, e;
	Token *t = lex("#pragma something\n#define X 1\nx\n", &n, &e);
	cr_expect_eq(e, 0);
	cr_assert_eq(n, 2);
	cr_expect_str_eq(t[0].s, "x");
	cr_expect_eq(t[0].pos.line, 3);
}

Test(lexer, bad_characters_reported_and_skipped)
{
	int n, e;
	Token *t = lex("a $ b \x01 c", &n, &e);
	cr_expect_eq(e, 2);
	cr_assert_eq(n, 4);
	cr_expect_str_eq(t[2].s, "c");
}

Test(lexer, tok_name)
{
	cr_expect_str_eq(tok_name(T_EOF), "end of file");
	cr_expect_str_eq(tok_name(T_SEMI), "';'");
	cr_expect_str_eq(tok_name(K_PROCTYPE), "proctype");
	cr_expect_str_eq(tok_name(K_D_STEP), "d_step");
	cr_expect_not_null(tok_name(9999));
}
