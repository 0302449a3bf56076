#!/usr/bin/env bash
# sanitize.sh DSPIN [DSPIN_GEN [COUNT]]
#
# The model corpus through a dspin built with -DDSPIN_SANITIZE=ON
# (AddressSanitizer and UBSan; CMakeLists.txt makes every UBSan
# report fatal): fails on any sanitizer report, whatever the verdict.
# Verdicts are the other tests' business (the Release build checks them);
# here a model passes when dspin ends without a report.
#
# Every model of tests/models (the SPIN corpus with its LIST flags, the
# command-line, limit, dynamic, symmetry, liveness and simulation models,
# and the fuzzer's reproducers of bad/, which exercise the front end's
# error paths), programs/ and bench/models is run as:
#   -compare            every reduction the model admits (heap and process
#                       symmetry, static POR, Twophase with each cache mode)
#   -sym=none -por=none -e -dot   the unreduced search, counting every
#                       error, writing the first error's heap as a graph
#   -t                  the replay of the trail, when the search wrote one
#   -bfs                breadth-first search
#   -bfs -cores=2       the multi-core search (search/par/par.c; its threads
#                       under the sanitizers: ThreadSanitizer is a build of
#                       its own, docs/multicore.md)
# plus -a, -l and -f -a for the liveness models and -simulate for the
# simulation models.  Given the generator (tests/gen/gen.c), COUNT (default
# 60) of its random programs with their ltl formulas (seeds 1..COUNT) are
# checked too, as liveness models.
#
# Prints "ok MODEL" or "FAIL MODEL ..." (with the report) per model, then
# "N passed, M failed, K slow".  Exit status 0 iff nothing failed.  A run
# that exceeds the time limit is counted "slow" and not failed: under the
# sanitizers dspin runs 2-4 times slower, and a hang is the Release suite's
# business.
#
# Environment knobs:
#   SANITIZE_JOBS=2      models checked in parallel
#   SANITIZE_TIMEOUT=20  seconds for each dspin run
#   SANITIZE_MEM_MB=2    the searches' memory bound (-M): the large models
#                        are cut short (exit 3), so that the whole corpus
#                        runs in a few minutes; what is checked is every
#                        code path, not every state
#   SANITIZE_FILTER=RE   only models whose path matches this ERE
#   ASAN_OPTIONS, UBSAN_OPTIONS  default to halting on the first report
#                        with exit status 86 (AddressSanitizer and
#                        LeakSanitizer) or 87 (UBSan)

set -u

if [ $# -lt 1 ] || [ $# -gt 3 ]; then
	echo "usage: $0 DSPIN [DSPIN_GEN [COUNT]]" >&2
	exit 2
fi
DSPIN=$1
GEN=${2:-}
NGEN=${3:-60}
if [[ "$DSPIN" == */* ]]; then
	DSPIN=$(cd "$(dirname "$DSPIN")" && pwd -P)/$(basename "$DSPIN")
fi
if ! command -v "$DSPIN" >/dev/null 2>&1; then
	echo "$0: $DSPIN not found" >&2
	exit 2
fi

HERE=$(cd "$(dirname "$0")" && pwd -P)
ROOT=$(dirname "$HERE")
JOBS=${SANITIZE_JOBS:-2}
TO=${SANITIZE_TIMEOUT:-20}
MEM=${SANITIZE_MEM_MB:-2}
FILTER=${SANITIZE_FILTER:-}
# halt on the first report, with exit statuses no dspin verdict uses.
# Leaks are checked too: the model's data lives in the Boehm collector's
# heap, which LeakSanitizer neither tracks nor scans, and no malloc'd block
# is reachable only from there, so LeakSanitizer reports nothing on the
# corpus (docs/testing.md, "Sanitizers").
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:exitcode=86:detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:exitcode=87:print_stacktrace=1}
SANITIZER_RE='Sanitizer|runtime error:|LeakSanitizer'

TMP=$(mktemp -d "${TMPDIR:-/tmp}/dspin_sanitize.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# the models, one line each: "PATH<TAB>KIND<TAB>FLAGS[<TAB>COMPARE]", where
# COMPARE replaces -compare (for a model on which some reduction is slow
# whatever the memory bound)
list() {
	local f line flags
	while read -r line; do
		line=${line%%#*}
		[ -n "${line// }" ] || continue
		f=${line%% *}
		flags=""
		[ "$f" != "$line" ] && flags=${line#* }
		printf '%s\t%s\t%s\n' "$HERE/models/spin/$f" spin "$flags"
	done < "$HERE/models/spin/LIST"
	# twophase_basic: Twophase with cache=backedge or none re-explores its
	# 65,793 states for seconds (the point of the model: SaveAll stores 768)
	printf '%s\tplain\t\t%s\n' "$HERE/models/cli/twophase_basic.pml" -compare=none/none:heap,proc/static:heap/twophase/all
	for f in "$HERE"/models/cli/*.pml "$HERE"/models/cli/*.dpml "$HERE"/models/cli/limits/*.pml \
	         "$HERE"/models/cli/limits/*.dpml "$HERE"/models/dyn/*.dpml "$HERE"/models/sym/*.pml \
	         "$HERE"/models/sym/*.dpml "$HERE"/models/bad/*.pml; do
		[ -e "$f" ] && [ "${f##*/}" != twophase_basic.pml ] && printf '%s\t%s\t\n' "$f" plain
	done
	for f in "$HERE"/models/live/*.pml "$HERE"/models/fn/*.dpml; do printf '%s\tlive\t\n' "$f"; done
	for f in "$HERE"/models/sim/*.pml; do printf '%s\tsim\t\n' "$f"; done
	printf '%s\tplain\t-DL=3\n' "$ROOT/programs/ordered_list.dpml"
	printf '%s\tplain\t\n' "$ROOT/programs/btree.dpml"
	for f in "$ROOT"/bench/models/*.pml; do printf '%s\tplain\t\n' "$f"; done
	[ -n "$GEN" ] || return 0
	mkdir -p "$TMP/gen"
	for ((seed = 1; seed <= NGEN; seed++)); do
		"$GEN" "$seed" --ltl >"$TMP/gen/seed$seed.dpml" || { echo "$0: $GEN $seed failed" >&2; exit 2; }
		printf '%s\tlive\t\n' "$TMP/gen/seed$seed.dpml"
	done
}

# check LINE: runs one model in its own scratch directory; prints one
# result line ("ok", "FAIL" or "slow")
check() {
	local path kind flags compare
	IFS=$'\t' read -r path kind flags compare <<<"$1"
	compare=${compare:--compare}
	local name=${path#"$ROOT"/}
	name=${name#"$TMP"/}
	local dir
	dir=$(mktemp -d "$TMP/m.XXXXXX")
	cp "$path" "$dir/"
	cp "$(dirname "$path")"/*.h "$dir/" 2>/dev/null
	local m
	m="$dir/$(basename "$path")"
	local slow="" rc t0=$SECONDS
	# one run: ARGS...; sets rc; returns 1 on a report
	one() {
		( cd "$dir" && timeout "$TO" "$DSPIN" "$@" >"$dir/out" 2>"$dir/err" ); rc=$?
		if [ "$rc" -eq 124 ]; then slow="$slow [$*]"; return 0; fi
		if [ "$rc" -eq 86 ] || [ "$rc" -eq 87 ] || [ "$rc" -ge 125 ] || grep -Eq "$SANITIZER_RE" "$dir/err"; then
			echo "FAIL $name: dspin $* (exit $rc)"
			grep -E -m1 -A12 "$SANITIZER_RE|ERROR" "$dir/err" | sed 's/^/    | /'
			return 1
		fi
		return 0
	}
	# word splitting of $flags is wanted (-D flags from LIST)
	# shellcheck disable=SC2086
	{
		one -M "$MEM" "$compare" $flags "$m" || return
		rm -f "$m.trail"
		one -M "$MEM" -sym=none -por=none -e -dot "$dir/heap.dot" $flags "$m" || return
		if [ -e "$m.trail" ]; then
			one -t $flags "$m" || return
			# exit 1: the replay raised the trail's error itself
			[ "$rc" = 124 ] || [ "$rc" = 1 ] || { echo "FAIL $name: dspin -t $flags (exit $rc: the trail's error not reproduced)"; return; }
		fi
		one -M "$MEM" -bfs $flags "$m" || return
		one -M "$MEM" -bfs -cores=2 $flags "$m" || return
		case $kind in
		live)
			one -M "$MEM" -a $flags "$m" || return
			one -M "$MEM" -a -f $flags "$m" || return
			one -M "$MEM" -l $flags "$m" || return ;;
		sim)
			one -simulate -seed 1 $flags "$m" || return ;;
		esac
	}
	if [ -n "$slow" ]; then echo "slow $name: timed out after ${TO}s:$slow"
	else echo "ok $name ($((SECONDS - t0)) s)"; fi
}
# one model's lines in one write, so that parallel jobs do not interleave
check_model() { local r; r=$(check "$1"); printf '%s\n' "$r"; }
export -f check check_model
export DSPIN TO MEM ROOT TMP SANITIZER_RE

list | { if [ -n "$FILTER" ]; then grep -E "$FILTER"; else cat; fi; } >"$TMP/models"
# shellcheck disable=SC2016
xargs -d '\n' -P "$JOBS" -I{} bash -c 'check_model "$1"' _ {} <"$TMP/models" | tee "$TMP/results"
npass=$(grep -c '^ok ' "$TMP/results")
nfail=$(grep -c '^FAIL ' "$TMP/results")
nslow=$(grep -c '^slow ' "$TMP/results")
echo "$npass passed, $nfail failed, $nslow slow"
[ "$nfail" -eq 0 ]
