#!/bin/bash
# deadvars_tests.sh DSPIN — dead variable elimination (-deadvars,
# reduce/deadvars.c) keeps every verdict and never stores more.
#
# 1. tests/models/dead: one model for each place a local can be read that
#    the liveness analysis must see (an unless escape's guard, a d_step that
#    writes on one branch only, a remote reference, an element of an array,
#    a loop, eval() / run arguments / printf / provided, a rendezvous; and
#    call_frames.dpml, calls, which pan cannot run: part 2 checks it).
#    Each .pml one's verdict under -deadvars must be pan's (spin -o1 -o2 -o3,
#    -DNOREDUCE -DSAFETY: SPIN without its own dead variable elimination),
#    in three configurations.
# 2. The SPIN, symmetry, dynamic and dead corpora: with and without
#    -deadvars (-e, unreduced, and -sym=heap,proc -por=si but on the SPIN
#    corpus), the same exit
#    status and error kinds, and never more states stored than the
#    unreduced search without it (partial-order reduction is not monotone:
#    on ex_3a, -por=si with -deadvars stores 28 states, without it 26, both
#    below the unreduced 34); the first error's trail under -deadvars
#    replays to that error.  A model that takes more than 10 s either way
#    is left out (private_chains.dpml unreduced: 8.9 million states).
. "$(dirname "$0")/corpus_lib.sh"
. "$ROOT/pan_lib.sh"  # pan_compile: pan from the cache (docs/testing.md, "The pan cache")
kinds() { sed -n 's/.*"error_kinds":\[\(.*\)\].*"trail".*/\1/p' "$1"; }
num() { sed -n "s/.*\"$2\":\\([0-9]*\\).*/\\1/p" "$1"; }

# ---- 1. against pan
for f in "$ROOT"/models/dead/*.pml; do
	n=$(basename "$f")
	stage "$f"
	( cd "$TMP" && rm -f pan* && spin -o1 -o2 -o3 -a m.pml >/dev/null 2>&1 &&
	  pan_compile pan -O2 -DNOREDUCE -DSAFETY -w && ./pan -m100000 > pan.out 2>&1 ) ||
		{ echo "FAIL $n: pan could not be built"; fail=$((fail + 1)); continue; }
	want=$(sed -n 's/.*errors: \([0-9]*\).*/\1/p' "$TMP/pan.out" | head -1)
	[ "${want:-0}" -gt 0 ] && want=1 || want=0
	for cfg in "-sym=none -por=none" "-sym=heap -por=si" "-sym=heap,proc -por=static"; do
		( cd "$TMP" && timeout 30 "$DSPIN" $cfg -deadvars -json m.pml > d.json 2>/dev/null ); rc=$?
		if [ "$rc" = "$want" ]; then pass=$((pass + 1)); echo "ok $n [$cfg -deadvars] exit $rc (pan: $want)"
		else fail=$((fail + 1)); echo "FAIL $n [$cfg -deadvars]: exit $rc, pan's verdict $want"; fi
	done
done

# ---- 2. with and without, on the corpora
same() {   # label model flags...
	local label=$1 model=$2; shift 2
	stage "$model"
	local msg= cfg base= cfgs=("-sym=none -por=none" "-sym=heap,proc -por=si")
	# SPIN's flat models: unreduced only (the symmetry, dynamic and dead
	# corpora take both; this keeps the test near a minute)
	case $label in spin/*) cfgs=("-sym=none -por=none") ;; esac
	for cfg in "${cfgs[@]}"; do
		( cd "$TMP" && timeout 10 "$DSPIN" $cfg -e -json "$@" m.pml > a.json 2>/dev/null ); local ra=$?
		case $ra in 0|1) ;; *) return ;; esac
		[ -n "$base" ] || base=$(num "$TMP/a.json" states_stored)
		( cd "$TMP" && timeout 10 "$DSPIN" $cfg -e -deadvars -json "$@" m.pml > b.json 2>/dev/null ); local rb=$?
		[ "$rb" = 124 ] && return
		[ "$rb" = "$ra" ] || { msg="$msg [$cfg] exit $rb, without $ra;"; continue; }
		[ "$(kinds "$TMP/b.json")" = "$(kinds "$TMP/a.json")" ] || msg="$msg [$cfg] error kinds $(kinds "$TMP/b.json"), without $(kinds "$TMP/a.json");"
		local sb; sb=$(num "$TMP/b.json" states_stored)
		[ "$sb" -le "$base" ] || msg="$msg [$cfg] $sb states stored, unreduced without -deadvars $base;"
		if [ "$ra" = 1 ] && [ "$cfg" = "${cfgs[-1]}" ]; then
			rm -f "$TMP/m.pml.trail"
			( cd "$TMP" && timeout 30 "$DSPIN" $cfg -deadvars "$@" m.pml > t.out 2>&1 )
			local err; err=$(sed -n 's/^# error: //p' "$TMP/m.pml.trail" 2>/dev/null | head -1)
			( cd "$TMP" && timeout 30 "$DSPIN" -t "$@" m.pml > r.out 2>&1 ); local rrc=$?
			if [ "$rrc" != 1 ]; then msg="$msg the replay exits $rrc, not 1 (error reproduced);"
			elif [ "$err" = "invalid end state" ]; then grep -q 'replay reached the invalid end state' "$TMP/r.out" || msg="$msg trail does not replay;"
			else grep -qxF "dspin: $err" "$TMP/r.out" || msg="$msg trail to \"$err\" does not replay;"; fi
		fi
	done
	if [ -z "$msg" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $label:$msg"; fi
}
each_model same '' sym dyn dead
echo "deadvars_tests: $pass passed, $fail failed"
[ "$fail" = 0 ]
