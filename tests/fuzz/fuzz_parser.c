/* fuzz_parser.c — libFuzzer target for the dspin front end.
 *
 * Feeds the input, as a NUL-terminated string, through the same front-end
 * pipeline the dspin command runs (lang/parse/front.c parse_string, check.c
 * check_model, compile.c compile_model), stopping after the first phase that
 * reports errors, exactly as cli/main.c does.  Nothing is caught: any crash,
 * sanitizer report, or hang (-timeout) is a front-end bug.
 *
 * The C preprocessor is not run (parse_string takes preprocessed text), so
 * `#` lines in the input exercise the lexer's line-marker handling.
 *
 * -DFUZZ_SKIP_INLINE builds a variant that ignores every input containing
 * the word "inline": recursive inlines make the parser take exponential
 * time (tests/models/bad/fuzz_001.pml), and nearly every run then stops at
 * that one known hang.  Use the variant to fuzz the rest of the front end
 * until that bug is fixed.
 *
 * Build and run: see tests/fuzz/README.md.
 */
#define _GNU_SOURCE 1  /* memmem */
#include "../../lang/ast.h"
#include "../../lang/parse/lexer.h"
#include "../../lang/code.h"
#include <gc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc; (void)argv;
	GC_INIT();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
#ifdef FUZZ_SKIP_INLINE
	if (memmem(data, size, "inline", 6)) return 0;
#endif
	char *text = malloc(size + 1);
	if (!text) return 0;
	memcpy(text, data, size);
	text[size] = 0;
	/* a fresh sink for each input: each phase runs if the ones before
	 * reported nothing */
	Diag diag = DIAG_INIT;
	Model *m = parse_string(&diag, "fuzz.pml", text);
	if (m && diag.count == 0) {
		check_model(&diag, m);
		if (diag.count == 0)
			compile_model(&diag, m);
	}
	free(text);
	return 0;
}
