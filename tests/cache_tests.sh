#!/bin/bash
# cache_tests.sh DSPIN — -cache=backedge under -a and -l (search/seq/ndfs.c:
# store a successor only when it is not greater than its predecessor;
# Behrmann, Larsen and Pelanek, Statement 3.0.1).  On the liveness corpus
# and some of SPIN's examples, with and without weak fairness:
#  * the verdict equals pan's (compiled -DNOREDUCE, -DNP for -l), unreduced
#    and under the default reductions and process symmetry;
#  * unreduced and without an error, it stores no more states than the
#    search that stores every state (a subset of the same reachable states);
#  * an error's trail replays (to its end, a cycle to where it started).
DSPIN=$(readlink -f "$1")
ROOT=$(cd "$(dirname "$0")" && pwd)
EX=/usr/share/doc/spin/examples/Examples
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
. "$ROOT/pan_lib.sh"  # pan_compile: pan from the cache (docs/testing.md, "The pan cache")
pass=0; fail=0
# field NAME OUTPUT: a number from dspin's summary
errs() { sed -n 's/.*errors: \([0-9]*\).*/\1/p' <<< "$1"; }
stored() { sed -n 's/^ *\([0-9]*\) states, stored.*/\1/p' <<< "$1"; }
verdict() { [ -z "$1" ] && echo crash || { [ "$1" -gt 0 ] && echo error || echo ok; }; }
check() {  # model flag [-f]
	local f=$1 fl=$2 fair=$3 name; name="$(basename "$f") $fl $fair"
	if [ "$fl" = -l ] && grep -q '^ *never' "$f"; then return; fi
	rm -rf "$TMP/w"; mkdir "$TMP/w"; cp "$f" "$TMP/w/m.pml"
	( cd "$TMP/w" && spin -a m.pml >/dev/null 2>&1 && pan_compile pan -w -DNOREDUCE -DNFAIR=4 $([ "$fl" = -l ] && echo -DNP) ) || { echo "skip $name (spin)"; return; }
	local sv; sv=$(verdict "$(cd "$TMP/w" && timeout 60 ./pan "$fl" $fair -m1000000 2>&1 | sed -n 's/.*errors: \([0-9]*\).*/\1/p')")
	local full back
	full=$(cd "$TMP/w" && timeout 60 "$DSPIN" -sym=none -por=none "$fl" $fair m.pml 2>&1)
	back=$(cd "$TMP/w" && timeout 120 "$DSPIN" -sym=none -por=none -cache=backedge "$fl" $fair m.pml 2>&1)
	local bv; bv=$(verdict "$(errs "$back")")
	if [ "$bv" != "$sv" ]; then echo "FAIL $name: pan $sv, -cache=backedge $bv"; fail=$((fail + 1)); return; fi
	if [ "$bv" = ok ] && [ "$(stored "$back")" -gt "$(stored "$full")" ]; then
		echo "FAIL $name: -cache=backedge stores $(stored "$back") states, storing all stores $(stored "$full")"; fail=$((fail + 1)); return
	fi
	if [ "$bv" = error ]; then
		local out rrc; out=$(cd "$TMP/w" && "$DSPIN" "$fl" -t m.pml 2>&1); rrc=$?
		if [ "$rrc" != 1 ] || ! grep -q '^dspin: error reproduced at step' <<< "$out" || { grep -q 'START OF CYCLE' <<< "$out" && ! grep -q 'the cycle returns to the state where it started' <<< "$out"; }; then
			echo "FAIL $name: the -cache=backedge trail does not replay"; fail=$((fail + 1)); return
		fi
	fi
	local sy
	for sy in "heap si" "proc none" "heap,proc static"; do
		local v; v=$(verdict "$(errs "$(cd "$TMP/w" && timeout 120 "$DSPIN" -q -sym=${sy% *} -por=${sy#* } -cache=backedge "$fl" $fair m.pml 2>&1)")")
		if [ "$v" != "$sv" ]; then echo "FAIL $name -sym=${sy% *} -por=${sy#* }: pan $sv, -cache=backedge $v"; fail=$((fail + 1)); return; fi
	done
	echo "ok $name $sv (stored $(stored "$full") -> $(stored "$back"))"; pass=$((pass + 1))
}
for f in "$ROOT"/models/live/*.pml; do check "$f" -a; check "$f" -l; check "$f" -a -f; done
for f in peterson.pml pathfinder.pml loops.pml leader0.pml Book_1991/p99.pml Exercises/ex_4.pml; do
	[ -e "$EX/$f" ] || continue
	check "$EX/$f" -a; check "$EX/$f" -a -f
done
# -cache=none cannot end a nested search: refused, exit 2
if "$DSPIN" -a -cache=none "$ROOT/models/live/claim_holds.pml" >/dev/null 2>&1 || [ $? != 2 ]; then
	echo "FAIL -a -cache=none is not refused with exit 2"; fail=$((fail + 1))
else pass=$((pass + 1)); fi
echo "cache_tests: $pass passed, $fail failed"
[ "$fail" = 0 ]
