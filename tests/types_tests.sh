#!/usr/bin/env bash
# types_tests.sh DSPIN
#
# Reference types (issue 36, docs/language.md "Reference types"): each
# tests/models/types/bad_*.dpml carries one flow the type checker must
# refuse, and says where and with which message in its header
# (`expect-error: LINE:COL: MESSAGE`); dspin must exit 2 and print
# exactly `FILE:LINE:COL: error: MESSAGE` as its first line (before the
# checker, several of them crashed dspin or forged a reference).  Each
# ok_*.dpml is well typed with a verdict derived by hand in its header
# (`expect: errors N`), checked unreduced and in the default mode.
#
# Prints "ok NAME" or "FAIL NAME ..." per check, then "N passed, M failed".
set -u
[ $# -eq 1 ] || { echo "usage: $0 DSPIN" >&2; exit 2; }
DSPIN=$1
[[ "$DSPIN" == */* ]] && DSPIN=$(cd "$(dirname "$DSPIN")" && pwd -P)/$(basename "$DSPIN")
HERE=$(cd "$(dirname "$0")" && pwd -P)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/dspin_types.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
cp "$HERE"/models/types/*.dpml "$TMP/"
cd "$TMP"
npass=0 nfail=0
ok()   { echo "ok $1"; npass=$((npass + 1)); }
fail() { local n=$1; shift; echo "FAIL $n $*"; nfail=$((nfail + 1)); }

for f in bad_*.dpml; do
	want=$(grep -o 'expect-error: .* \*/' "$f" | sed 's/^expect-error: //; s/ \*\/$//')
	[ -n "$want" ] || { fail "$f" "no expect-error line"; continue; }
	loc=${want%%: *}
	msg=${want#*: }
	rc=$( { timeout 20 "$DSPIN" "$f" >/dev/null 2>"$f.err"; echo $?; } 2>/dev/null )
	first=$(head -n 1 "$f.err")
	if [ "$rc" != 2 ]; then fail "$f" "exit $rc, expected 2: $(head -c 300 "$f.err")"
	elif [ "$first" != "$f:$loc: error: $msg" ]; then fail "$f" "first line: $first; expected: $f:$loc: error: $msg"
	else ok "$f"; fi
done

# run_*.dpml: flows no static type follows (a `chan` parameter, an id in
# an int) are run-time errors with a trail, checked in the VM
for f in run_*.dpml; do
	want=$(grep -o 'expect-run-error: .* \*/' "$f" | sed 's/^expect-run-error: //; s/ \*\/$//')
	[ -n "$want" ] || { fail "$f" "no expect-run-error line"; continue; }
	for mode in "-sym=none -por=none" ""; do
		# shellcheck disable=SC2086
		rc=$( { timeout 60 "$DSPIN" $mode "$f" >"$f.out" 2>"$f.err"; echo $?; } 2>/dev/null )
		if [ "$rc" = 1 ] && grep -q 'errors: 1' "$f.out" && grep -qF "dspin: $want at $f:" "$f.out"; then ok "$f ${mode:-default}"
		else fail "$f ${mode:-default}" "exit $rc, expected 1 and '$want': $(head -c 300 "$f.out")"; fi
	done
done

for f in ok_*.dpml; do
	want=$(grep -o 'expect: errors [0-9]*' "$f" | awk '{print $3}')
	[ -n "$want" ] || { fail "$f" "no expect line"; continue; }
	wrc=0; [ "$want" -gt 0 ] && wrc=1
	for mode in "-sym=none -por=none" ""; do
		# shellcheck disable=SC2086
		rc=$( { timeout 60 "$DSPIN" $mode "$f" >"$f.out" 2>"$f.err"; echo $?; } 2>/dev/null )
		got=$(grep -o 'errors: [0-9]*' "$f.out" | awk '{print $2}')
		if [ "$rc" = "$wrc" ] && [ "$got" = "$want" ]; then ok "$f ${mode:-default}"
		else fail "$f ${mode:-default}" "exit $rc errors '${got}', expected exit $wrc errors $want: $(head -c 300 "$f.err")"; fi
	done
done

echo "$npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
