#!/bin/bash
# mutants.sh — does the random-program driver catch broken reductions?
#
#   tests/gen/mutants.sh [-s SEEDS] [-j N] [-g GEN] [-c] [NAME...]
#
# Each mutant below is one deliberate bug in a reduction: a check removed
# that a past bug or a paper says is needed.  For each, the script builds
# dspin with the bug (in a scratch copy of the committed tree), runs the
# driver on SEEDS (default 1-400) in the configurations the bug can affect,
# and reports how many programs the driver failed ("caught") — a mutant
# caught by 0 seeds is a blind spot of the generator.  -g uses another
# generator binary (default: the committed one, built with the mutants).
# -c also runs the hand-written corpus checks (tests/sym_tests.sh and
# tests/dyn_tests.sh) on each mutant and says whether they fail.  Not part of ctest
# (minutes, not seconds); results are recorded in docs/testing.md.
#
# A mutant that cannot be applied (its pattern no longer matches the source)
# is reported as "stale" and makes the script exit 1, so the list is kept
# in step with the code.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
SEEDS=1-400
JOBS=$(nproc 2>/dev/null || echo 2)
GEN= CORPUS=0
while getopts "s:j:g:c" o; do
	case $o in s) SEEDS=$OPTARG ;; j) JOBS=$OPTARG ;; g) GEN=$(readlink -f "$OPTARG") ;; c) CORPUS=1 ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))

# NAME ~ FILE ~ perl substitution ~ driver -C regex ~ what the bug is
MUTANTS=$(cat <<'EOF'
chan_exclusive~reduce/por_chan.c~s/for \(int y = 0; y < s->nproc; y\+\+\) \{/for (int y = 0; y < 0; y++) {/~none_static_all~a send or receive is safe even when another process can reach the same channel
chan_length~reduce/por_chan.c~s/if \(recv \? len == 0 : len >= cap\) return 0;//~none_static_all~a send or receive is safe whatever the channel's length
remote_refs~reduce/por.c~s/if \(o\.all \|\| o\.pt\[i\]\) clear/if (0) clear/~none_static_all~remote references P[i]:x and P[i]\@L do not make P's moves visible (bug 3)
proviso~search/dfs.c~s/if \(h == self \|\| rec->atomic_pid >= 0 \|\| os_has\(&d->onstack, h\)\) ok = 0;/if (rec->atomic_pid >= 0) ok = 0;/~none_static_all~no in-stack proviso (Holzmann & Peled's cycle condition)
twophase_atomic~search/dfs.c~s/if \(mine == 1 && !into_atomic\)/if (mine == 1)/~none_twophase_all~Twophase counts a move into an atomic sequence as deterministic (bug 2)
calls_safe~reduce/por.c~s/(case S_CALL: case S_RETURN:)/$1 return 1;/~none_static_all~calls and returns are safe (a hoisted call reads shared state after its guard did; frames share the bounded state vector)
procsym_pid~reduce/procsym.c~s/exclude\(bad, why, owner->index, "reads _pid"\)/(void)0/~^proc_none_all~process symmetry takes instances that read _pid as interchangeable
procsym_remote~reduce/procsym.c~s/exclude\(bad, why, e->ptype->index, "is named by a remote reference"\)/(void)0/~^proc_none_all~process symmetry takes instances named by P[i]:x as interchangeable
procsym_terminate~reduce/procsym.c~s/else if \(can_terminate\(pt\)\)/else if (0)/~^proc_none_all~process symmetry takes instances that can terminate as interchangeable
heap_chan_rewrite~heap/gc.c~s/(\t+)(root\(g, cb \+ CHDR)/$1if (!g->rewrite) $2/~^heap_none_all~canonical heap numbering does not rewrite references inside channel messages
heap_field_rewrite~heap/gc.c~s/for \(int i = 0; \(a = edge\(vm, tmp \+ n, i, &is_chan\)\); i\+\+\) rewrite_edge\(&g, a, is_chan\);//~^heap_none_all~canonical heap numbering does not rewrite references between objects
EOF
)

scratch=$(mktemp -d "${TMPDIR:-/tmp}/dspin_mutants.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
(cd "$root" && git archive HEAD) | tar -x -C "$scratch"
cmake -S "$scratch" -B "$scratch/b" -DCMAKE_BUILD_TYPE=Release >/dev/null || exit 2
cmake --build "$scratch/b" -j "$JOBS" --target dspin dspin_gen dspin_heap_oracle >/dev/null || exit 2
cp "$scratch/b/tests/dspin_gen" "$scratch/b/tests/dspin_heap_oracle" "$scratch/"
[ -n "$GEN" ] && cp "$GEN" "$scratch/dspin_gen"

rc=0
printf '%-22s %8s  %s\n' mutant caught "checked (driver -C), what is broken"
while IFS='~' read -r name file subst configs what; do
	[ -z "$name" ] && continue
	if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then continue; fi
	cp "$scratch/$file" "$scratch/$file.orig"
	perl -0pi -e "$subst" "$scratch/$file"
	if cmp -s "$scratch/$file" "$scratch/$file.orig"; then
		printf '%-22s %8s  %s\n' "$name" stale "pattern not found in $file"; rc=1
		continue
	fi
	if ! cmake --build "$scratch/b" -j "$JOBS" --target dspin >/dev/null 2>&1; then
		printf '%-22s %8s  %s\n' "$name" stale "does not compile"; rc=1
	else
		out=$(bash "$here/driver.sh" -j "$JOBS" -n -L no -C "$configs" -d "$scratch/b/dspin" \
			-g "$scratch/dspin_gen" -o "$scratch/dspin_heap_oracle" -f "$scratch/failures" $SEEDS 2>&1)
		caught=$(printf '%s\n' "$out" | grep -c '^FAIL ')
		total=$(printf '%s\n' "$out" | tail -1 | sed -E 's/driver: ([0-9]+) programs.*checked: safety ([0-9]+).*/\2/')
		first=$(printf '%s\n' "$out" | grep -m1 '^FAIL ' | cut -d' ' -f2)
		corp=
		if [ "$CORPUS" = 1 ]; then
			corp="corpus: "
			for t in sym_tests dyn_tests; do
				if bash "$root/tests/$t.sh" "$scratch/b/dspin" > "$scratch/$t.out" 2>&1; then corp="$corp$t passes, "
				else corp="$corp$t FAILS ($(grep -c '^FAIL' "$scratch/$t.out")), "; fi
			done
		fi
		printf '%-22s %8s  %s\n' "$name" "$caught/$total" "$corp$configs${first:+, first seed $first}: $what"
	fi
	mv "$scratch/$file.orig" "$scratch/$file"
	touch "$scratch/$file"
done <<< "$MUTANTS"
exit $rc
