#!/bin/bash
# lossy_tests.sh DSPIN — hash compaction (-hc) and bitstate (-bitstate):
# on the SPIN corpus and the dynamic corpus, -bitstate -w 28 finds an error
# wherever the exhaustive search does (and none where it finds none), and
# -hc stores exactly the exhaustive search's states (no 64-bit fingerprint
# collides on models this small: about n^2/2^65 expected).  Both with the
# default reductions, and -hc also with -sym=none -por=none.
DSPIN=$(readlink -f "$1")
ROOT=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
pass=0; fail=0
stored() { sed -n 's/^ *\([0-9][0-9]*\) states, stored.*/\1/p' "$1" | head -1; }
check() {   # name model flags...
	local name=$1 model=$2; shift 2
	cp "$model" "$TMP/m.pml"; cp "$(dirname "$model")"/*.h "$TMP/" 2>/dev/null
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
while read -r f flags; do
	case "$f" in ''|'#'*|cambridge.pml) continue;; esac
	check "spin/$f" "$ROOT/models/spin/$f" $flags
done < "$ROOT/models/spin/LIST"
for f in "$ROOT"/models/dyn/*.dpml; do
	flags=$(sed -n 's|^// FLAGS: ||p' "$f" | head -1)
	check "dyn/$(basename "$f")" "$f" $flags
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
