/* sym_check.c — the symbolic search (search/sym/) against the explicit
 * one: for each model given, the breadth-first explicit search on the
 * plain VM (the counts of -sym=none -por=none, which tests/spin_agree.sh
 * holds to pan's) and the symbolic search; the verdicts must agree, and
 * when neither finds an error the state counts must be equal.  A model
 * outside the symbolic fragment is listed as skipped with the reason.
 *
 *   dspin_sym_check [-E] MODEL...      exit 0: all agree, 1: some differ
 */
#include "../../lang/ast.h"
#include "../../lang/code.h"
#include "../../lang/diag.h"
#include "../../vm/vm.h"
#include "../../search/search.h"
#include "../../search/sym/sym.h"
#include "../../reduce/reduce.h"
#include <gc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int explicit_count(VM *vm, int no_ends, SearchResult *r)
{
	SearchOpts so;
	memset(&so, 0, sizeof so);
	so.kind = SEARCH_BFS;
	so.quiet = 1;
	StackSpec sp = { .no_ends = no_ends };
	so.stack = stack_build(vm, &sp);
	return search_run(vm, &so, r);
}

int main(int argc, char **argv)
{
	GC_INIT();
	int no_ends = 0, bad = 0, agree = 0, skipped = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-E")) {
			no_ends = 1;
			continue;
		}
		Diag diag = DIAG_INIT;
		diag.quiet_warnings = 1;
		Model *m = parse_file(&diag, argv[i], NULL, 0);
		if (m && !diag.count)
			check_model(&diag, m);
		Program *prog = m && !diag.count ? compile_model(&diag, m) : NULL;
		if (!prog) {
			printf("skip %s: front-end errors\n", argv[i]);
			skipped++;
			continue;
		}
		VM vm;
		memset(&vm, 0, sizeof vm);
		vm.prog = prog;
		vm.m = m;
		vm.out = fopen("/dev/null", "w");
		if (vm_check(&diag, &vm)) {
			printf("skip %s: the VM refuses it\n", argv[i]);
			skipped++;
			fclose(vm.out);
			continue;
		}
		SymResult sr;
		int se = search_sym(&vm, no_ends, &sr);
		if (se < 0 && sr.refused) {
			printf("skip %s: outside the fragment: %s\n", argv[i], sr.refused);
			skipped++;
			fclose(vm.out);
			continue;
		}
		if (se < 0 || sr.incomplete) {
			/* an internal check that failed is a failure, not a skip */
			printf("FAIL %s: %s\n", argv[i], sr.why[0] ? sr.why : "incomplete");
			bad++;
			fclose(vm.out);
			continue;
		}
		SearchResult er;
		int ee = explicit_count(&vm, no_ends, &er);
		fclose(vm.out);
		if (er.incomplete) {
			printf("skip %s: the explicit search is incomplete (%d)\n", argv[i], er.incomplete);
			skipped++;
			continue;
		}
		int ok = (ee > 0) == (se > 0) && (ee > 0 || sr.states == (double)er.stored);
		printf("%s %s: explicit %llu states, %s; symbolic %.0f states, %d levels, %ld learned, %d nodes, %s\n",
		       ok ? "ok" : "DIFFER", argv[i], (unsigned long long)er.stored, ee > 0 ? er.first_error : "no error",
		       sr.states, sr.levels, sr.learned, sr.nodes, se > 0 ? sr.first_error : "no error");
		if (ok)
			agree++;
		else
			bad++;
	}
	printf("%d agree, %d differ, %d skipped\n", agree, bad, skipped);
	return bad ? 1 : 0;
}
