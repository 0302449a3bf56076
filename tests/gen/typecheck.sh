#!/usr/bin/env bash
# typecheck.sh — the type checker against generated ill-typed programs
# (issue 36).  See docs/testing.md, "The type-check test".
#
#   tests/gen/typecheck.sh [options] SEEDS...      # SEEDS: 17, 1-30, ...
#
# For each seed, the well-typed refs program (dspin_gen SEED --features=refs)
# must be accepted: dspin runs it with a depth bound of 1 (-m 1) and must
# exit 0, 1 or 3 (a search, whatever its verdict), not 2 (rejected) and not
# crash.  Then each ill-typed variant (dspin_gen SEED --ill-kind=KIND: the
# same program with one line replaced by a type error, marked
# `/* ill-typed: KIND */`) must be rejected before the search: exit status 2
# and `FILE:LINE:COL: error: ...` on stderr with LINE the marked line.
# Anything else fails: accepted (exit 0/1/3), a crash (exit 134, 139, ...),
# a time-out, exit 2 without a message on that line.
#
#   -d DSPIN   the checker        (default build/dspin)
#   -g GEN     the generator      (default build/tests/dspin_gen)
#   -F LIST    more generator features (e.g. nofieldinit), for both programs
#   -k KINDS   only these kinds (comma separated; dspin_gen --ill-kinds lists them)
#   -1         one kind a seed (the one dspin_gen --ill-typed draws), not all
#   -f DIR     keep each failing program in DIR (seedS.KIND.dpml)
#   -c         search an accepted ill-typed program fully too (-t), to tell
#              a crash (exit 134, 139, ...) from a silent acceptance
#   -t SECS    time limit of one run (default 10)
#   -v         one line per check
#
# Prints one FAIL line per failure, a table of the kinds that failed, and
# `N passed, M failed`; exits 1 if anything failed.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
DSPIN=$root/build/dspin
GEN=$root/build/tests/dspin_gen
FEATURES= KINDS= ONE=0 FAILDIR= TLIM=10 VERBOSE=0 PROBE=0
while getopts "d:g:F:k:1f:ct:v" o; do
	case $o in
		d) DSPIN=$OPTARG ;; g) GEN=$OPTARG ;; F) FEATURES=$OPTARG ;; k) KINDS=$OPTARG ;;
		1) ONE=1 ;; f) FAILDIR=$OPTARG ;; t) TLIM=$OPTARG ;; v) VERBOSE=1 ;; c) PROBE=1 ;;
		*) sed -n '2,29p' "$0" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { sed -n '2,29p' "$0" >&2; exit 2; }
for f in "$DSPIN" "$GEN"; do [ -x "$f" ] || { echo "typecheck: $f not found (build first)" >&2; exit 2; }; done
[ -n "$FAILDIR" ] && mkdir -p "$FAILDIR"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/dspin_typecheck.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
feat=refs${FEATURES:+,$FEATURES}
if [ -n "$KINDS" ]; then ALLKINDS=$(echo "$KINDS" | tr ',' ' ')
else ALLKINDS=$("$GEN" --ill-kinds); fi

pass=0 fail=0
declare -A kfail kcheck kfirst khow

seeds() {
	for a in "$@"; do
		case $a in *-*) seq "${a%-*}" "${a#*-}" ;; *) echo "$a" ;; esac
	done
}

# run dspin on $1 (with a depth bound of 1; if $2 is full, the whole search,
# going on after errors); sets rc,
# and err to its stderr's first error line
run() {
	timeout "$TLIM" "$DSPIN" $([ "${2:-}" = full ] && echo -e || echo -m 1) "$1" > "$WORK/out" 2> "$WORK/err"
	rc=$?
	err=$(grep -m1 ': error: ' "$WORK/err")
}

# a sanitizer build (-d build-asan/dspin) reports with an exit status of its own
sanitized() { grep -q -E 'ERROR: [A-Za-z]*Sanitizer|runtime error:' "$WORK/err"; }

# what happened, for a FAIL line: sets how (one word) and what
verdict() {
	if sanitized; then
		how=crash what="sanitizer report (exit $rc): $(grep -m1 -E 'ERROR: [A-Za-z]*Sanitizer|runtime error:' "$WORK/err")"
		return
	fi
	case $rc in
		0|1|3) how=accepted what="accepted (exit $rc)" ;;
		124) how=time-out what="time-out (${TLIM} s)" ;;
		2) how=elsewhere what="rejected, but not on that line: ${err:-$(head -1 "$WORK/err")}" ;;
		*) how=crash what="crash (exit $rc)" ;;
	esac
}

note_fail() {  # seed kind prog text
	fail=$((fail + 1))
	echo "FAIL seed $1 $2: $4$what"
	kfail[$2]=$((${kfail[$2]:-0} + 1))
	[ -n "${kfirst[$2]:-}" ] || kfirst[$2]=$1
	khow[$2]="${khow[$2]:-} $how"
	if [ -n "$FAILDIR" ]; then cp "$3" "$FAILDIR/seed$1.$2.dpml"; fi
}

for seed in $(seeds "$@"); do
	prog=$WORK/seed$seed.dpml
	"$GEN" "$seed" --features="$feat" > "$prog" || { echo "typecheck: dspin_gen $seed failed" >&2; exit 2; }
	run "$prog"
	kcheck[well-typed]=$((${kcheck[well-typed]:-0} + 1))
	if ! sanitized && { [ $rc = 0 ] || [ $rc = 1 ] || [ $rc = 3 ]; }; then
		pass=$((pass + 1)); [ $VERBOSE = 1 ] && echo "ok   seed $seed well-typed (exit $rc)"
	else
		verdict
		[ "$how" = elsewhere ] && how=rejected what="rejected: ${err:-$(head -1 "$WORK/err")}"
		note_fail "$seed" well-typed "$prog" ""
	fi
	if [ $ONE = 1 ]; then
		"$GEN" "$seed" --ill-typed --features="$feat" > "$WORK/ill" 2>/dev/null || continue
		kinds=$(sed -n 's/.*\/\* ill-typed: \([a-z-]*\) \*\/.*/\1/p' "$WORK/ill")
	else kinds=$ALLKINDS; fi
	for kind in $kinds; do
		ill=$WORK/seed$seed.$kind.dpml
		"$GEN" "$seed" --ill-kind="$kind" --features="$feat" > "$ill" 2>/dev/null || { rm -f "$ill"; continue; }
		kcheck[$kind]=$((${kcheck[$kind]:-0} + 1))
		at=$(grep -n '/\* ill-typed: ' "$ill" | cut -d: -f1)
		run "$ill"
		if [ $rc = 2 ] && ! sanitized && grep -q "^$ill:$at:[0-9]*: error: " "$WORK/err"; then
			pass=$((pass + 1))
			[ $VERBOSE = 1 ] && echo "ok   seed $seed $kind: ${err#"$ill":}"
		else
			# accepted: does the search crash on it?
			case $rc in 0|1|3) [ $PROBE = 1 ] && run "$ill" full ;; esac
			verdict
			note_fail "$seed" "$kind" "$ill" "line $at $(sed -n "${at}p" "$ill" | sed 's/^ *//; s/ *\/\*.*//'): "
		fi
		rm -f "$ill"
	done
done

if [ $fail -gt 0 ]; then
	echo
	echo "kind                 failed/checked  first seed  how"
	for k in well-typed $ALLKINDS; do
		[ -n "${kfail[$k]:-}" ] || continue
		how=$(echo ${khow[$k]} | tr ' ' '\n' | sort | uniq -c | awk '{printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2}')
		printf '%-20s %6s/%-8s %10s  %s\n' "$k" "${kfail[$k]}" "${kcheck[$k]}" "${kfirst[$k]}" "$how"
	done
fi
missing=
for k in $ALLKINDS; do [ -n "${kcheck[$k]:-}" ] || missing="$missing $k"; done
if [ -n "$missing" ]; then
	if [ $ONE = 1 ]; then echo "kinds not drawn for these seeds:$missing"
	else echo "kinds these seeds had no place for:$missing"; fi
fi
echo "$pass passed, $fail failed"
[ $fail = 0 ]
