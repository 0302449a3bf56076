#!/usr/bin/env bash
# unreached_tests.sh DSPIN — the unreached-code report (report/unreached.c,
# docs/output.md "Unreached code").
#
# 1. Against SPIN: for each model below, the source lines pan lists as
#    unreached (spin -o3 -a, so that statement merging leaves every
#    statement its own state; gcc -DNOREDUCE -DSAFETY; ./pan -e) are the
#    lines dspin lists (-sym=none -por=none -e).  The models are the SPIN
#    corpus's without a claim, trace or goto-made states: pan gives a
#    `goto` and some unless and end-label positions states of their own
#    where dspin has no location (docs/output.md), so those lists differ by
#    construction.
# 2. By hand: a model whose one unreachable statement is known.
# 3. The options: -n and -q print no report, a search stopped at an error
#    prints none (as pan), -e does; -json has the array, or null when
#    stopped; -cores=2 and the default reductions list the same lines.
# Checked to fail on a mutant: vm/next_vm.c not marking a rendezvous's
# receive fails 4 of the 36 (book_p101, calculator, corner_rv_multi, ex_2).
set -u
DSPIN=${1:?usage: unreached_tests.sh DSPIN}
HERE=$(cd "$(dirname "$0")" && pwd -P)
CORPUS=$HERE/models/spin
TMP=$(mktemp -d "${TMPDIR:-/tmp}/dspin-unreached.XXXXXX")
. "$HERE/pan_lib.sh"  # pan_compile: pan from the cache (docs/testing.md, "The pan cache")
trap 'rm -rf "$TMP"' EXIT
npass=0 nfail=0
ok() { echo "ok $1"; npass=$((npass + 1)); }
fail() { local n=$1; shift; echo "FAIL $n $*"; nfail=$((nfail + 1)); }

# the lines of the statements listed under "unreached in ..." (claims and
# trace blocks are not in dspin's report; the models have none)
pan_lines() { sed -n '/^unreached in/,/^pan: elapsed/p' | sed -n 's/^\t[^ (][^:]*:\([0-9]*\), state .*/\1/p' | sort -un; }
dspin_lines() { sed -n '/^unreached in/,/^elapsed time/p' | sed -n 's/^\t[^ (][^:]*:\([0-9]*\), state .*/\1/p' | sort -un; }

MODELS="abp atomic_else_inner_if atomic_labels atomic_unless_more book_p101 book_p104_1 book_p104_2
book_p107 book_p312 book_p319 calculator cambridge corner_provided corner_rv_multi corner_timeout
dstep_labels ex_2 hajek leader_hp loops pathfinder peterson snoopy"
command -v spin >/dev/null || { echo "FAIL spin not found"; exit 1; }
for m in $MODELS; do
	d=$TMP/$m
	mkdir -p "$d"
	cp "$CORPUS/$m.pml" "$d/"
	cp "$CORPUS"/*.h "$d/" 2>/dev/null
	if ! (cd "$d" && spin -o3 -a "$m.pml" >/dev/null 2>&1 && pan_compile pan -O2 -w -DNOREDUCE -DSAFETY); then
		fail "pan_$m" "spin or gcc failed"
		continue
	fi
	want=$(cd "$d" && ./pan -e -m1000000 2>&1 | pan_lines | tr '\n' ' ')
	got=$(cd "$d" && "$DSPIN" -sym=none -por=none -e -m1000000 "$m.pml" 2>&1 | dspin_lines | tr '\n' ' ')
	if [ -n "$want" ] && [ "$want" = "$got" ]; then ok "pan_$m"
	else fail "pan_$m" "pan [$want] dspin [$got]"; fi
done

# By hand: x counts 0..3 and never reaches 7, so `x = 0` (line 3) is the
# one statement no process executes; A finishes, so its end is reached.
cat > "$TMP/hand.pml" <<'EOM'
byte x;
active proctype A() {
	do :: x < 3 -> x++ :: x == 7 -> x = 0
	:: else -> break
	od;
	assert(x == 3)
}
EOM
out=$("$DSPIN" "$TMP/hand.pml" 2>&1)
lines=$(grep -c '^	.*, state [0-9]*, "' <<<"$out")
if grep -q '^unreached in proctype A$' <<<"$out" && grep -q '^	.*hand.pml:3, state [0-9]*, "x = 0"$' <<<"$out" && [ "$lines" = 1 ] \
   && grep -q '^	(1 of [0-9]* states)$' <<<"$out"; then ok hand_count
else fail hand_count "$out"; fi

# An error stops the search: no report (as pan); -e searches on and reports.
sed 's/assert(x == 3)/assert(x == 2)/' "$TMP/hand.pml" > "$TMP/err.pml"
out=$("$DSPIN" "$TMP/err.pml" 2>&1)
if ! grep -q 'unreached in' <<<"$out"; then ok stopped_no_report; else fail stopped_no_report "$out"; fi
out=$("$DSPIN" -e "$TMP/err.pml" 2>&1)
if grep -q '^	.*err.pml:3, state [0-9]*, "x = 0"$' <<<"$out"; then ok keep_going_reports; else fail keep_going_reports "$out"; fi
for opt in -n -q; do
	out=$("$DSPIN" $opt "$TMP/hand.pml" 2>&1)
	if ! grep -q 'unreached in' <<<"$out"; then ok "no_report$opt"; else fail "no_report$opt" "$out"; fi
done
out=$("$DSPIN" -json "$TMP/hand.pml" 2>&1)
if grep -q '"unreached":\[{"proctype":"A","file":"[^"]*hand.pml","line":3,"state":[0-9]*,"statement":"x = 0"}\]' <<<"$out"; then ok json_array
else fail json_array "$out"; fi
out=$("$DSPIN" -json "$TMP/err.pml" 2>&1)
if grep -q '"unreached":null' <<<"$out"; then ok json_null_when_stopped; else fail json_null_when_stopped "$out"; fi

# The marks are shared by -cores workers and made below the reductions.
for m in snoopy cambridge; do
	base=$("$DSPIN" -sym=none -por=none -e "$TMP/$m/$m.pml" 2>&1 | dspin_lines | tr '\n' ' ')
	for cfg in "-cores=2 -sym=none -por=none" "" "-sym=heap,proc -por=twophase"; do
		got=$("$DSPIN" $cfg -e "$TMP/$m/$m.pml" 2>&1 | dspin_lines | tr '\n' ' ')
		name="same_lines_${m}_$(tr ' =,' '___' <<<"${cfg:-default}")"
		if [ -n "$base" ] && [ "$got" = "$base" ]; then ok "$name"; else fail "$name" "[$got] against [$base]"; fi
	done
done

echo "$npass passed, $nfail failed"
[ "$nfail" = 0 ]
