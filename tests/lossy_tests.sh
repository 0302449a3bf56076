#!/bin/bash
# lossy_tests.sh DSPIN — hash compaction (-hc) and bitstate (-bitstate):
# on the SPIN corpus and the dynamic corpus, -bitstate -w 28 finds an error
# wherever the exhaustive search does (and none where it finds none), and
# -hc stores exactly the exhaustive search's states (no 64-bit fingerprint
# collides on models this small: about n^2/2^65 expected).  Both with the
# default reductions, and -hc also with -sym=none -por=none.
. "$(dirname "$0")/corpus_lib.sh"
check() {   # name model flags...
	local name=$1 model=$2; shift 2
	stage "$model"
	local msg= red
	for red in "" "-sym=none -por=none"; do
		( cd "$TMP" && timeout 60 "$DSPIN" -q $red "$@" m.pml > exact.out 2>&1 ); local r0=$?
		[ "$r0" -le 1 ] || { echo "skip $name $red (exit $r0)"; return; }
		( cd "$TMP" && timeout 60 "$DSPIN" -q $red -hc "$@" m.pml > hc.out 2>&1 ); local rh=$?
		( cd "$TMP" && timeout 60 "$DSPIN" -q $red -bitstate -w 28 "$@" m.pml > bs.out 2>&1 ); local rb=$?
		[ "$rb" = "$r0" ] || msg="$msg [$red] bitstate exit $rb, exhaustive $r0;"
		[ "$rh" = "$r0" ] || msg="$msg [$red] hc exit $rh, exhaustive $r0;"
		[ "$r0" = 1 ] || [ "$(stored "$TMP/hc.out")" = "$(stored "$TMP/exact.out")" ] ||
			msg="$msg [$red] hc stored $(stored "$TMP/hc.out"), exhaustive $(stored "$TMP/exact.out");"
	done
	if [ -z "$msg" ]; then echo "ok $name"; pass=$((pass + 1)); else echo "FAIL $name$msg"; fail=$((fail + 1)); fi
}
each_model check cambridge.pml dyn
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
