#!/bin/bash
# dist_por_tests.sh DSPIN — partial-order reduction under OWCTY
# (mpirun -np K dspin -dist -a/-l; search/dist/dist_owcty.c, "Partial-order
# reduction"), differentially: for each model the reduced distributed
# search must give the verdict of the unreduced nested search on one
# process (dspin -sym=none -por=none, and pan where the model's header
# says so) and of the unreduced distributed search, and store no more
# nodes than the unreduced distributed search (both with -e: the whole
# product); without -e on 3 ranks the same exit, and a trail that replays
# with dspin -t (a cycle returning to where it started).  Then what is
# refused (weak fairness, -cache=backedge, process symmetry: a warning,
# and the unreduced count).
# The ignoring models (tests/models/dist/por_alternate.pml, por_ring8.pml,
# tests/models/live/por_selfloop.pml, por_twocycle.pml) fail here on the
# mutants recorded in docs/distributed.md: no proviso, later passes that
# decide again without the proviso, and another rank's answer taken as
# "no" without asking.
. "$(dirname "$0")/corpus_lib.sh"
. "$ROOT/pan_lib.sh"  # pan_compile: pan from the cache (docs/testing.md, "The pan cache")
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
MPIRUN=(mpirun --oversubscribe --bind-to none --mca mpi_yield_when_idle 1 --mca btl self,vader --mca pml ob1 --mca odls_base_sigkill_timeout 0)
EX=/usr/share/doc/spin/examples/Examples/LTL
pass=0 fail=0
# por MODEL PAN FLAGS...: PAN is the verdict pan must give (- : not run)
por() {
	local f=$1 want_pan=$2; shift 2
	[ -e "$f" ] || { echo "skip $f (not installed)"; return; }
	local name="$(basename "$f") $*" m=
	stage "$f"
	( cd "$TMP" && timeout 30 "$DSPIN" -sym=none -por=none "$@" m.pml > un.out 2>&1 ); local r0=$?
	( cd "$TMP" && timeout 30 "$DSPIN" "$@" m.pml > seq.out 2>&1 ); local rs=$?
	[ "$rs" = "$r0" ] || m="$m nested search with the reductions: exit $rs, unreduced $r0;"
	if [ "$want_pan" != - ]; then
		( cd "$TMP" && spin -a m.pml > /dev/null 2>&1 && PAN_CC=cc pan_compile pan -O2 -DNOREDUCE -w && ./pan -a > pan.out 2>&1 )
		local rp=0; grep -q 'errors: [1-9]' "$TMP/pan.out" && rp=1
		[ "$rp" = "$want_pan" ] || m="$m pan: $rp, expected $want_pan;"
		[ "$r0" = "$want_pan" ] || m="$m unreduced nested search: exit $r0, pan $want_pan;"
	fi
	( cd "$TMP" && timeout 60 "${MPIRUN[@]}" -np 2 "$DSPIN" -dist -e -por=none "$@" m.pml < /dev/null > du.out 2>&1 ); local ru=$?
	( cd "$TMP" && timeout 60 "${MPIRUN[@]}" -np 2 "$DSPIN" -dist -e "$@" m.pml < /dev/null > dr.out 2>&1 ); local rr=$?
	[ "$ru" = "$r0" ] || m="$m -dist -e -por=none np 2: exit $ru, unreduced $r0;"
	[ "$rr" = "$r0" ] || m="$m -dist -e np 2 (reduced): exit $rr, unreduced $r0;"
	# (any warning but -e's, which says -dist writes the first trail only)
	grep -q 'partial-order reduction:' "$TMP/dr.out" && ! grep -v "writes the first error's trail only" "$TMP/dr.out" | grep -q warning || m="$m the reduction did not run;"
	local nu nr; nu=$(stored "$TMP/du.out"); nr=$(stored "$TMP/dr.out")
	[ -n "$nr" ] && [ -n "$nu" ] && [ "$nr" -le "$nu" ] || m="$m reduced stored '$nr', unreduced '$nu';"
	( cd "$TMP" && rm -f m.pml.trail && timeout 60 "${MPIRUN[@]}" -np 3 "$DSPIN" -dist "$@" m.pml < /dev/null > d3.out 2>&1 ); local r3=$?
	[ "$r3" = "$r0" ] || m="$m -dist np 3 (reduced): exit $r3, unreduced $r0;"
	if [ "$r3" = 1 ]; then
		( cd "$TMP" && timeout 20 "$DSPIN" "$@" -t m.pml > replay.out 2>&1 ); local rrc=$?
		if [ "$rrc" != 1 ] || ! grep -q '^dspin: error reproduced at step' "$TMP/replay.out" || grep -q 'cannot be replayed\|does NOT return\|did NOT' "$TMP/replay.out"; then
			m="$m the trail does not replay;"
		elif grep -m1 '^dspin: .* (at depth' "$TMP/d3.out" | grep -q cycle && ! grep -q 'the cycle returns to the state where it started' "$TMP/replay.out"; then
			m="$m the trail has no cycle;"
		fi
	fi
	if [ -z "$m" ]; then echo "ok $name (exit $r0; stored $nr of $nu)"; pass=$((pass + 1)); else echo "FAIL $name:$m"; fail=$((fail + 1)); fi
}
D=$ROOT/models/dist L=$ROOT/models/live S=$ROOT/models/spin
por "$D/por_alternate.pml" 1 -a
por "$D/por_ring8.pml" 1 -a
por "$L/por_selfloop.pml" - -a
por "$L/por_twocycle.pml" - -a
por "$L/por_remote_at.pml" - -a
por "$L/por_remote_var.pml" - -a
por "$L/ltl_basic.pml" - -a
por "$L/sym3_lock_ltl.pml" - -a
por "$L/por_timeout_atomic.pml" 1 -a
por "$L/por_timeout_atomic_np.pml" - -l
por "$L/progress_starve.pml" - -l
por "$L/progress_ok.pml" - -l
por "$S/hajek.pml" - -l
por "$S/leader0.pml" - -l
por "$EX/zune.pml" - -a
por "$EX/train.pml" - -a -N c2
por "$EX/train.pml" - -a -N c5
# refused: a warning, and the search runs unreduced (the count of
# -por=none with the same flags)
refused() {   # MODEL PATTERN FLAGS...
	local f=$1 pat=$2; shift 2
	stage "$f"
	( cd "$TMP" && timeout 30 "$DSPIN" -e "$@" m.pml > ref.out 2>&1; echo $? > ref.rc
	  timeout 60 "${MPIRUN[@]}" -np 2 "$DSPIN" -dist -e -por=none "$@" m.pml < /dev/null > du.out 2>&1
	  timeout 60 "${MPIRUN[@]}" -np 2 "$DSPIN" -dist -e -por=si "$@" m.pml < /dev/null > dr.out 2>&1; echo $? > dr.rc )
	if grep -q "partial-order reduction is not available with -dist -a/-l (OWCTY): $pat" "$TMP/dr.out" &&
	   [ "$(stored "$TMP/du.out")" = "$(stored "$TMP/dr.out")" ] && [ "$(cat "$TMP/dr.rc")" = "$(cat "$TMP/ref.rc")" ]; then
		echo "ok refused: $* ($pat)"; pass=$((pass + 1))
	else echo "FAIL refused: $*: exit $(cat "$TMP/dr.rc"), stored $(stored "$TMP/dr.out") of $(stored "$TMP/du.out")"; fail=$((fail + 1)); fi
}
refused "$D/por_alternate.pml" 'weak fairness' -a -f
refused "$S/hajek.pml" '-cache=backedge' -l -cache=backedge
refused "$L/sym3_lock_ltl.pml" 'under process symmetry' -a -sym=heap,proc
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
